/// Random version 4 UUIDs in lower-case text form, without Foundation (the library stays a
/// leaf that does not load Foundation's ICU data).
enum RandomUUID {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func next() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 16)
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

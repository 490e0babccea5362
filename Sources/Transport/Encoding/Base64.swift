/// Standard base64 (RFC 4648 §4, with padding), for the WebSocket handshake keys.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The padded base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(remaining > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            output.append(remaining > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of padded base64 `text`, or `nil` when it is not canonical base64.
    public static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count / 4 * 3)
        var index = 0
        while index < characters.count {
            let isLast = index + 4 == characters.count
            var group: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let character = characters[index + offset]
                if character == UInt8(ascii: "=") {
                    // Padding only in the last group, only in its last two places, and
                    // never followed by a data character.
                    guard isLast, offset >= 2 else { return nil }
                    padding += 1
                    group <<= 6
                    continue
                }
                guard padding == 0, let value = sextet(character) else { return nil }
                group = group << 6 | value
            }
            output.append(UInt8(group >> 16 & 0xFF))
            if padding < 2 { output.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { output.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return output
    }

    private static func sextet(_ character: UInt8) -> UInt32? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(character - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(character - UInt8(ascii: "a") + 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(character - UInt8(ascii: "0") + 52)
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}

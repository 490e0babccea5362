/// One WebSocket frame, with its payload already unmasked.
public struct WebSocketFrame: Sendable, Equatable {
    public var fin: Bool
    public var rsv1: Bool
    public var rsv2: Bool
    public var rsv3: Bool
    public var opcode: WebSocketOpcode
    /// The masking key the frame carried on the wire (clients always mask).
    public var maskKey: [UInt8]?
    public var payload: [UInt8]

    public init(
        fin: Bool = true,
        rsv1: Bool = false,
        rsv2: Bool = false,
        rsv3: Bool = false,
        opcode: WebSocketOpcode,
        maskKey: [UInt8]? = nil,
        payload: [UInt8] = []
    ) {
        self.fin = fin
        self.rsv1 = rsv1
        self.rsv2 = rsv2
        self.rsv3 = rsv3
        self.opcode = opcode
        self.maskKey = maskKey
        self.payload = payload
    }

    /// The wire bytes: header, optional masking key, (masked) payload.
    public func encoded() -> [UInt8] {
        var first = opcode.rawValue
        if fin { first |= 0x80 }
        if rsv1 { first |= 0x40 }
        if rsv2 { first |= 0x20 }
        if rsv3 { first |= 0x10 }
        let key = maskKey.flatMap { $0.count == 4 ? ($0[0], $0[1], $0[2], $0[3]) : nil }
        return Self.encode(firstByte: first, payload: payload, maskKey: key)
    }

    /// Encodes one frame straight from `payload` (a string's UTF-8 view, an array) into a
    /// single array: one allocation, one copy of the payload, masked in place.
    static func encode<Payload: Collection>(
        firstByte: UInt8, payload: Payload, maskKey: (UInt8, UInt8, UInt8, UInt8)?
    ) -> [UInt8]
    where Payload.Element == UInt8 {
        let count = payload.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 14)
        bytes.append(firstByte)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        switch count {
        case 0..<126:
            bytes.append(maskBit | UInt8(count))
        case 126...0xFFFF:
            bytes.append(maskBit | 126)
            bytes.append(UInt8(count >> 8))
            bytes.append(UInt8(count & 0xFF))
        default:
            bytes.append(maskBit | 127)
            let length = UInt64(count)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
            }
        }
        if let maskKey {
            bytes.append(maskKey.0)
            bytes.append(maskKey.1)
            bytes.append(maskKey.2)
            bytes.append(maskKey.3)
            let start = bytes.count
            bytes.append(contentsOf: payload)
            applyMask(maskKey, to: &bytes, from: start)
        } else {
            bytes.append(contentsOf: payload)
        }
        return bytes
    }

    /// XORs `bytes[start...]` with the 4-byte `key` (masking and unmasking are the same).
    static func applyMask(_ key: [UInt8], to bytes: inout [UInt8], from start: Int) {
        guard key.count == 4 else { return }
        applyMask((key[0], key[1], key[2], key[3]), to: &bytes, from: start)
    }

    /// XORs `bytes[start...]` with `keyBytes`, eight bytes at a time.
    static func applyMask(_ keyBytes: (UInt8, UInt8, UInt8, UInt8), to bytes: inout [UInt8], from start: Int) {
        guard start < bytes.count else { return }
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            // Eight bytes per step: the key repeats every four bytes from `start`.
            var pattern: UInt64 = 0
            withUnsafeMutableBytes(of: &pattern) { raw in
                for index in 0..<8 {
                    raw[index] =
                        index % 4 == 0
                        ? keyBytes.0 : index % 4 == 1 ? keyBytes.1 : index % 4 == 2 ? keyBytes.2 : keyBytes.3
                }
            }
            var index = start
            let end = buffer.count
            while index + 8 <= end {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                base.storeBytes(of: word ^ pattern, toByteOffset: index, as: UInt64.self)
                index += 8
            }
            var keyIndex = 0
            while index < end {
                let keyByte =
                    keyIndex == 0 ? keyBytes.0 : keyIndex == 1 ? keyBytes.1 : keyIndex == 2 ? keyBytes.2 : keyBytes.3
                buffer[index] ^= keyByte
                keyIndex = (keyIndex + 1) & 3
                index += 1
            }
        }
    }
}

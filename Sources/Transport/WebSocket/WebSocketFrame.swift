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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 14)
        var first = opcode.rawValue
        if fin { first |= 0x80 }
        if rsv1 { first |= 0x40 }
        if rsv2 { first |= 0x20 }
        if rsv3 { first |= 0x10 }
        bytes.append(first)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        switch payload.count {
        case 0..<126:
            bytes.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            bytes.append(maskBit | 126)
            bytes.append(UInt8(payload.count >> 8))
            bytes.append(UInt8(payload.count & 0xFF))
        default:
            bytes.append(maskBit | 127)
            let length = UInt64(payload.count)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
            }
        }
        if let maskKey, maskKey.count == 4 {
            bytes += maskKey
            let start = bytes.count
            bytes += payload
            WebSocketFrame.applyMask(maskKey, to: &bytes, from: start)
        } else {
            bytes += payload
        }
        return bytes
    }

    /// XORs `bytes[start...]` with the 4-byte `key` (masking and unmasking are the same).
    static func applyMask(_ key: [UInt8], to bytes: inout [UInt8], from start: Int) {
        let k0 = key[0]
        let k1 = key[1]
        let k2 = key[2]
        let k3 = key[3]
        bytes.withUnsafeMutableBufferPointer { buffer in
            var index = start
            let end = buffer.count
            // Four bytes per step; the key repeats every four bytes from `start`.
            while index + 4 <= end {
                buffer[index] ^= k0
                buffer[index + 1] ^= k1
                buffer[index + 2] ^= k2
                buffer[index + 3] ^= k3
                index += 4
            }
            let key = [k0, k1, k2, k3]
            var keyIndex = 0
            while index < end {
                buffer[index] ^= key[keyIndex]
                keyIndex += 1
                index += 1
            }
        }
    }
}

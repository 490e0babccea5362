/// SHA-1 (FIPS 180-4), needed only to compute `Sec-WebSocket-Accept`.
///
/// Both sides of every WebSocket handshake hash a 60-byte key: the blocks are read in
/// place and the 16-word message schedule is kept in a rolling buffer, so a digest makes
/// no allocation but its result.
public enum SHA1 {
    /// The 20-byte digest of `message`.
    public static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
        )
        let fullBlocks = message.count / 64
        message.withUnsafeBytes { bytes in
            for block in 0..<fullBlocks {
                compress(&state, UnsafeRawBufferPointer(rebasing: bytes[(block * 64)..<(block * 64 + 64)]))
            }
        }
        // The rest of the message, the 0x80 marker, zeros and the bit length: one block,
        // or two when fewer than 9 bytes are left after the rest.
        let rest = message.count - fullBlocks * 64
        let tailLength = rest < 56 ? 64 : 128
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { tail in
            tail.initializeMemory(as: UInt8.self, repeating: 0)
            for index in 0..<rest { tail[index] = message[fullBlocks * 64 + index] }
            tail[rest] = 0x80
            let bitLength = UInt64(message.count) &* 8
            for index in 0..<8 {
                tail[tailLength - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(index * 8))
            }
            for start in stride(from: 0, to: tailLength, by: 64) {
                compress(&state, UnsafeRawBufferPointer(rebasing: tail[start..<(start + 64)]))
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// One 64-byte block into the running state.
    private static func compress(
        _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawBufferPointer
    ) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { words in
            for index in 0..<16 {
                let base = index * 4
                words[index] =
                    UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2]) << 8
                    | UInt32(block[base + 3])
            }
            var (a, b, c, d, e) = state
            for index in 0..<80 {
                let word: UInt32
                if index < 16 {
                    word = words[index]
                } else {
                    // w[i] = rotl(w[i-3] ^ w[i-8] ^ w[i-14] ^ w[i-16], 1), kept modulo 16.
                    word = rotateLeft(
                        words[(index - 3) & 15] ^ words[(index - 8) & 15] ^ words[(index - 14) & 15]
                            ^ words[index & 15], 1)
                    words[index & 15] = word
                }
                let f: UInt32
                let k: UInt32
                switch index {
                case 0..<20:
                    f = (b & c) | (~b & d)
                    k = 0x5A82_7999
                case 20..<40:
                    f = b ^ c ^ d
                    k = 0x6ED9_EBA1
                case 40..<60:
                    f = (b & c) | (b & d) | (c & d)
                    k = 0x8F1B_BCDC
                default:
                    f = b ^ c ^ d
                    k = 0xCA62_C1D6
                }
                let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ word
                e = d
                d = c
                c = rotateLeft(b, 30)
                b = a
                a = temp
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }

    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}

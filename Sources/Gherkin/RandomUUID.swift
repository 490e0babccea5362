import Wire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random version 4 UUIDs in lower-case text form, without Foundation (the library stays a
/// leaf that does not load Foundation's ICU data).
///
/// The bits come from a `SplitMix64` seeded once from the system (`getentropy`): ids must
/// be unique, not secret, and the kernel's generator costs more per id than parsing the
/// step it names.
struct RandomUUIDs {
    /// Made on the first draw: a cursor that makes counter ids never needs it.
    private var generator: SplitMix64?

    init() {}

    mutating func next() -> String {
        var bits = generator ?? SplitMix64(seed: Self.seed())
        let first = bits.next()
        let second = bits.next()
        generator = bits
        // Bytes 0-7 and 8-15, first byte in the top bits: the version 4 in byte 6's high
        // nibble, the RFC 4122 variant in byte 8's top two bits.
        let high = (first & ~0xF000) | 0x4000
        let low = (second & ~(0xC0 << 56)) | (0x80 << 56)
        let digits = (
            Self.hex(UInt32(truncatingIfNeeded: high >> 32)), Self.hex(UInt32(truncatingIfNeeded: high)),
            Self.hex(UInt32(truncatingIfNeeded: low >> 32)), Self.hex(UInt32(truncatingIfNeeded: low))
        )
        return withUnsafeBytes(of: digits) { hex in
            String(unsafeUninitializedCapacity: 36) { text in
                // 8-4-4-4-12 hex digits with a hyphen between the groups.
                let out = UnsafeMutableRawBufferPointer(text)
                out.copyMemory(from: UnsafeRawBufferPointer(rebasing: hex[0..<8]))
                out[8] = UInt8(ascii: "-")
                UnsafeMutableRawBufferPointer(rebasing: out[9..<13]).copyMemory(from: .init(rebasing: hex[8..<12]))
                out[13] = UInt8(ascii: "-")
                UnsafeMutableRawBufferPointer(rebasing: out[14..<18]).copyMemory(from: .init(rebasing: hex[12..<16]))
                out[18] = UInt8(ascii: "-")
                UnsafeMutableRawBufferPointer(rebasing: out[19..<23]).copyMemory(from: .init(rebasing: hex[16..<20]))
                out[23] = UInt8(ascii: "-")
                UnsafeMutableRawBufferPointer(rebasing: out[24..<36]).copyMemory(from: .init(rebasing: hex[20..<32]))
                return 36
            }
        }
    }

    /// The eight lower-case hex digits of `value`, most significant first, as the bytes of
    /// the returned word in memory order: each nibble spread to a byte, then `0`-`9` or
    /// `a`-`f` added to all eight at once.
    @inline(__always) private static func hex(_ value: UInt32) -> UInt64 {
        var spread = UInt64(value)
        spread = (spread | (spread << 16)) & 0x0000_FFFF_0000_FFFF
        spread = (spread | (spread << 8)) & 0x00FF_00FF_00FF_00FF
        spread = (spread | (spread << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        // The least significant nibble is in the lowest byte: swap so the first digit comes first.
        let nibbles = spread.byteSwapped
        let isLetter = ((nibbles &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010) >> 4
        let text = nibbles &+ 0x3030_3030_3030_3030 &+ isLetter &* (UInt64(UInt8(ascii: "a")) - 0x3A)
        return text.littleEndian
    }

    /// Eight bytes from `getentropy`, or from the standard library's generator where that
    /// fails.
    private static func seed() -> UInt64 {
        var seed: UInt64 = 0
        if withUnsafeMutableBytes(of: &seed, { getentropy($0.baseAddress, 8) }) == 0 { return seed }
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}

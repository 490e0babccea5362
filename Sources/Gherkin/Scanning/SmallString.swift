/// Short ASCII strings written straight into the standard library's small-string form.
///
/// On 64-bit platforms a `String` of at most 15 UTF-8 bytes is held inline, in its two
/// words: the bytes, then a tag byte (`0xE0 | count` when all are ASCII). The public
/// initializers check the bytes again (the file was checked once already) and cost more
/// than scanning a table cell; most cells, tags, keywords and every id fit in 15 bytes.
///
/// The layout is not promised by the language, so it is checked once at run time against
/// strings the standard library built itself (every length from 1 to 15). Where it
/// differs, `isAvailable` is false and callers use `String(decoding:as:)` instead.
enum SmallString {
    /// Whether strings may be built here (the run-time check passed).
    static let isAvailable: Bool = layoutMatches()

    /// The longest string that fits inline.
    static let capacity = 15

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The string of the bytes `start..<end` of `bytes`, or nil when they are more than 15
    /// or none, are not well-formed UTF-8, or the layout check failed.
    @inline(__always)
    static func utf8(_ bytes: [UInt8], from start: Int, to end: Int) -> String? {
        let count = end - start
        guard count > 0, count <= capacity, start >= 0, isAvailable else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            guard end <= buffer.count, let base = buffer.baseAddress else { return nil }
            var low: UInt64 = 0
            var high: UInt64 = 0
            if start + 16 <= buffer.count {
                // Two unaligned loads inside the buffer, then the bytes past `end` masked off.
                let raw = UnsafeRawPointer(base)
                let first = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                if count >= 8 {
                    low = first
                    high = raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self) & mask(count - 8)
                } else {
                    low = first & mask(count)
                }
            } else {
                var index = start
                var shift: UInt64 = 0
                while index < end {
                    if index - start == 8 { shift = 0 }
                    if index - start < 8 {
                        low |= UInt64(buffer[index]) << shift
                    } else {
                        high |= UInt64(buffer[index]) << shift
                    }
                    shift += 8
                    index += 1
                }
            }
            if (low | high) & highBits == 0 { return make(low: low, high: high, count: count) }
            // Not ASCII: inline too once the bytes are checked (callers may pass any bytes).
            guard isWellFormed(buffer, from: start, to: end) else { return nil }
            return make(low: low, high: high, count: count, ascii: false)
        }
    }

    /// Whether `start..<end` is well-formed UTF-8 (RFC 3629), ending on a scalar boundary.
    private static func isWellFormed(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = buffer[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length = SourceCheck.sequenceLength(buffer, at: index, limit: end)
            if length == 0 { return false }
            index += length
        }
        return true
    }

    /// `String(value)` for a non-negative value, written inline when it fits.
    @inline(__always)
    static func decimal(_ value: Int) -> String {
        decimal(value, layoutMatches: isAvailable)
    }

    /// `decimal(_:)` for callers that read `isAvailable` once (each read of a global that is
    /// computed at run time goes through `swift_once`).
    @inline(__always)
    static func decimal(_ value: Int, layoutMatches: Bool) -> String {
        guard value >= 0, value < 100_000_000, layoutMatches else { return String(value) }
        if value == 0 { return "0" }
        // The eight decimal digits side by side, most significant in the lowest byte: split
        // into two 4-digit halves (32-bit lanes), each into 2-digit pairs (16-bit lanes),
        // each pair into digits (bytes). Every quotient is a multiply and a shift, exact for
        // the ranges involved (x / 100 for x < 10,000; y / 10 for y < 100).
        let number = UInt64(value)
        let halves = (number / 10_000) | ((number % 10_000) << 32)
        let hundreds = ((halves &* 5243) >> 19) & 0x0000_007F_0000_007F
        let pairs = hundreds | ((halves &- hundreds &* 100) << 16)
        let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F
        let digits = tens | ((pairs &- tens &* 10) << 8)
        // Leading zeros are the low zero bytes.
        let leadingZeros = digits.trailingZeroBitCount / 8
        let count = 8 - leadingZeros
        let text = (digits >> UInt64(8 * leadingZeros)) | (0x3030_3030_3030_3030 & mask(count))
        return make(low: text, high: 0, count: count)
    }

    /// The low `byteCount` bytes of a word set (0 to 8 bytes).
    @inline(__always)
    private static func mask(_ byteCount: Int) -> UInt64 {
        byteCount <= 0 ? 0 : byteCount >= 8 ? ~0 : (UInt64(1) << UInt64(8 * byteCount)) &- 1
    }

    /// The two words of an inline string of `count` (1 to 15) well-formed UTF-8 bytes.
    @inline(__always)
    private static func make(low: UInt64, high: UInt64, count: Int, ascii: Bool = true) -> String {
        unsafeBitCast((low, high | (UInt64((ascii ? 0xE0 : 0xA0) | count) << 56)), to: String.self)
    }

    /// Whether the standard library lays out strings of 1 to 15 bytes as `make` writes them,
    /// ASCII or not (compared word for word, without using a string built here).
    private static func layoutMatches() -> Bool {
        guard MemoryLayout<String>.size == 16, MemoryLayout<(UInt64, UInt64)>.size == 16 else { return false }
        return probeMatches(ascii: true) && probeMatches(ascii: false)
    }

    private static func probeMatches(ascii: Bool) -> Bool {
        // Non-ASCII probes start with "é" (0xC3 0xA9).
        var probe: [UInt8] = ascii ? [] : [0xC3, 0xA9]
        while probe.count < capacity {
            probe.append(UInt8(ascii: "a") + UInt8(probe.count))
            let count = probe.count
            let library = String(decoding: probe, as: UTF8.self)
            let words = unsafeBitCast(library, to: (UInt64, UInt64).self)
            var low: UInt64 = 0
            var high: UInt64 = 0
            for (index, byte) in probe.enumerated() {
                if index < 8 {
                    low |= UInt64(byte) << UInt64(8 * index)
                } else {
                    high |= UInt64(byte) << UInt64(8 * (index - 8))
                }
            }
            let tag = UInt64((ascii ? 0xE0 : 0xA0) | count) << 56
            guard words.0 == low, words.1 == high | tag else { return false }
        }
        return true
    }
}

/// The encoding a file that is not UTF-8 was most likely saved in, for the error message:
/// Japanese QA's editors still save `.feature` files as Shift_JIS or UTF-16, and "invalid
/// UTF-8" alone does not tell them what to change.
enum EncodingGuess {
    /// `UTF-16`, `Shift_JIS` or `EUC-JP`, or nil when the bytes fit none of them.
    static func name(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        // Text in UTF-16 without its mark: ASCII characters leave a zero in every other byte.
        let sample = bytes.prefix(512)
        let evenZeros = stride(from: 0, to: sample.count, by: 2).filter { sample[sample.startIndex + $0] == 0 }.count
        let oddZeros = stride(from: 1, to: sample.count, by: 2).filter { sample[sample.startIndex + $0] == 0 }.count
        if sample.count >= 4, max(evenZeros, oddZeros) * 4 >= sample.count { return "UTF-16" }
        if fits(
            bytes, lead: { (0x81...0x9F).contains($0) || (0xE0...0xFC).contains($0) },
            trail: { (0x40...0x7E).contains($0) || (0x80...0xFC).contains($0) },
            single: { (0xA1...0xDF).contains($0) })
        {
            return "Shift_JIS"
        }
        if fits(bytes, lead: { (0xA1...0xFE).contains($0) || $0 == 0x8E }, trail: { (0xA1...0xFE).contains($0) }) {
            return "EUC-JP"
        }
        return nil
    }

    /// Whether every byte of `bytes` above ASCII is a two-byte sequence (`lead`, `trail`)
    /// or a byte `single` allows on its own, and there is at least one such sequence.
    private static func fits(
        _ bytes: [UInt8], lead: (UInt8) -> Bool, trail: (UInt8) -> Bool, single: (UInt8) -> Bool = { _ in false }
    ) -> Bool {
        var index = 0
        var pairs = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 || single(byte) {
                if byte == 0 { return false }
                index += 1
            } else if lead(byte), index + 1 < bytes.count, trail(bytes[index + 1]) {
                pairs += 1
                index += 2
            } else {
                return false
            }
        }
        return pairs > 0
    }

    /// What to do about `bytes`: save them as UTF-8, naming the encoding they seem to be in.
    static func advice(for bytes: [UInt8]) -> String {
        guard let name = name(of: bytes) else { return "a feature file must be UTF-8 text" }
        return "the file looks like \(name); a feature file must be UTF-8 text (save it as UTF-8 in the editor)"
    }
}

import Testing

@testable import Gherkin

/// The whole-file check reads several bytes at a time; it must agree with the standard
/// library's validation at every length and position, and never read past the end.
@Suite("Source check")
struct SourceCheckTests {
    private func expected(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil && !bytes.contains(0)
    }

    @Test("clean ASCII and UTF-8 of every length up to 70 bytes pass")
    func cleanText() {
        let text = Array("Feature: ¥1,200 前提 | cell | ok 🙂 and more plain ASCII text to fill it up".utf8)
        for length in 0...min(70, text.count) {
            let prefix = Array(text[0..<length])
            #expect(SourceCheck.isClean(prefix) == expected(prefix), "length \(length)")
        }
    }

    @Test("a NUL or a stray byte is found at every position")
    func problems() {
        for length in 1...48 {
            for position in 0..<length {
                for bad: UInt8 in [0x00, 0x80, 0xC0, 0xE3, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = bad
                    #expect(SourceCheck.isClean(bytes) == expected(bytes), "length \(length), position \(position)")
                }
            }
        }
    }

    @Test("multi-byte sequences: every lead byte with edge continuation bytes, at several offsets")
    func sequences() {
        let seconds: [UInt8] = [0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        let thirds: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
        for lead in UInt8(0xC0)...UInt8(0xFF) {
            for second in seconds {
                for third in thirds {
                    for offset in [0, 5, 14, 15, 16, 30] {
                        for tail: [UInt8] in [[], [0x80]] {
                            var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: offset)
                            bytes += [lead, second, third] + tail + [UInt8(ascii: "y")]
                            #expect(
                                SourceCheck.isClean(bytes) == expected(bytes), "\(lead) \(second) \(third) @\(offset)")
                        }
                    }
                }
            }
        }
    }
}

import Testing

@testable import Transport

@Suite("SHA-1")
struct EncodingTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(
        "SHA-1 matches FIPS 180 vectors",
        arguments: [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
            ),
            ("The quick brown fox jumps over the lazy dog", "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"),
        ])
    func sha1(input: String, digest: String) {
        #expect(hex(SHA1.digest(Array(input.utf8))) == digest)
    }

    /// Lengths on both sides of each block and padding boundary (vectors from Python's
    /// hashlib): the tail is one block below 56 bytes left over, two from 56.
    @Test(
        "SHA-1 at the block and padding boundaries",
        arguments: [
            (55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"), (63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
            (64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"), (65, "11655326c708d70319be2610e8a57d9a5b959d3b"),
            (119, "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"), (120, "f34c1488385346a55709ba056ddd08280dd4c6d6"),
            (128, "ad5b3fdbcb526778c2839d2f151ea753995e26a0"),
        ])
    func sha1Boundaries(length: Int, digest: String) {
        #expect(hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: length))) == digest)
    }

    @Test("SHA-1 of a million 'a' (multi-block)")
    func sha1Long() {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(hex(SHA1.digest(input)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }
}

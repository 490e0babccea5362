import Testing

@testable import Transport

@Suite("SHA-1 and base64")
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

    @Test("SHA-1 of a million 'a' (multi-block)")
    func sha1Long() {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(hex(SHA1.digest(input)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test(
        "base64 round-trips RFC 4648 vectors",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ])
    func base64(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(plain.utf8))
    }

    @Test("base64 rejects non-canonical text", arguments: ["Zg=", "Z===", "Zm9v!", "=Zm9", "Zg==Zg==", "Zm 9"])
    func base64Rejects(text: String) {
        #expect(Base64.decode(text) == nil)
    }
}

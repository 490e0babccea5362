import Testing

@testable import Simulator

@Suite("Text: HTML escaping")
struct HTMLTextTests {
    /// The escaping the byte writer replaced, kept here as the reference it must match.
    static func reference(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    @Test("HTML escaping matches the scalar-by-scalar reference")
    func escaping() {
        for text in ["", "plain", "<b>Tea & \"Cake\"</b>", "'quoted'", "日本語 & 🍵 <x>", "&&&", "e\u{301}<", ">"] {
            #expect(HTMLText.escape(text) == Self.reference(text), "\(text)")
        }
    }
}

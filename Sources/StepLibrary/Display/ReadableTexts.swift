import Glibc
import Synchronization

/// The readable text of the last snapshot a display check attached: the checks in a row
/// that judge one snapshot (the screen, then the total, then the points) make its text
/// once. Compared by the HTML's bytes (`==` on text with `¥` or Japanese compares normal
/// forms, which costs about as much as making the text).
final class ReadableTexts: Sendable {
    private let last = Mutex<(html: String, language: StepLanguage, text: String)?>(nil)

    /// `snapshot.readable(language)`, made again only for a snapshot other than the last.
    func text(of snapshot: DisplaySnapshot, _ language: StepLanguage) -> String {
        if let last = last.withLock({ $0 }), last.language == language, Self.sameBytes(last.html, snapshot.html) {
            return last.text
        }
        let text = snapshot.readable(language)
        last.withLock { $0 = (snapshot.html, language, text) }
        return text
    }

    private static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        var first = first
        var second = second
        return first.withUTF8 { one in
            second.withUTF8 { other in
                guard let a = one.baseAddress, let b = other.baseAddress else { return true }
                return memcmp(a, b, one.count) == 0
            }
        }
    }
}

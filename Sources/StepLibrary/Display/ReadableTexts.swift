import Synchronization
import Wire

/// The readable text of the last snapshot a display check attached: the checks in a row
/// that judge one snapshot (the screen, then the total, then the points) make its text
/// once. Compared by the HTML's bytes (`UTF8Text`).
final class ReadableTexts: Sendable {
    private let last = Mutex<(html: UTF8Text, language: StepLanguage, text: String)?>(nil)

    /// `snapshot.readable(language)`, made again only for a snapshot other than the last.
    func text(of snapshot: DisplaySnapshot, _ language: StepLanguage) -> String {
        let html = UTF8Text(snapshot.html)
        if let last = last.withLock({ $0 }), last.language == language, last.html == html {
            return last.text
        }
        let text = snapshot.readable(language)
        last.withLock { $0 = (html, language, text) }
        return text
    }
}

import StepInterface
import Synchronization
import Wire

/// The readable text of the last snapshot a display check attached, made when a report
/// first reads it (`DeferredText`), after the run: the checks in a row that judge one
/// snapshot (the screen, then the total, then the points) share it, made once. Compared
/// by the HTML's bytes (`UTF8Text`).
final class ReadableTexts: Sendable {
    private let last = Mutex<(html: UTF8Text, language: StepLanguage, text: DeferredText)?>(nil)

    /// `snapshot.readable(language)`, to be made; the last one's again for the same snapshot.
    func text(of snapshot: DisplaySnapshot, _ language: StepLanguage) -> DeferredText {
        let html = UTF8Text(snapshot.html)
        if let last = last.withLock({ $0 }), last.language == language, last.html == html {
            return last.text
        }
        let text = DeferredText { snapshot.readable(language) }
        last.withLock { $0 = (html, language, text) }
        return text
    }
}

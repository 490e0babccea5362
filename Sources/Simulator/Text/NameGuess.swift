import Foundation

/// The name meant when a name is unknown only by how it was typed: letter case
/// (`aoi` for `Aoi`), width (`ﾗﾃ` in half-width kana for `ラテ`, `Ｌａｔｔｅ`), or a space at
/// either end (`ラテ　`). Names are compared exactly (docs/domain-decisions.md), so such a
/// name is refused; the message then says which one is there.
enum NameGuess {
    /// ` Did you mean "ラテ"?` when exactly one of `names` is `name` but for how it was
    /// typed; empty otherwise.
    static func hint(for name: String, among names: some Sequence<String>) -> String {
        let wanted = folded(name)
        let matches = Set(names.filter { folded($0) == wanted })
        guard matches.count == 1, let meant = matches.first else { return "" }
        return " Did you mean \"\(meant)\"?"
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil).trimmingCharacters(in: .whitespaces)
    }
}

/// A quoted value that begins or ends with a space (`「ラテ　」`, typed with a Japanese
/// input method's full-width space): the step reads the value with it, and the
/// simulator's refusal (`"ラテ　" is not in the catalog`) shows nothing wrong to the eye.
enum QuotedValueSpacing {
    /// A note on the first such value among the step's `values` (its `{string}` arguments
    /// as read, whatever quotes they were written in), in `language`; nil when there is
    /// none. The values, not the step's text: a value may hold the other kind of quote
    /// (`'a "b" c'`), which a scan of the text would take for quotes of its own.
    static func note(in values: [any Sendable], language: StepLanguage) -> String? {
        for case let value as String in values {
            let edges = [(value.unicodeScalars.first, true), (value.unicodeScalars.last, false)]
            for case (let scalar?, let atStart) in edges where scalar.properties.isWhitespace {
                let name = spaceName(scalar, language)
                return language.pick(
                    "\"\(value)\" \(atStart ? "begins" : "ends") with \(name): the value is read with it",
                    "「\(value)」の\(atStart ? "始め" : "終わり")に\(name)があります（値はそれも含めて読まれます）")
            }
        }
        return nil
    }

    private static func spaceName(_ scalar: Unicode.Scalar, _ language: StepLanguage) -> String {
        switch scalar.value {
        case 0x3000: language.pick("a full-width space (U+3000)", "全角スペース（U+3000）")
        case 0x20: language.pick("a space", "半角スペース")
        case 0x09: language.pick("a tab", "タブ")
        default:
            language.pick(
                "an invisible space (U+\(String(scalar.value, radix: 16, uppercase: true)))",
                "見えない空白（U+\(String(scalar.value, radix: 16, uppercase: true))）")
        }
    }
}

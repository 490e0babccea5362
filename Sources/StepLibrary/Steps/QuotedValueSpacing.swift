/// A quoted value that begins or ends with a space (`「ラテ　」`, typed with a Japanese
/// input method's full-width space): the step reads the value with it, and the
/// simulator's refusal (`"ラテ　" is not in the catalog`) shows nothing wrong to the eye.
enum QuotedValueSpacing {
    /// A note on the first such value of `text`, in `language`; nil when there is none.
    static func note(in text: String, language: StepLanguage) -> String? {
        for (open, close) in [("\"", "\""), ("「", "」")] {
            var rest = Substring(text)
            while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
                let value = rest[start.upperBound..<end.lowerBound]
                rest = rest[end.upperBound...]
                let edges = [(value.unicodeScalars.first, true), (value.unicodeScalars.last, false)]
                for case (let scalar?, let atStart) in edges where scalar.properties.isWhitespace {
                    let shown = open + value + close
                    let name = spaceName(scalar, language)
                    return language.pick(
                        "\(shown) \(atStart ? "begins" : "ends") with \(name): the value is read with it",
                        "\(shown)の\(atStart ? "始め" : "終わり")に\(name)があります（値はそれも含めて読まれます）")
                }
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

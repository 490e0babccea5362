/// The standard parameter types every registry starts with.
///
/// Regular expressions and flags follow the reference implementation (JavaScript flavour:
/// `{int}` and `{string}` are proposed in snippets, `{int}` and the anonymous `{}` win when a
/// regular-expression group equals their regexp). One spec-run extension: `{string}` also
/// takes Japanese corner quotes, `「…」`.
enum BuiltInParameterTypes {
    static let integerRegexps = [#"-?\d+"#, #"\d+"#]
    static let floatRegexp = #"(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E|e][-+]?\d+)?"#
    static let wordRegexp = #"[^\s]+"#
    /// Double quotes, single quotes, or (spec-run) corner quotes; a backslash escapes the
    /// next character inside each.
    static let stringRegexp =
        #""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'|「([^」\\]*(\\.[^」\\]*)*)」"#
    static let anonymousRegexp = ".*"

    static let all: [ParameterType] = [
        ParameterType(
            name: "int", regexps: integerRegexps, useForSnippets: true, preferForRegexpMatch: true,
            valueHint: "a whole number, such as 3 or -12", localizedValueHints: ["ja": "3 や -12 のような整数"],
            transform: { try NumberConversion.integer($0.first ?? nil, typeName: "int", in: Int.min...Int.max) }),
        ParameterType(
            name: "float", regexps: [floatRegexp], useForSnippets: true, preferForRegexpMatch: false,
            valueHint: "a number, such as 1.5", localizedValueHints: ["ja": "1.5 のような数"],
            transform: { try NumberConversion.double($0.first ?? nil, typeName: "float") }),
        ParameterType(
            name: "word", regexps: [wordRegexp], useForSnippets: false, preferForRegexpMatch: false,
            transform: { PlainText.value($0.first ?? nil) }),
        ParameterType(
            name: "string", regexps: [stringRegexp], useForSnippets: true, preferForRegexpMatch: false,
            valueHint: "text in quotes: \"…\", '…' or 「…」",
            localizedValueHints: ["ja": "「…」、\"…\" か '…' で囲んだ文字列"],
            transform: { QuotedString.value(groups: $0) }),
        ParameterType(
            name: "", regexps: [anonymousRegexp], useForSnippets: false, preferForRegexpMatch: true,
            transform: { PlainText.value($0.first ?? nil) }),
        ParameterType(
            name: "double", regexps: [floatRegexp], useForSnippets: false, preferForRegexpMatch: false,
            transform: { try NumberConversion.double($0.first ?? nil, typeName: "double") }),
        ParameterType(
            name: "bigdecimal", regexps: [floatRegexp], useForSnippets: false, preferForRegexpMatch: false,
            transform: { try NumberConversion.decimalText($0.first ?? nil, typeName: "bigdecimal") }),
        ParameterType(
            name: "biginteger", regexps: integerRegexps, useForSnippets: false, preferForRegexpMatch: false,
            transform: { try NumberConversion.decimalText($0.first ?? nil, typeName: "biginteger") }),
        ParameterType(
            name: "byte", regexps: integerRegexps, useForSnippets: false, preferForRegexpMatch: false,
            transform: {
                try NumberConversion.integer($0.first ?? nil, typeName: "byte", in: Int(Int8.min)...Int(Int8.max))
            }),
        ParameterType(
            name: "short", regexps: integerRegexps, useForSnippets: false, preferForRegexpMatch: false,
            transform: {
                try NumberConversion.integer($0.first ?? nil, typeName: "short", in: Int(Int16.min)...Int(Int16.max))
            }),
        ParameterType(
            name: "long", regexps: integerRegexps, useForSnippets: false, preferForRegexpMatch: false,
            transform: { try NumberConversion.integer($0.first ?? nil, typeName: "long", in: Int.min...Int.max) }),
    ]
}

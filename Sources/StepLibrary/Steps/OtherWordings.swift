/// The other ways QA write a step, made from its expression by rules that hold for every
/// step of its kind, so that a step's wordings are defined once, with the step
/// (`StepBook`), and each is the same definition (`StepWordings`): never a second one
/// that could make a text ambiguous.
enum OtherWordings {
    /// The wordings QA read in a catalogue: the step's own (`also`), the customer display
    /// by its name (`the customer display shows …`), and a check as QA write an
    /// expectation (`… should show …`, `…こと`). The expression itself is not among them.
    static func named(_ step: Phrase, _ language: StepLanguage, isCheck: Bool) -> [String] {
        var forms = [step.expression] + step.also
        if language == .en {
            forms += forms.compactMap { form in
                form.hasPrefix("the display ") ? "the customer " + form.dropFirst("the ".count) : nil
            }
        }
        if isCheck { forms += forms.compactMap { expectation($0, language) } }
        return distinct(forms.dropFirst(), without: step.expression)
    }

    /// Every wording the step is matched by besides its expression: the named ones and,
    /// for each of them and the expression, `{int}` with thousands separators (`1,000
    /// points`), in Japanese a space allowed around half-width text (`x 1200、幅 60`), and
    /// the full-width `％` and `：` a Japanese input method types.
    static func all(_ step: Phrase, _ language: StepLanguage, isCheck: Bool) -> [String] {
        var forms = [step.expression] + named(step, language, isCheck: isCheck)
        if language == .ja {
            // A Japanese check's `…こと` is optional text of each of its spaced forms: one
            // expression for both, half the expressions to compile.
            let base = [step.expression] + step.also
            forms = isCheck ? base.map { spaced($0).replacingCheckEnding() } : forms.map(spaced)
        }
        forms = forms.map(grouped)
        if language == .ja { forms += forms.flatMap(fullWidthForms) }
        return distinct(forms[...], without: step.expression)
    }

    private static func distinct(_ forms: ArraySlice<String>, without expression: String) -> [String] {
        var seen: Set<String> = [expression]
        return forms.filter { seen.insert($0).inserted }
    }

    // MARK: Checks as expectations

    /// English verbs of a check and their `should` forms, the longer first where one
    /// begins another.
    private static let shouldForms: [(String, String)] = [
        (" does not show ", " should not show "), (" shows ", " should show "),
        (" was not updated", " should not have been updated"), (" has been ", " should have been "),
        (" received ", " should have received "), (" is ", " should be "), (" are ", " should be "),
        (" has ", " should have "), (" starts ", " should start "), (" succeeds", " should succeed"),
    ]

    /// A check as QA write what should hold: its first verb in the `should` form in
    /// English (`it should be rejected with {string}`), `…こと` after it in Japanese
    /// (`{string}で拒否されること`, `…表示されること:`); nil when no rule fits.
    static func expectation(_ expression: String, _ language: StepLanguage) -> String? {
        switch language {
        case .ja:
            guard !expression.hasSuffix("こと") else { return nil }
            return expression.hasSuffix(":") ? expression.dropLast() + "こと:" : expression + "こと"
        case .en:
            // Bytes, not characters (as every rule here): each verb begins with a space, and
            // every wording of the book passes through these rules at start-up.
            let bytes = Array(expression.utf8)
            for index in bytes.indices where bytes[index] == UInt8(ascii: " ") {
                if let (verb, should) = shouldForms.first(where: { bytes[index...].starts(with: $0.0.utf8) }) {
                    return String(decoding: bytes[..<index], as: UTF8.self) + should
                        + String(decoding: bytes[(index + verb.utf8.count)...], as: UTF8.self)
                }
            }
            return nil
        }
    }

    // MARK: Plain and try forms

    /// An action's try form as the same change of words makes it from another plain
    /// wording: the plain and try expressions differ either at their start (`I add …` →
    /// `I try to add …`) or at their end (`…を追加する` → `…を追加しようとする`), the
    /// shorter change; nil when `wording` does not have the plain part it changes.
    static func tryForm(of wording: String, plain: String, try tryExpression: String) -> String? {
        let prefix = zip(plain, tryExpression).prefix { $0 == $1 }.count
        let suffix = zip(plain.dropFirst(prefix).reversed(), tryExpression.dropFirst(prefix).reversed())
            .prefix { $0 == $1 }.count
        // Changed at the end: what follows the common start.
        let tail = (plain: String(plain.dropFirst(prefix)), try: String(tryExpression.dropFirst(prefix)))
        // Changed at the start: what precedes the common end.
        let head = (plain: String(plain.dropLast(suffix)), try: String(tryExpression.dropLast(suffix)))
        if tail.plain.count <= head.plain.count {
            guard wording.hasSuffix(tail.plain) else { return nil }
            return wording.dropLast(tail.plain.count) + tail.try
        }
        guard wording.hasPrefix(head.plain) else { return nil }
        return head.try + wording.dropFirst(head.plain.count)
    }

    /// The try form of a plain action: `I try to add …` for `I add …`, `…に進もうとする` for
    /// `…に進む`; nil when no rule fits.
    static func tryExpression(ofPlain plain: String, _ language: StepLanguage) -> String? {
        switch language {
        case .en:
            return plain.hasPrefix("I ") ? "I try to " + plain.dropFirst(2) : tryForm(ofPlain: plain)
        case .ja:
            if plain.hasSuffix("する") { return plain.dropLast(2) + "しようとする" }
            guard let last = plain.last, let volitional = volitionalEndings[last] else { return nil }
            return plain.dropLast() + String(volitional) + "うとする"
        }
    }

    /// The plain form QA write after reading a try form (`I set the catalog:` for `I try to
    /// set the catalog:`); nil when it is not `I try to …` or a volitional `…うとする`.
    static func plainForm(ofTry tryExpression: String, _ language: StepLanguage) -> String? {
        let colon = tryExpression.hasSuffix(":") ? ":" : ""
        let body = tryExpression.dropLast(colon.count)
        switch language {
        case .en:
            guard body.hasPrefix("I try to ") else { return nil }
            return "I " + body.dropFirst("I try to ".count) + colon
        case .ja:
            if body.hasSuffix("しようとする") { return body.dropLast("しようとする".count) + "する" + colon }
            guard body.hasSuffix("うとする"), let volitional = body.dropLast("うとする".count).last,
                let dictionary = dictionaryEndings[volitional]
            else { return nil }
            return body.dropLast("うとする".count + 1) + String(dictionary) + colon
        }
    }

    /// The o-row kana of a volitional form and the u-row kana of its dictionary form.
    private static let dictionaryEndings: [Character: Character] = [
        "こ": "く", "ご": "ぐ", "そ": "す", "と": "つ", "の": "ぬ", "ぼ": "ぶ", "も": "む", "ろ": "る", "お": "う",
    ]

    /// The same, the other way: `進む` → `進も(うとする)`.
    static let volitionalEndings = Dictionary(uniqueKeysWithValues: dictionaryEndings.map { ($1, $0) })

    /// The try form QA write for an English plain step whose subject is not `I`: `the
    /// calendar tries to load` for `the calendar loads`. Only for `the` and one word
    /// followed by its verb: a state (`the viewport is …`, `the calendar metrics are …`)
    /// has no try form, and nil for any other.
    static func tryForm(ofPlain plain: String) -> String? {
        let words = plain.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 3, words[0] == "the", !words.contains("is"), !words.contains("are") else { return nil }
        let word = words[2]
        guard word.count > 2, word.hasSuffix("s"), !word.hasSuffix("ss"), word.allSatisfy(\.isLetter) else {
            return nil
        }
        let base =
            word.hasSuffix("ies")
            ? word.dropLast(3) + "y"
            : ["shes", "ches", "sses", "xes"].contains(where: word.hasSuffix) ? word.dropLast(2) : word.dropLast()
        return (words[..<2] + ["tries", "to", base[...]] + words[3...]).joined(separator: " ")
    }

    // MARK: Typing

    /// The expression with every `{int}` taking thousands separators as well.
    static func grouped(_ expression: String) -> String {
        expression.replacing("{int}", with: "{\(GroupedInteger.typeName)}")
    }

    /// A Japanese expression with a space allowed (`( )`) wherever half-width text (a
    /// parameter, ASCII letters or digits) meets Japanese: `予約{string}は( )x( ){float}( )、幅( ){float}( )で描画される`.
    static func spaced(_ expression: String) -> String {
        let bytes = Array(expression.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 24)
        var previous: Side = .edge
        var index = 0
        while index < bytes.count {
            // A parameter is one piece, any other character (its UTF-8 sequence) one of its own.
            let lead = bytes[index]
            var end = min(index + (lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4), bytes.count)
            if lead == UInt8(ascii: "{"), let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) {
                end = close + 1
            }
            let side = Side(bytes[index..<end])
            if previous.meets(side) { out += "( )".utf8 }
            out += bytes[index..<end]
            previous = side
            index = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What a piece of an expression is, for `spaced`.
    private enum Side {
        case parameter, ascii, japanese, edge

        /// The side of `piece`, a parameter or one character's UTF-8.
        init(_ piece: ArraySlice<UInt8>) {
            switch piece.first ?? 0 {
            case UInt8(ascii: "{"): self = .parameter
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "%"):
                self = .ascii
            // Spaces, syntax (`(`, `/`, `:`) and quotes are left as they are.
            case ..<0x80: self = .edge
            default: self = Self.edgeCharacters.contains { piece.elementsEqual($0.utf8) } ? .edge : .japanese
            }
        }

        private static let edgeCharacters = ["：", "「", "」"]

        /// Whether a space may stand between the two: Japanese and half-width text, a
        /// letter and a value (`x 1200`), two values (`合計 ¥600`); not within Japanese or
        /// ASCII text, nor at an edge.
        func meets(_ other: Side) -> Bool {
            self != .edge && other != .edge && (self != other || self == .parameter)
        }
    }

    /// The expression as a Japanese input method may type it: `％` for `%`, and `：` for
    /// the colon that ends a step with a table (`商品カタログ：`), each alone and both together.
    static func fullWidthForms(of expression: String) -> [String] {
        let percent = expression.contains("%") ? expression.replacing("%", with: "％") : nil
        guard expression.hasSuffix(":") else { return percent.map { [$0] } ?? [] }
        let colon = { (text: String) in String(text.dropLast()) + "：" }
        return [percent, colon(expression), percent.map(colon)].compactMap { $0 }
    }
}

extension String {
    /// A Japanese check with `…こと` as optional text at its end (before a table's colon),
    /// and a check ending in `される` or `されない` also in the form that says what holds
    /// now (`表示されている`, `表示されていない`).
    fileprivate func replacingCheckEnding() -> String {
        guard !hasSuffix("こと"), !hasSuffix("こと:") else { return self }
        let colon = hasSuffix(":")
        var body = colon ? String(dropLast()) : self
        if let ending = ["される", "されない"].first(where: { body.hasSuffix($0) }) {
            body = String(body.dropLast(ending.count - 2)) + "(てい)" + String(ending.dropFirst(2))
        }
        return colon ? body + "(こと):" : body + "(こと)"
    }
}

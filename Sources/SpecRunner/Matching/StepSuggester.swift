import CucumberExpressions

/// Finds the existing definitions closest to an undefined step ("did you mean").
///
/// Both sides are abstracted before comparing: a definition's parameters (`{int}`, a
/// regular expression's groups) and the text's values (quoted strings, anything with a
/// digit) each become one placeholder, so `I add 3 "Tea" to the cart` is as close to
/// `I add {int} {string} to the cart` as text can be. Distance is a Levenshtein distance
/// over characters, which also works for Japanese, where words are not separated.
///
/// Values of the library's own parameter types (`valueTypes`: `ようこそ`, `payment`, `¥600`)
/// are also read as the parameter they would fill, each type with a placeholder of its
/// own, where that brings the text closer to a definition: `…にようこそ画面が表示される`
/// is then `…に{screen}画面が表示される`. Definitions that take every such value of the
/// text come first.
struct StepSuggester: Sendable {
    private struct Candidate: Sendable {
        var source: String
        var shape: [Character]
        var expression: any StepExpression
    }

    /// One "did you mean" line, and why the text did not match it when only its values
    /// were wrong (`"basket" is not a {screen}`).
    struct Suggestion: Sendable, Equatable {
        var source: String
        var misfits: [String]
    }

    /// A definition the text matches but for a value or a slip, and how far it is.
    private typealias NearMiss = (wrong: Int, length: Int, distance: Int, order: Int, suggestion: Suggestion)
    /// A definition close enough to the text, and how close.
    private typealias Scored = (missing: Int, apart: Bool, distance: Int, unfilled: Int, order: Int, source: String)

    private let candidates: [Candidate]
    let valueFinder: ParameterValueFinder
    /// Each value type's own placeholder.
    let typedPlaceholders: [String: Character]
    /// The content words of every definition, once each.
    let vocabulary: [[Character]]
    /// The step library's words for its own (`StepSynonyms`).
    let synonyms: StepSynonyms

    /// The definitions' expressions, in registration order, and the parameter types whose
    /// values a text is read for (the custom ones: the built-in `{word}` matches anything),
    /// and the library's words for its own.
    init(
        expressions: [any StepExpression], valueTypes: [ParameterType] = [], synonyms: StepSynonyms = StepSynonyms()
    ) {
        self.synonyms = synonyms
        // A type only another wording takes (`StepWordings`) is no reading of a text: the
        // step as the catalogue names it has none of its values.
        let named = Set(expressions.map(\.source))
        let valueTypes = valueTypes.filter { type in named.contains { $0.contains("{\(type.name)}") } }
        let typed = Dictionary(
            valueTypes.enumerated().map { ($1.name, Unicode.Scalar(0xE001 + UInt32($0)).map(Character.init)) },
            uniquingKeysWith: { $1 }
        ).mapValues { $0 ?? Self.placeholder }
        typedPlaceholders = typed
        valueFinder = ParameterValueFinder(types: valueTypes)
        // A definition written more than one way (`StepWordings`) is a candidate by each
        // wording whose shape is its own, named by its expression.
        candidates = expressions.flatMap { expression in
            var shapes: Set<[Character]> = []
            return expression.wordings.compactMap { wording -> Candidate? in
                let shape = Self.shape(
                    ofExpression: wording.source, isRegularExpression: wording is RegularExpression,
                    placeholders: typed)
                guard shapes.insert(shape).inserted else { return nil }
                return Candidate(source: expression.source, shape: shape, expression: wording)
            }
        }
        vocabulary = Set(candidates.flatMap { Self.contentWords($0.shape).map { String($0) } }).sorted().map(Array.init)
    }

    /// Up to three suggestions. A definition the text matches but for a value its
    /// parameter type does not accept comes first, with the values named: the author most
    /// likely meant it. The rest are closest first (ties in registration order), leaving
    /// out those that differ in more than 60% of the longer shape and those that share no
    /// word with the text (see `ranked`); among them, those that take every value of
    /// the library's own types the text has come first. Misfits are told in `language`
    /// (a Gherkin language code: the feature's).
    func suggest(for text: String, language: String = "en") -> [Suggestion] {
        let wording = RunnerWording.of(language: language)
        let written = text
        let text = withJapanesePhrasesReplaced(withSynonymsReplaced(text))
        let textShape = Self.shape(ofText: text)
        let typed = typedReading(of: text)
        // The text once more with the library's own words for words it also has
        // (`reservation` → `booking`), read as the closer of the two for each candidate.
        let other = withSynonymsReplaced(text, by: synonyms.alternatives)
        let otherShape = other == text ? nil : Self.shape(ofText: other)
        var nearMisses: [NearMiss] = []
        // The text with one slip undone (a full stop, a comment, full-width digits…), and
        // the note that names the slip: a candidate that matches it is the step meant.
        // The library's words for QA's (`お客様`, `reserve`) are one slip more.
        let slips =
            Self.slips(in: written, wording: wording)
            + (firstSynonym(in: written, replaced: text).map { [(text, wording.libraryWord($0.written, $0.library))] }
                ?? [])
        var scored: [Scored] = []
        // Values of no type of the library's (quoted text, numbers): a definition with
        // fewer parameters of the standard types cannot take them all (`「ラテ」を削除する`
        // is no `会員を解除する`).
        let plainValues = (typed?.shape ?? textShape).filter { $0 == Self.placeholder }.count
        let values = Self.valueCount(typed?.shape ?? textShape)
        // The text's shapes in the order they are compared: the closest of them is its reading.
        let readings =
            [textShape] + (typed.map { [$0.shape] } ?? []) + (otherShape.map { [$0] } ?? [])
            + (typed.map { leftOutOpeningReading(of: text, typedShape: $0.shape) } ?? [])
        // A source may come more than once (a step's wordings, a definition written twice):
        // `ranked` lists it once, where it ranks best.
        for (order, candidate) in candidates.enumerated() {
            var missing = max(0, plainValues - candidate.shape.filter { $0 == Self.placeholder }.count)
            if let typed { missing += typed.values.filter { !$0.isTaken(by: candidate.shape) }.count }
            if let slip = slips.first(where: { candidate.expression.match($0.text) != nil }) {
                nearMisses.append((0, 0, 0, order, Suggestion(source: candidate.source, misfits: [slip.note])))
                continue
            }
            if let expression = candidate.expression as? CucumberExpression,
                let misfits = expression.misfits(in: written)
            {
                let suggestion = Suggestion(
                    source: candidate.source, misfits: misfits.map { wording.describe($0, language: language) })
                let length = misfits.reduce(0) { $0 + $1.value.count }
                let distance = Self.closest(readings, candidate.shape, ordering: true).distance
                nearMisses.append((misfits.count, length, distance, order, suggestion))
                continue
            }
            // Two values or more of the library's types, every one taken: the shape is
            // the step's even where the words around the values are not (`the total is
            // ¥500` for `the display shows {field} {yen}`).
            let takesEveryValue = (typed?.values.count ?? 0) >= 2 && missing == 0
            let share = takesEveryValue ? 0.75 : 0.6
            // A step far longer than a candidate is no candidate's by its shape, whatever the distance.
            guard !Self.isOutOfReach(readings, candidate.shape, share: share) else { continue }
            let (distance, shapeLength) = Self.closest(readings, candidate.shape)
            let longest = max(shapeLength, candidate.shape.count)
            guard longest > 0, Double(distance) <= share * Double(longest) else { continue }
            // A definition that holds the whole text is that step with its value left out
            // (`会員を呼び出す` for `{int}ポイントの会員を呼び出す`), however many characters it adds.
            let holds = readings.contains { $0.count >= 4 && candidate.shape.contains($0) }
            scored.append(
                (missing, !holds, distance, max(0, Self.valueCount(candidate.shape) - values), order, candidate.source))
        }
        return ranked(
            nearMisses: nearMisses, scored: scored, shapes: (typed?.shape ?? textShape, otherShape),
            typedValues: typed?.values ?? [])
    }

    /// The suggestions in the order they are shown: near misses first (fewest wrong values,
    /// then the shortest, then the closest), then the closest of the rest that share a word
    /// with the text (of two as close, the one that wants no value the text lacks: `10%の割引を
    /// 設定する` is `{int}%の全体割引を設定する` before `{string}に{yen}の割引を設定する`), each
    /// listed once.
    private func ranked(
        nearMisses: [NearMiss], scored: [Scored], shapes: (text: [Character], other: [Character]?),
        typedValues: [TypedValue]
    ) -> [Suggestion] {
        let nearMisses = nearMisses.sorted {
            ($0.wrong, $0.length, $0.distance, $0.order) < ($1.wrong, $1.length, $1.distance, $1.order)
        }
        let scored = scored.sorted {
            ($0.missing, $0.apart ? 1 : 0, $0.distance, $0.unfilled, $0.order)
                < ($1.missing, $1.apart ? 1 : 0, $1.distance, $1.unfilled, $1.order)
        }
        // A value is no word of the sentence (`payment` in `the display is on the payment
        // screen` does not make `I cancel the payments` related).
        // A word no definition has (`basket`, `put`) tells none apart: it is left out, or
        // it would leave out every candidate.
        let words = (Self.contentWords(shapes.text) + Self.contentWords(shapes.other ?? [])).filter {
            word in vocabulary.contains { Self.isSameWord($0, word) }
        }
        // Where no word tells candidates apart (none of three letters, or Japanese), one far
        // behind the closest is noise.
        let reach = words.isEmpty ? scored.map(\.distance).min().map { max(3 * $0, $0 + 8) } ?? 0 : Int.max
        // A value written as a whole word of a definition is a word they share after all
        // (`discount` in `I apply a discount of 10%` and `I set a cart discount of {int}%`),
        // where one word of the text already counts.
        let valueWords = typedValues.map(\.literal).filter { $0.count >= 3 && $0.allSatisfy(\.isLetter) }
        // A candidate shares one of the text's `words`: close in letters only (`I set the
        // catalog:` and `I cancel the payments`) is no help to the reader. A text without a
        // word of four letters, and Japanese, written without spaces, have none: any candidate.
        let closest = scored.filter { scored in
            guard scored.distance <= reach else { return false }
            guard !words.isEmpty else { return true }
            let theirs = Self.contentWords(candidates[scored.order].shape)
            return words.contains { word in theirs.contains { Self.isSameWord($0, word) } }
                || theirs.contains { valueWords.contains($0) }
        }.map { Suggestion(source: $0.source, misfits: []) }
        // A definition registered with a full-width colon or percent sign as well (`スタッフ：`, as an input
        // method types it) is one step to the reader: listed once.
        var listed: Set<String> = []
        let distinct = (nearMisses.map(\.suggestion) + closest).filter { suggestion in
            listed.insert(String(suggestion.source.map { $0 == "：" ? ":" : $0 == "％" ? "%" : $0 })).inserted
        }
        return Array(distinct.prefix(3))
    }

    /// One word, allowing for a typo or an ending: the same first four letters
    /// (`catalogue`, `catalog`), or at most two edits (`catlog`, `xatalog`); one edit when
    /// a word has three letters (`bok` is `book`, but `add` is not `bag`).
    static func isSameWord(_ a: [Character], _ b: [Character]) -> Bool {
        if zip(a, b).prefix(while: { $0 == $1 }).count >= 4 { return true }
        let edits = min(a.count, b.count) <= 3 ? 1 : 2
        return abs(a.count - b.count) <= edits && distance(a, b) <= edits
    }

    /// The words of a shape that carry meaning: three letters or more, no placeholder, no
    /// ideograph (a Japanese shape has none), and not one of English's function words
    /// (`from`, `with`). Verbs of three letters count (`add` makes `I add "Tea" to the
    /// basket` related to `I add {string} to the cart`).
    private static func contentWords(_ shape: [Character]) -> [[Character]] {
        String(shape).split(separator: " ").compactMap { token in
            let word = token.filter(\.isLetter)
            guard word.count >= 3, !containsIdeographs(token), !token.contains(where: isPlaceholder),
                !functionWords.contains(String(word))
            else { return nil }
            return Array(word)
        }
    }

    /// English words of three letters or more that say nothing of what a step does.
    private static let functionWords: Set<String> = [
        "the", "and", "for", "are", "was", "has", "its", "not", "but", "all", "any", "can", "our", "you", "his",
        "her", "who", "one", "two", "now", "yet", "too", "out", "off", "per", "via", "with", "from", "that", "this",
        "these", "those", "into", "onto", "than", "then", "there", "their", "them",
        "they", "have", "been", "were", "when", "what", "which", "will", "shall", "should", "would", "could", "does",
        "some", "each", "also", "only", "very",
    ]

    static let placeholder: Character = "\u{E000}"

    /// How many values a shape holds: its placeholders, plain or of a type.
    static func valueCount(_ shape: [Character]) -> Int {
        shape.filter { $0 >= placeholder && $0 <= "\u{E0FF}" }.count
    }

    /// The quotes a value is written in, and the one that closes each.
    static let closingQuote: [Character: Character] = ["\"": "\"", "'": "'", "「": "」"]

    /// A step text with values replaced by the placeholder, lowercased.
    static func shape(ofText text: String) -> [Character] {
        var unquoted = ""
        var closing: Character?
        for character in text {
            if let end = closing {
                if character == end {
                    closing = nil
                    unquoted.append(placeholder)
                }
            } else if let end = closingQuote[character] {
                closing = end
            } else {
                unquoted.append(character)
            }
        }
        // An unclosed quote leaves the rest as one value.
        if closing != nil { unquoted.append(placeholder) }
        return abstractTokens(unquoted, isValue: { token in token.contains { $0.isNumber } }, valueRuns: true)
    }

    /// A Cucumber Expression or regular expression source with each parameter replaced
    /// by a placeholder (its type's own in `placeholders`, else the common one), optional
    /// text and escapes removed, lowercased.
    static func shape(
        ofExpression source: String, isRegularExpression isRegex: Bool, placeholders: [String: Character]
    ) -> [Character] {
        var out = ""
        var depth = 0
        var escaped = false
        var parameterName: String?
        var body = Substring(source)
        if isRegex, body.hasPrefix("^") { body = body.dropFirst() }
        if isRegex, body.hasSuffix("$") { body = body.dropLast() }
        for character in body {
            if escaped {
                if depth == 0 { out.append(character) }
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "{" where !isRegex:
                if depth == 0 { parameterName = "" }
                depth += 1
            case "}" where !isRegex:
                depth = max(0, depth - 1)
                if depth == 0, let name = parameterName {
                    out.append(placeholders[name] ?? placeholder)
                    parameterName = nil
                }
            case "(":
                // A regular expression's group is a value; a Cucumber Expression's optional
                // text is left out: `lane(s)` is compared as `lane`.
                if isRegex, depth == 0 { out.append(placeholder) }
                depth += 1
            case ")":
                depth = max(0, depth - 1)
            default:
                if depth == 0 {
                    out.append(character)
                } else if parameterName != nil {
                    parameterName?.append(character)
                }
            }
        }
        return abstractTokens(out, isValue: { token in token.contains(where: isPlaceholder) }, valueRuns: false)
    }

    /// The common placeholder or a value type's own (the Private Use Area).
    static func isPlaceholder(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0xE000...0xF8FF).contains($0.value) } ?? false
    }

    /// Lowercases and replaces each whitespace-separated token that `isValue` by the common
    /// placeholder (`{int}%` and `10%` both become one; a parameter alone keeps its type's).
    /// Inside Japanese text (no spaces) only the runs of digits become placeholders, when
    /// `valueRuns`.
    private static func abstractTokens(
        _ text: String, isValue: (Substring) -> Bool, valueRuns: Bool
    ) -> [Character] {
        let tokens = text.lowercased().split(whereSeparator: \.isWhitespace).map { token -> [Character] in
            if containsIdeographs(token) { return valueRuns ? replacingValueRuns(token) : Array(token) }
            if token.count == 1, let only = token.first, isPlaceholder(only) { return [only] }
            return isValue(token) ? [placeholder] : Array(token)
        }
        return Array(tokens.joined(separator: [" "]))
    }

    private static func replacingValueRuns(_ token: Substring) -> [Character] {
        var result: [Character] = []
        var inRun = false
        for character in token {
            // Latin letters and digits among Japanese are a value written without its quotes
            // (`overpaymentエラー`, `R1を予約する`).
            let isPartOfValue =
                character.isNumber || (character.isASCII && character.isLetter)
                || (inRun && (character == "," || character == "."))
            if !isPartOfValue { result.append(character) } else if !inRun { result.append(placeholder) }
            inRun = isPartOfValue
        }
        return result
    }

    /// Japanese text has no spaces, so a "token" may be a whole sentence: keep it. The
    /// placeholders (the Private Use Area) are no Japanese: `{int}%` is one value, as `10%` is.
    private static func containsIdeographs(_ token: Substring) -> Bool {
        token.unicodeScalars.contains { $0.value >= 0x3000 && !(0xE000...0xF8FF).contains($0.value) }
    }

}

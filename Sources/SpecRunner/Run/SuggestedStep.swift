import CucumberExpressions
import Foundation

/// The step an undefined one most likely means, as a text to write in its place: the
/// closest "did you mean" expression with the values of the written text put in its
/// parameters, in order (`I ad "Latte" to the cart` → `I add "Latte" to the cart`). Only
/// a text the library then defines is offered, so a fill that went wrong offers nothing.
struct SuggestedStep {
    let generator: CucumberExpressionGenerator
    let isDefined: (String) -> Bool

    /// The text for `written` from `expression` (a Cucumber Expression's source), or nil.
    func text(replacing written: String, with expression: String) -> String? {
        let values = Self.values(in: written, generated: generator.generate(written).first?.source ?? "")
        guard let values, let text = Self.filled(expression, with: values), text != written, isDefined(text)
        else { return nil }
        return text
    }

    /// The values in `text` where the expression generated for it has parameters, in order:
    /// the text between its literal parts.
    static func values(in text: String, generated: String) -> [String]? {
        var literals: [String] = [""]
        var characters = generated.makeIterator()
        var inParameter = false
        while let character = characters.next() {
            switch character {
            case "\\" where !inParameter: literals[literals.count - 1].append(characters.next() ?? "\\")
            case "{" where !inParameter: inParameter = true
            case "}" where inParameter:
                inParameter = false
                literals.append("")
            default: if !inParameter { literals[literals.count - 1].append(character) }
            }
        }
        guard let first = literals.first, text.hasPrefix(first) else { return nil }
        var rest = text.dropFirst(first.count)
        var values: [String] = []
        for (position, literal) in literals.enumerated().dropFirst() {
            let isLast = position == literals.count - 1
            let found = isLast ? rest.range(of: literal, options: .backwards) : rest.range(of: literal)
            guard let found, !isLast || found.upperBound == rest.endIndex, !(literal.isEmpty && !isLast) else {
                return nil
            }
            values.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        return values
    }

    /// `expression` written out: its parameters filled with `values` in order, optional
    /// text `(s)` left out, an alternative `a/b` as its first. Nil when the counts differ.
    static func filled(_ expression: String, with values: [String]) -> String? {
        var text = ""
        var remaining = values[...]
        var characters = Array(expression)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\\": text.append(characters.popFirst() ?? "\\")
            case "{":
                guard let value = remaining.popFirst() else { return nil }
                text += value
                characters = characters.drop { $0 != "}" }.dropFirst()
            case "(": characters = characters.drop { $0 != ")" }.dropFirst()
            case "/": characters = characters.drop { $0 != " " }
            default: text.append(character)
            }
        }
        return remaining.isEmpty ? text : nil
    }
}

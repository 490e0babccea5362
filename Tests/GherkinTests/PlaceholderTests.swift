import Foundation
import Gherkin
import Testing

/// Outline placeholders, checked against the reference's algorithm written out plainly:
/// replace every `<name>` of the first header cell, then of the second, and so on.
@Suite("Outline placeholders")
struct PlaceholderTests {
    /// The reference's substitution, one name after the other.
    private func referenceFill(_ text: String, names: [String], values: [String]) -> String {
        var filled = text
        for (name, value) in zip(names, values) {
            filled = filled.replacingOccurrences(of: "<\(name)>", with: value)
        }
        return filled
    }

    private func pickleTexts(names: [String], values: [String], steps: [String]) throws -> [String] {
        let header = "| " + names.joined(separator: " | ") + " |"
        let row = "| " + values.joined(separator: " | ") + " |"
        let body = steps.map { "    Given \($0)\n" }.joined()
        let text = "Feature: f\n  Scenario Outline: s\n" + body + "    Examples:\n      \(header)\n      \(row)\n"
        let parsed = parseFeatureFile(bytes: Array(text.utf8), uri: "placeholders.feature")
        #expect(parsed.errors.isEmpty)
        let pickle = try #require(parsed.pickles.first)
        return pickle.steps.map(\.text)
    }

    static let cases: [(names: [String], values: [String])] = [
        (["a", "b"], ["1", "2"]),
        (["a", "b"], ["<b>", "x"]),  // a value holding a later placeholder
        (["a", "cvd"], ["v", "w"]),  // a replacement that completes a later placeholder
        (["a", "a"], ["first", "second"]),  // duplicate names: the first wins
        (["a>b", "c"], ["1", "2"]),  // a name holding '>'
        (["名前", "x"], ["値", "<"]),  // non-ASCII, and a value holding '<'
        (["a", "", "b"], ["1", "empty", "2"]),  // an empty name: `<>`
    ]

    @Test("placeholders fill exactly as the reference does", arguments: 0..<cases.count)
    func fillMatchesReference(index: Int) throws {
        let (names, values) = Self.cases[index]
        let steps = [
            "<a> and <b>", "<a><a><b>", "<c<a>d> and <cvd>", "no placeholders", "<a", "a>", "<>", "<a>b>",
            "<a>b> <c>", "<名前> <x>", "<<a>>", "text <unknown> <a>",
        ]
        let texts = try pickleTexts(names: names, values: values, steps: steps)
        #expect(texts.count == steps.count)
        for (text, step) in zip(texts, steps) {
            #expect(text == referenceFill(step, names: names, values: values), "step \(step)")
        }
    }

    @Test(
        "a table row an outline's values fill names the Examples row they come from; a row without a placeholder none")
    func valuesLine() throws {
        let text =
            "Feature: f\n  Scenario Outline: s\n    Given the catalog:\n      | name | price   |\n"
            + "      | Tea  | <price> |\n      | Cake | 300     |\n    Examples:\n      | price |\n      | 520   |\n"
        let parsed = parseFeatureFile(bytes: Array(text.utf8), uri: "rows.feature")
        let rows = try #require(parsed.pickles.first?.steps.first?.dataTable?.rows)
        #expect(rows.map(\.line) == [4, 5, 6])
        #expect(rows.map(\.valuesLine) == [nil, 9, nil])
    }
}

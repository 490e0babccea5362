import Foundation
import TestSupport

/// The step expressions steps.md promises, read from the shared docs, and concrete step
/// lines made from them: what a QA engineer writes from that page alone.
enum StepsDocument {
    static var url: URL { SharedTestdata.url("docs/steps.md") }

    /// Every expression in the Register, Customer display and Calendar tables (both
    /// columns, try forms in parentheses included) and in the "Try forms:" paragraph.
    static func expressions() throws -> [String] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var found: [String] = []
        var inTables = false
        var inTryParagraph = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                inTables = ["## Register", "## Customer display", "## Calendar"].contains { line.hasPrefix($0) }
            }
            if line.hasPrefix("Try forms:") { inTryParagraph = true }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { inTryParagraph = false }
            if inTryParagraph {
                found += backticked(Substring(line)).filter { !$0.contains("…") }
                continue
            }
            guard inTables, line.hasPrefix("|"), !line.hasPrefix("|---"), !line.hasPrefix("| English") else { continue }
            for cell in cells(line) {
                let segments = backticked(cell)
                if let first = segments.first { found.append(first) }
                if let range = cell.range(of: "try form: `") {
                    found += backticked(cell[cell.index(before: range.upperBound)...]).prefix(1)
                }
            }
        }
        return found
    }

    /// The cells of a table row, split at `|` that are not escaped as `\|`.
    private static func cells(_ row: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = row.index(after: row.startIndex)
        var index = start
        var previous: Character = "|"
        while index < row.endIndex {
            if row[index] == "|", previous != "\\" {
                result.append(row[start..<index])
                start = row.index(after: index)
            }
            previous = row[index]
            index = row.index(after: index)
        }
        return result
    }

    private static func backticked(_ text: Substring) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }

    /// Concrete lines for `expression`: each parameter replaced by values QA would write
    /// (every written form of `{yen}`, each quote style of `{string}`), `(s)` both ways.
    static func exampleLines(for expression: String) -> [String] {
        let japanese = expression.unicodeScalars.contains { $0.value > 0x2E80 }
        var lines = [expression]
        let optional = lines.flatMap {
            [$0.replacingOccurrences(of: "(s)", with: ""), $0.replacingOccurrences(of: "(s)", with: "s")]
        }
        lines = Array(Set(optional)).sorted()
        let samples: [(String, [String])] = [
            ("{string}", japanese ? ["「ラテ」", "\"Latte\""] : ["\"Latte\"", "'Latte'"]),
            ("{int}", ["2"]),
            ("{float}", ["1.5", "60"]),
            ("{yen}", ["¥1,200", "¥1200", "1,200円", "1200 yen", "-¥100", "-100円"]),
            ("{time}", ["9:05", "09:05"]),
            ("{method}", japanese ? ["現金", "カード", "QR決済"] : ["cash", "card", "QR"]),
            ("{field}", japanese ? ["合計", "お預かり"] : ["total", "paid"]),
            ("{screen}", japanese ? ["カート", "一部支払い"] : ["cart", "partial"]),
        ]
        for (placeholder, values) in samples {
            lines = lines.flatMap { line -> [String] in
                guard line.contains(placeholder) else { return [line] }
                // Vary the first occurrence over every sample; later ones take the first.
                return values.map { value in
                    var filled = line
                    if let range = filled.range(of: placeholder) { filled.replaceSubrange(range, with: value) }
                    return filled.replacingOccurrences(of: placeholder, with: values[0])
                }
            }
        }
        return lines
    }
}

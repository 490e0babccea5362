import Gherkin

/// What a `:LINE` selects: the innermost part of the file whose lines hold it, as a QA
/// engineer reads the file. A scenario's part runs from its first tag (or its keyword)
/// down to the next scenario, Examples table, Background or Rule, so a step's line, a
/// data table's or a blank line under the scenario selects that scenario; an Examples
/// table's part selects its rows, a row's own line that row alone; a Background's part
/// the scenarios it runs before; a Rule's header its scenarios; the Feature's header (and
/// anything above it) the whole file. A line past the file's end selects nothing.
public struct LineSelection: Sendable {
    public enum Target: Sendable, Equatable {
        case feature
        /// A Rule, by its keyword's line.
        case rule(line: Int)
        /// A Background: the Feature's (`ruleLine` nil) or a Rule's.
        case background(ruleLine: Int?)
        case scenario(line: Int)
        /// An Examples table, by its keyword's line.
        case examples(line: Int)
        case row(line: Int)
    }

    /// A line that selects nothing, and why, in words for the console.
    public struct Unmatched: Error, Equatable {
        public var line: Int
        public var reason: String
    }

    /// Where each part starts, in file order.
    private var starts: [(line: Int, target: Target)] = []
    private var rowLines: Set<Int> = []
    private let lineCount: Int

    public init(document: GherkinDocument?, lineCount: Int) {
        self.lineCount = lineCount
        guard let feature = document?.feature else { return }
        starts.append((1, .feature))
        feature.walk { rule in
            starts.append((Self.firstLine(rule.location, rule.tags), .rule(line: rule.location.line)))
        } background: { background, rule in
            starts.append((background.location.line, .background(ruleLine: rule?.location.line)))
        } scenario: { scenario, _ in
            starts.append((Self.firstLine(scenario.location, scenario.tags), .scenario(line: scenario.location.line)))
            for examples in scenario.examples {
                let examplesLine = examples.location.line
                starts.append((Self.firstLine(examples.location, examples.tags), .examples(line: examplesLine)))
                for row in examples.tableBody { rowLines.insert(row.location.line) }
            }
        }
    }

    /// What `lines` of a parsed file select, the lines that select no pickle, and those of
    /// `listed` (from an `@FILE` list) that start no scenario or Examples row (`stale`).
    static func targets(
        of lines: [Int], listed: [Int] = [], in parsed: ParsedFeatureFile, index: FeatureIndex
    ) -> (targets: [Target], unmatched: [Unmatched], stale: [Unmatched]) {
        guard !lines.isEmpty else { return ([], [], []) }
        let selection = LineSelection(document: parsed.document, lineCount: lineCount(of: parsed.source))
        var targets: [Target] = []
        var unmatched: [Unmatched] = []
        for line in lines {
            switch selection.target(of: line) {
            case .success(let target) where parsed.pickles.contains { index.isSelected($0, byAnyOf: [target]) }:
                targets.append(target)
            case .success: unmatched.append(Unmatched(line: line, reason: "is in no scenario"))
            case .failure(let found): unmatched.append(found)
            }
        }
        return (targets, unmatched, listed.compactMap(selection.stale))
    }

    /// Why a `line` an `@FILE` list gave (which names the line a scenario or an Examples
    /// row starts at) starts neither: the file has changed since the list was written, and
    /// the line selects what holds it, which may not be what failed. Nil when it starts one.
    private func stale(_ line: Int) -> Unmatched? {
        guard case .success(let target) = target(of: line) else { return nil }
        let holder: String
        switch target {
        case .scenario(line: line), .row(line: line): return nil
        case .scenario(let start): holder = "the scenario at line \(start)"
        case .examples(let start): holder = "the Examples at line \(start)"
        case .row(let start): holder = "the row at line \(start)"
        case .rule(let start): holder = "the Rule at line \(start)"
        case .background: holder = "what the Background runs before"
        case .feature: holder = "the whole Feature"
        }
        return Unmatched(
            line: line,
            reason: "is from an @FILE list but starts no scenario or Examples row: the file has changed since the"
                + " list was written, so it selects \(holder)")
    }

    /// The lines of a file's text, as the parser counts them.
    public static func lineCount(of source: String?) -> Int {
        guard let bytes = source?.utf8, !bytes.isEmpty else { return 0 }
        let breaks = bytes.reduce(into: 0) { count, byte in if byte == UInt8(ascii: "\n") { count += 1 } }
        return bytes.last == UInt8(ascii: "\n") ? breaks : breaks + 1
    }

    /// The part that holds `line`, or why there is none.
    public func target(of line: Int) -> Result<Target, Unmatched> {
        guard line <= lineCount else {
            let lines = lineCount == 1 ? "1 line" : "\(lineCount) lines"
            return .failure(Unmatched(line: line, reason: "is past the end of the file (\(lines))"))
        }
        if rowLines.contains(line) { return .success(.row(line: line)) }
        guard let part = starts.last(where: { $0.line <= line }) else {
            return .failure(Unmatched(line: line, reason: "is in a file with no Feature"))
        }
        return .success(part.target)
    }

    private static func firstLine(_ location: Location, _ tags: [Tag]) -> Int {
        tags.reduce(location.line) { min($0, $1.location.line) }
    }
}

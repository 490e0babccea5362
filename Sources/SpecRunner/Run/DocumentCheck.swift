import CucumberExpressions
import Foundation
import Gherkin

/// One problem `--dry-run` finds in a feature file, for an editor: its line (1-based),
/// the column the advice names (1-based, in characters; nil for the whole line), and the
/// advice in the file's language.
public struct DocumentProblem: Sendable, Equatable {
    public enum Severity: Sendable, Equatable {
        /// The file, or a scenario of it, cannot pass as written.
        case error
        /// It runs, but not as its author most likely thinks.
        case warning
    }

    public var line: Int
    public var column: Int?
    public var severity: Severity
    public var message: String
    /// For an undefined step whose closest step is known with its values: the step's text
    /// as written (`written`) and the text to write instead (`replacement`), an editor's
    /// quick fix.
    public var written: String?
    public var replacement: String?
}

/// What a dry run finds in one feature file held in memory (an editor's buffer): the
/// planner's own parsing, advice, matching, suggestions and value checks, as problems
/// with places instead of console text. One check serves a whole editing session, so a
/// step text is matched once however often the file changes.
public struct DocumentCheck: Sendable {
    private let planner: RunPlanner
    private let generator: CucumberExpressionGenerator

    public init(registry: StepRegistry) {
        var options = RunOptions()
        options.dryRun = true
        planner = RunPlanner(registry: registry, options: options)
        generator = CucumberExpressionGenerator(registry: registry.parameterTypes)
    }

    /// The expression of the one definition `text` matches (a step without its keyword).
    public func expression(of text: String) -> String? { planner.expression(of: text) }

    /// Every problem of `text`, in line order; `path` is only the name the parser is given.
    /// A line Gherkin refuses takes its scenario, or the whole file, out of the plan: so
    /// that a line being typed does not hide what the others say, the text is checked again
    /// without the refused lines, and the steps' problems of the other lines are added.
    public func problems(in text: String, path: String = "document.feature") -> [DocumentProblem] {
        // A text larger than a run reads is what a run says of it, and no more.
        if text.utf8.count > FeatureFileReader.maximumFileSize {
            let refusal = FeatureFinder.notRead(.tooLarge(size: text.utf8.count))
            return [DocumentProblem(line: 1, severity: .error, message: refusal)]
        }
        // Bytes the editor could not read as UTF-8: every other problem would be of the garbled text.
        if let replaced = text.unicodeScalars.firstIndex(of: "\u{FFFD}") {
            let line = text.unicodeScalars[..<replaced].count { $0 == "\n" } + 1
            let wording = RunnerWording.of(language: SourceLines { text }.dialect.language).advice
            let message = Diagnostic.Message.parseError(
                .replacementCharacters, hints: [], unclosedDocString: nil, sameCause: 0)
            return [DocumentProblem(line: line, severity: .error, message: wording.text(of: message))]
        }
        let first = check(text, path: path)
        var found = first.file + first.steps
        if !first.refused.isEmpty {
            var lines = SourceLines.lines(of: Substring(text))
            for line in first.refused where lines.indices.contains(line - 1) { lines[line - 1] = "" }
            let known = Set(found.map { "\($0.line)\n\($0.message)" })
            found += check(lines.joined(separator: "\n"), path: path).steps.filter {
                !first.refused.contains($0.line) && !known.contains("\($0.line)\n\($0.message)")
            }
        }
        // A warning a step's failure says again (a `<placeholder>` no column fills) is the error alone.
        let errors = Set(found.filter { $0.severity == .error }.map { "\($0.line)\n\($0.message)" })
        found.removeAll { $0.severity == .warning && errors.contains("\($0.line)\n\($0.message)") }
        return found.sorted { ($0.line, $0.column ?? 0) < ($1.line, $1.column ?? 0) }
    }

    /// What one dry run of `text` finds: the file's problems (its parse errors and
    /// warnings), the steps' (undefined, ambiguous, values, unchecked try steps), and the
    /// lines Gherkin refused.
    private func check(_ text: String, path: String) -> (
        file: [DocumentProblem], steps: [DocumentProblem], refused: Set<Int>
    ) {
        let parsed = parseFeatureFile(bytes: Array(text.utf8), uri: path)
        let file = planner.planFile(FeatureFinder.Selection(path: path, lines: []), read: .success(parsed), index: 0)
        let language = parsed.document?.feature?.language ?? "en"
        let parseErrors = file.suite.parseErrors + file.suite.recoveredErrors
        let fileProblems =
            parseErrors.map { Self.problem($0, severity: .error) }
            + file.suite.warnings.map { Self.problem($0, severity: .warning) }
        var found: [DocumentProblem] = []
        let plan = planner.plan([file])
        // Once for an outline's step line, whatever its rows write in it.
        for group in RunPlan.grouped(plan.undefined) {
            let step = group[0]
            var shown = step
            if group.count > 1, let written = step.written { shown.text = written }
            let message = Self.undefinedText(shown)
            let replacement =
                group.count > 1 || step.isLostLine
                ? nil : step.suggestions.first.flatMap { suggestedText(replacing: step.text, with: $0) }
            found += step.locations.map {
                DocumentProblem(
                    line: $0.line, severity: .error, message: message,
                    written: replacement == nil ? nil : step.text, replacement: replacement)
            }
        }
        for step in plan.ambiguous {
            let message = Self.ambiguousText(step, language: language)
            found += step.locations.map { DocumentProblem(line: $0.line, severity: .error, message: message) }
        }
        // Every step's problem, not only each scenario's first as a run meets them; a
        // Background's or an outline's step once.
        var seen: Set<String> = []
        for scenario in plan.scenarios where scenario.parseErrors.isEmpty {
            // Try steps left unchecked past a step the run would fail at, too.
            let unchecked = OutcomeSequence.problems(
                in: scenario.steps, definitions: planner.registry.definitions, throughFailures: true)
            for (index, step) in scenario.steps.enumerated() {
                guard
                    let problem = ScenarioExecutor.dryRunFailure(of: scenario, at: index)?.message ?? unchecked[index],
                    seen.insert("\(step.location.line)\n\(problem)").inserted
                else { continue }
                // A table's problem is shown on its row, where the author fixes it.
                let line = scenario.argumentProblems[index] == nil ? nil : tableLine(of: step)
                found.append(DocumentProblem(line: line ?? step.location.line, severity: .error, message: problem))
            }
        }
        return (fileProblems, found, Set(parseErrors.compactMap(\.line)))
    }

    /// The line of the table row a step's table problem is on: the header (or the first
    /// row of a table the step takes none of) for its columns, else the first row whose
    /// values the step cannot read, the row that makes the shortest part of the table
    /// show the problem. Nil: the step's own line (a doc string, a step that needs a table).
    private func tableLine(of step: PlannedStep) -> Int? {
        guard case .matched(let index, _) = step.match, planner.registry.definitions.indices.contains(index),
            case .dataTable(let table) = step.argument, let header = table.rows.first
        else { return nil }
        let definition = planner.registry.definitions[index]
        if definition.checkArgument?(step.argument) != nil { return header.line }
        guard let values = definition.checkTableValues else { return nil }
        var part = table
        for last in table.rows.indices.dropFirst() {
            part.rows = Array(table.rows[...last])
            if values(.dataTable(part)) != nil { return table.rows[last].line }
        }
        return nil
    }

    /// The planner's advice as a problem (the whole file's on line 1).
    static func problem(_ advice: FileAdvice, severity: DocumentProblem.Severity) -> DocumentProblem {
        DocumentProblem(
            line: advice.line ?? 1, column: advice.line == nil ? nil : advice.column, severity: severity,
            message: advice.text)
    }

    /// An undefined step, with the steps meant and why its values miss them, in the
    /// file's language (the console's words: `RunnerWording`); no snippet, which is for
    /// whoever adds a step to the library.
    static func undefinedText(_ step: UndefinedStep) -> String {
        let wording = RunnerWording.of(language: step.language)
        // A keyword alone on its line has no step to suggest: its note says it all.
        if step.text.allSatisfy(\.isWhitespace) { return wording.keywordAlone }
        let help = FailureText.undefinedHelp(step, snippets: false)
        return ([wording.undefinedStep(step.text)] + help).joined(separator: "\n")
    }

    static func ambiguousText(_ step: AmbiguousStep, language: String) -> String {
        let wording = RunnerWording.of(language: language)
        return ([wording.ambiguousStep(step.text), wording.matchingDefinitions] + step.candidates.map { "  \($0)" })
            .joined(separator: "\n")
    }
}

/// The step an undefined one most likely means, as a text to write in its place: the
/// closest "did you mean" expression with the values of the written text put in its
/// parameters, in order (`I ad "Latte" to the cart` → `I add "Latte" to the cart`). Only
/// a text the library then defines is offered, so a fill that went wrong offers nothing.
extension DocumentCheck {
    /// The text for `written` from `expression` (a Cucumber Expression's source), or nil.
    func suggestedText(replacing written: String, with expression: String) -> String? {
        let values = Self.values(in: written, generated: generator.generate(written).first?.source ?? "")
        guard let values, let text = Self.filled(expression, with: values), text != written,
            self.expression(of: text) != nil
        else { return nil }
        return text
    }

    /// The values in `text` where the expression generated for it has parameters, in order:
    /// the text between its literal parts.
    static func values(in text: String, generated: String) -> [String]? {
        var literals: [String] = [""]
        let parsed = try? ExpressionText.writeOut(
            generated,
            literal: { literal in
                literals[literals.count - 1] += literal
                return literal
            },
            parameter: { name in
                literals.append("")
                return name
            })
        guard parsed != nil, let first = literals.first, text.hasPrefix(first) else { return nil }
        var rest = text.dropFirst(first.count)
        var values: [String] = []
        for (position, literal) in literals.enumerated().dropFirst() {
            let isLast = position == literals.count - 1
            // The last literal ends the text: its bytes are compared, not searched for (a
            // search backwards takes the two lengths multiplied).
            let found = isLast ? Self.suffix(literal, of: rest) : rest.range(of: literal)
            guard let found, !(literal.isEmpty && !isLast) else { return nil }
            values.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        return values
    }

    /// Where `text` ends with `literal`, byte for byte; nil when it does not.
    private static func suffix(_ literal: String, of text: Substring) -> Range<String.Index>? {
        let (bytes, count) = (text.utf8, literal.utf8.count)
        guard bytes.count >= count, bytes.suffix(count).elementsEqual(literal.utf8) else { return nil }
        return bytes.index(bytes.endIndex, offsetBy: -count)..<bytes.endIndex
    }

    /// `expression` written out: its parameters filled with `values` in order, optional
    /// text `(s)` left out, an alternative `a/b` as its first. Nil when the counts differ.
    static func filled(_ expression: String, with values: [String]) -> String? {
        var remaining = values[...]
        var short = false
        let text = try? ExpressionText.writeOut(expression, optionalParts: false) { _ in
            if remaining.isEmpty { short = true }
            return remaining.popFirst() ?? ""
        }
        return short || !remaining.isEmpty ? nil : text
    }
}

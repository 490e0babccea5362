// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// `I add {int} {string} to the cart`, compiled to an anchored regular expression.
public struct CucumberExpression: StepExpression {
    /// The expression as written (kept with the compiled parts: see `Compiled`).
    public var source: String { compiled.source }
    /// The compiled regular expression's text, `^…$` (as the reference writes it).
    public var regexSource: String { compiled.regex.pattern }
    /// The parameter types in order of appearance.
    public var parameterTypeNames: [String] { compiled.parameters.map(\.type.name) }
    private let compiled: Compiled

    /// Everything compiled, behind one reference: a runner copies expressions in its
    /// matching loop, and one retain is cheaper than one per field.
    private final class Compiled: Sendable {
        let source: String
        let parameters: [CucumberExpressionCompiler.ParameterSlot]
        let regex: CompiledRegex
        let filter: LiteralFilter
        let tree: Node

        init(
            source: String, parameters: [CucumberExpressionCompiler.ParameterSlot], regex: CompiledRegex,
            filter: LiteralFilter, tree: Node
        ) {
            self.source = source
            self.parameters = parameters
            self.regex = regex
            self.filter = filter
            self.tree = tree
        }
    }

    public init(_ source: String, registry: ParameterTypeRegistry) throws {
        let tree = try CucumberExpressionParser.parse(source)
        let output = try CucumberExpressionCompiler.compile(tree, source: source, registry: registry)
        compiled = Compiled(
            source: source, parameters: output.parameters, regex: CompiledRegex(deferring: output.regexSource),
            filter: LiteralFilter(expression: tree), tree: tree)
    }

    /// The UTF-8 bytes every matching text starts with (for `StepExpressionIndex`).
    var literalPrefix: [UInt8] { compiled.filter.prefix }

    public func match(_ text: String) -> [ExpressionArgument]? {
        guard compiled.filter.admits(text), let positions = compiled.regex.wholeMatchPositions(text) else {
            return nil
        }
        let match = GroupMatch(text: text, ranges: positions.ranges, scalarStarts: positions.scalarStarts)
        return compiled.parameters.map {
            match.argument(
                group: $0.groupNumber, innerGroupNumbers: $0.innerGroupNumbers, innerGroups: $0.innerGroups,
                type: $0.type)
        }
    }

    /// The parameters whose values keep `text` from matching, when that is all that does:
    /// `the display shows the basket screen` against `the display shows the {screen}
    /// screen` gives `[("screen", "basket")]`. Nil when the text differs in its words too
    /// (or matches). For "did you mean": it tells an author which value is wrong.
    ///
    /// With several parameters the text may split several ways (`the display shows the
    /// totals ¥100` against `the display shows {field} {yen}`): each parameter is also
    /// tried with its own type kept, and the split with the fewest wrong values wins.
    public func misfits(in text: String) -> [ExpressionMisfit]? {
        // The literal filter checks the top-level text, which the relaxed form keeps: a
        // text it refuses cannot match that either (and most texts are refused here).
        let parameters = compiled.parameters
        guard !parameters.isEmpty, compiled.filter.admits(text) else { return nil }
        let types = parameters.map(\.type)
        var best: [ExpressionMisfit]?
        for strict in [nil] + (parameters.count > 1 ? Array(parameters.indices) : []) {
            let relaxed = CucumberExpressionCompiler.relaxedRegex(compiled.tree, strict: strict, types: types)
            guard let regex = try? CompiledRegex(pattern: relaxed.pattern), let ranges = regex.wholeMatch(text)
            else { continue }
            var misfits: [ExpressionMisfit] = []
            for (type, group) in zip(types, relaxed.groups) {
                guard group < ranges.count, let range = ranges[group] else { continue }
                let value = String(text[range])
                let alone = try? CompiledRegex(pattern: "^(?:" + type.regexps.joined(separator: "|") + ")$")
                if alone?.wholeMatch(value) == nil {
                    let spaceless = value.filter { !$0.isWhitespace }
                    let fits = spaceless.count != value.count && alone?.wholeMatch(spaceless) != nil
                    misfits.append(ExpressionMisfit(type: type, value: value, fitsWithoutSpaces: fits))
                }
            }
            if !misfits.isEmpty, misfits.count < best?.count ?? Int.max { best = misfits }
        }
        // Every one of several values wrong is a different sentence, not a wrong value
        // (`the display shows the basket screen` is no `{field} {yen}`).
        guard let best, best.count < parameters.count || best.count == 1 else { return nil }
        return best
    }
}

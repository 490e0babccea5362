/// A Cucumber Expression written out as a text it matches, for whatever writes steps from
/// their expressions (an editor's snippet, a generated scenario): `the display received
/// {int} update(s)` is `the display received 3 updates`, not the `update(s)` that only
/// the expression reads as optional.
public enum ExpressionText {
    /// Each literal as `literal(text)` (escapes resolved), each optional part kept
    /// (`optionalParts`) or left out, each alternation as its first alternative (`in` of
    /// `in/with`), and each parameter as `parameter(name)`, called in order of appearance.
    public static func writeOut(
        _ expression: String, optionalParts: Bool = true, literal: (String) -> String = { $0 },
        parameter: (String) -> String
    ) throws(CucumberExpressionError) -> String {
        var out = ""
        func write(_ node: Node) {
            switch node.kind {
            case .text: out += literal(node.text)
            case .parameter: out += parameter(node.text)
            case .optional: if optionalParts { node.nodes.forEach(write) }
            case .alternation: node.nodes.first.map(write)
            case .alternative, .expression: node.nodes.forEach(write)
            }
        }
        write(try CucumberExpressionParser.parse(expression))
        return out
    }
}

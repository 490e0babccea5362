/// A node of a Cucumber Expression's syntax tree, located by Unicode scalar offsets.
public struct Node: Sendable, Equatable {
    /// The grammar rule a node was built by.
    public enum Kind: String, Sendable, CaseIterable {
        case text = "TEXT_NODE"
        case optional = "OPTIONAL_NODE"
        case alternation = "ALTERNATION_NODE"
        case alternative = "ALTERNATIVE_NODE"
        case parameter = "PARAMETER_NODE"
        case expression = "EXPRESSION_NODE"
    }

    public let kind: Kind
    public let start: Int
    public let end: Int
    /// The children; empty for a text node.
    public let nodes: [Node]
    /// The text of a text node (escapes resolved); nil for the other kinds.
    public let token: String?

    public init(kind: Kind, start: Int, end: Int, nodes: [Node] = [], token: String? = nil) {
        self.kind = kind
        self.start = start
        self.end = end
        self.nodes = nodes
        self.token = token
    }

    /// The text a node spells: its token, or its children's texts joined (a parameter's name).
    public var text: String {
        if let token { return token }
        return nodes.map(\.text).joined()
    }
}

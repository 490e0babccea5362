/// Something with a span of Unicode scalar offsets in an expression: a token or a node.
protocol Located {
    var start: Int { get }
    var end: Int { get }
}

extension Token: Located {}
extension Node: Located {}

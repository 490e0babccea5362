/// Prints tokens the way the reference's `.tokens` files do:
/// `(line:column)Type:(keywordType)keyword/text/column:item,column:item`.
enum TokenFormatter {
    static func format(_ token: Token, in bytes: [UInt8]) -> String {
        guard !token.isEOF else { return "EOF" }
        var out = "(\(token.lineNumber):\(token.column ?? 0))\(token.type?.rawValue ?? ""):"
        if let keyword = token.keyword {
            out += "(\(token.keywordType?.rawValue ?? ""))\(keyword)"
        }
        out += "/\(token.text(in: bytes) ?? "")/"
        if token.type == .tableRow {
            out += token.cells.map { "\($0.location.column ?? 0):\($0.value)" }.joined(separator: ",")
        } else {
            out += token.items.map { "\($0.location.column ?? 0):\($0.name)" }.joined(separator: ",")
        }
        return out
    }
}

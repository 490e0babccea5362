/// One lexical unit of a Cucumber Expression, located by Unicode scalar offsets.
public struct Token: Sendable, Equatable {
    /// What a token stands for in the grammar.
    public enum Kind: String, Sendable, CaseIterable {
        case startOfLine = "START_OF_LINE"
        case endOfLine = "END_OF_LINE"
        case whiteSpace = "WHITE_SPACE"
        case beginOptional = "BEGIN_OPTIONAL"
        case endOptional = "END_OPTIONAL"
        case beginParameter = "BEGIN_PARAMETER"
        case endParameter = "END_PARAMETER"
        case alternation = "ALTERNATION"
        case text = "TEXT"

        /// The character a structural token is written with (empty for text and line ends).
        var symbol: String {
            switch self {
            case .beginOptional: return "("
            case .endOptional: return ")"
            case .beginParameter: return "{"
            case .endParameter: return "}"
            case .alternation: return "/"
            case .startOfLine, .endOfLine, .whiteSpace, .text: return ""
            }
        }

        /// What the structural token is for, as the reference's error hints word it.
        var purpose: String {
            switch self {
            case .beginOptional, .endOptional: return "optional text"
            case .beginParameter, .endParameter: return "a parameter"
            case .alternation: return "alternation"
            case .startOfLine, .endOfLine, .whiteSpace, .text: return ""
            }
        }
    }

    /// The token's text, with escapes resolved (`\(` is `(`).
    public let text: String
    public let kind: Kind
    /// Offset of the first scalar, counting the escaping backslashes.
    public let start: Int
    /// Offset just past the last scalar.
    public let end: Int

    public init(text: String, kind: Kind, start: Int, end: Int) {
        self.text = text
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// Whether `scalar` may follow a backslash.
    static func canEscape(_ scalar: Unicode.Scalar) -> Bool {
        isWhiteSpace(scalar) || "{}()\\/".unicodeScalars.contains(scalar)
    }

    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    /// The kind of an unescaped scalar.
    static func kind(of scalar: Unicode.Scalar) -> Kind {
        if isWhiteSpace(scalar) { return .whiteSpace }
        switch scalar {
        case "/": return .alternation
        case "{": return .beginParameter
        case "}": return .endParameter
        case "(": return .beginOptional
        case ")": return .endOptional
        default: return .text
        }
    }
}

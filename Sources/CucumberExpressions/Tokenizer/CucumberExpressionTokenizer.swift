/// Splits a Cucumber Expression into tokens, resolving backslash escapes.
///
/// Runs of text and runs of white space each become one token; every structural character
/// (`(`, `)`, `{`, `}`, `/`) is a token of its own. Offsets count Unicode scalars, so an
/// emoji is one column, as in the reference implementation.
public enum CucumberExpressionTokenizer {
    /// The tokens of `expression`, framed by start- and end-of-line tokens.
    public static func tokenize(_ expression: String) throws(CucumberExpressionError) -> [Token] {
        let scalars = Array(expression.unicodeScalars)
        var tokens = [Token(text: "", kind: .startOfLine, start: 0, end: 0)]
        // The run's text as UTF-8, made a string once per token.
        var buffer: [UInt8] = []
        var bufferCount = 0
        var bufferStart = 0
        var bufferKind = Token.Kind.startOfLine
        var escapedInBuffer = 0
        var escaping = false

        func flush() {
            // Escaping backslashes belong to the text token they produced.
            let escapes = bufferKind == .text ? escapedInBuffer : 0
            if bufferKind == .text { escapedInBuffer = 0 }
            let end = bufferStart + bufferCount + escapes
            tokens.append(
                Token(text: String(decoding: buffer, as: UTF8.self), kind: bufferKind, start: bufferStart, end: end))
            buffer.removeAll(keepingCapacity: true)
            bufferCount = 0
            bufferStart = end
        }

        for scalar in scalars {
            if !escaping && scalar == "\\" {
                escapedInBuffer += 1
                escaping = true
                continue
            }
            let kind: Token.Kind
            if escaping {
                guard Token.canEscape(scalar) else {
                    throw .cantEscape(expression, index: bufferStart + bufferCount + escapedInBuffer)
                }
                kind = .text
            } else {
                kind = Token.kind(of: scalar)
            }
            escaping = false
            let continuesRun = kind == bufferKind && (kind == .text || kind == .whiteSpace)
            if bufferKind != .startOfLine && !continuesRun {
                flush()
            }
            if bufferKind == .startOfLine || !continuesRun {
                bufferKind = kind
            }
            UTF8.encode(scalar) { buffer.append($0) }
            bufferCount += 1
        }
        if escaping {
            throw .endOfLineCanNotBeEscaped(expression)
        }
        if bufferCount > 0 {
            flush()
        }
        tokens.append(Token(text: "", kind: .endOfLine, start: bufferStart, end: bufferStart))
        return tokens
    }
}

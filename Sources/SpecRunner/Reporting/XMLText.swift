/// Escapes text for XML 1.0 so any report parses, whatever the steps printed.
public enum XMLText {
    /// Character data: `&`, `<`, `>` escaped; CR kept as `&#13;` (parsers would fold it
    /// into LF); characters XML 1.0 forbids replaced by U+FFFD.
    public static func content(_ text: String) -> String { escape(text, attribute: false) }

    /// An attribute value: also `"` escaped, and tab/CR/LF as character references so
    /// attribute normalisation does not turn them into spaces.
    public static func attribute(_ text: String) -> String { escape(text, attribute: true) }

    private static func escape(_ text: String, attribute: Bool) -> String {
        if !mayNeedWork(text, attribute: attribute) { return text }
        // Built as a String: a scalar view's `append(contentsOf:)` copies all it holds, so
        // a text of many `<` would take time that grows with the square of its length.
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            // What XML 1.0 allows (`Char` production; Swift strings hold no surrogates).
            case "\t", "\n", " "..."\u{D7FF}", "\u{E000}"..."\u{FFFD}", "\u{10000}"..."\u{10FFFF}":
                out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append("\u{FFFD}")
            }
        }
        return out
    }

    /// A look at the UTF-8 bytes: false only when nothing needs escaping or replacing.
    /// Of the non-ASCII scalars only U+FFFE and U+FFFF are forbidden; both begin with
    /// 0xEF, which sends the text to the careful path.
    private static func mayNeedWork(_ text: String, attribute: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case 0x26, 0x3C, 0x3E, 0x0D, 0xEF: return true
                case 0x22, 0x0A, 0x09: if attribute { return true }
                case 0x00..<0x20: return true
                default: continue
                }
            }
            return false
        }
    }
}

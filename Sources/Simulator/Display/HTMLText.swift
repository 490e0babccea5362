/// Escapes text for HTML text nodes and attribute values: `& < > " '` become entities, so
/// a product called `<b>Tea & "Cake"</b>` shows literally.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { Self.needsEscaping($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result.append("&amp;")
            case "<": result.append("&lt;")
            case ">": result.append("&gt;")
            case "\"": result.append("&quot;")
            case "'": result.append("&#39;")
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}

import Wire

/// Escapes text for HTML text nodes and attribute values: `& < > " '` become entities, so
/// a product called `<b>Tea & "Cake"</b>` shows literally.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var html = UTF8Buffer(capacity: text.utf8.count + 16)
        append(text, to: &html)
        return html.text
    }

    /// Writes `escape(text)` into `html`, copying the runs between entities whole.
    public static func append(_ text: String, to html: inout UTF8Buffer) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let entity: StaticString
                switch utf8[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                html.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                html.append(entity)
                runStart = index + 1
            }
            html.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }
}

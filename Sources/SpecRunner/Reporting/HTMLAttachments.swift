/// How the HTML report shows what a step attached: an HTML page (the customer display as
/// the step judged it) in a sandboxed frame at the display's size, text and JSON as text
/// (folded under its file name when it has one), an image as an image, anything else as a
/// file to save.
enum HTMLAttachments {
    /// The frame's size: the customer display's 1024×600, drawn at half size.
    static let frameWidth = 1024
    static let frameHeight = 600

    static func render(_ attachments: [Attachment], caption: String, snapshots: inout SnapshotTable) -> String {
        var text = ""
        for attachment in attachments {
            let media = attachment.mediaType.lowercased()
            let name = attachment.fileName.map(HTMLReport.escape)
            switch (media, attachment.encoding) {
            case ("text/html", .identity):
                let index = snapshots.index(of: attachment.body)
                // Same origin, and no scripts in it: the report reads the frame, the snapshot
                // runs nothing.
                text += "<figure class=\"display\"><div class=\"frame\"><iframe sandbox=\"allow-same-origin\""
                text += " data-snapshot=\"\(index)\" width=\"\(frameWidth)\" height=\"\(frameHeight)\""
                text += " title=\"\(HTMLReport.escape(caption))\"></iframe></div>"
                text += "<figcaption>\(HTMLReport.escape(caption))</figcaption></figure>"
            case (let media, .identity) where media.hasPrefix("text/") || media == "application/json":
                // A named text (the display's readable text, the register's state) folds
                // under its name; a log line shows as it is.
                let body = "<pre class=\"attachment\">\(HTMLReport.escape(attachment.body))</pre>"
                text += name.map { "<details class=\"attachment\"><summary>\($0)</summary>\(body)</details>" } ?? body
            case (let media, .base64) where media.hasPrefix("image/"):
                text += "<img class=\"attachment\" alt=\"\(name ?? "")\" src=\"data:\(HTMLReport.escape(media));base64,"
                text += "\(HTMLReport.escape(attachment.body))\">"
            default:
                let data =
                    attachment.encoding == .base64
                    ? "data:\(media);base64,\(attachment.body)"
                    : "data:\(media);charset=utf-8,\(attachment.body.addingPercentEncodingForDataURL())"
                text += "<a class=\"attachment\" download=\"\(name ?? "attachment")\""
                text += " href=\"\(HTMLReport.escape(data))\">\(name ?? HTMLReport.escape(media))</a>"
            }
        }
        return text
    }
}

/// The display snapshots of a report, each stored once (a run's scenarios show the same
/// screens again and again), written as one JSON array the page's script reads.
struct SnapshotTable {
    private var indices: [String: Int] = [:]
    private var pages: [String] = []

    mutating func index(of page: String) -> Int {
        if let index = indices[page] { return index }
        pages.append(page)
        indices[page] = pages.count - 1
        return pages.count - 1
    }

    /// `<script type="application/json" id="snapshots">[…]</script>`, with `<`, `>` and
    /// `&` escaped so that no snapshot can end the script element.
    func script() -> String {
        var text = "<script type=\"application/json\" id=\"snapshots\">["
        for (index, page) in pages.enumerated() {
            if index > 0 { text += "," }
            text += "\""
            for scalar in page.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "<": text += "\\u003c"
                case ">": text += "\\u003e"
                case "&": text += "\\u0026"
                case "\u{2028}": text += "\\u2028"
                case "\u{2029}": text += "\\u2029"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
            text += "\""
        }
        return text + "]</script>\n"
    }
}

extension String {
    /// Percent-encoded for a `data:` URL: everything but unreserved ASCII.
    fileprivate func addingPercentEncodingForDataURL() -> String {
        var out = ""
        for byte in utf8 {
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

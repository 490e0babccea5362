/// How the HTML report shows what a step attached: an HTML page (the customer display as
/// the step judged it) in a sandboxed frame at the display's size, text and JSON as text
/// (folded under its file name when it has one), an image as an image, anything else as a
/// file to save. Pages and named texts go to the report's `AttachmentTable`, each stored
/// once, and the step names them (`data-a="p3 t7"`): the page's script puts them in
/// place when their scenario is unfolded.
enum HTMLAttachments {
    /// The step's `data-a` references, and what is shown inline.
    static func render(_ attachments: [Attachment], table: inout AttachmentTable) -> (
        references: [String], inline: String
    ) {
        var references: [String] = []
        var text = ""
        for attachment in attachments {
            let media = attachment.mediaType.lowercased()
            let name = attachment.fileName.map(HTMLReport.escape)
            switch (media, attachment.encoding) {
            case ("text/html", .identity):
                references.append(table.page(attachment.body))
            case (let media, .identity) where media.hasPrefix("text/") || media == "application/json":
                // A named text (the display's readable text, the register's state) folds
                // under its name; a log line shows as it is.
                if let fileName = attachment.fileName {
                    references.append(table.text(attachment.body, name: fileName))
                } else {
                    text += "<pre class=\"attachment\">\(HTMLReport.escape(attachment.body))</pre>"
                }
            case (let media, .base64) where media.hasPrefix("image/"):
                text += "<img class=\"attachment\" alt=\"\(name ?? "")\" src=\"data:\(HTMLReport.escape(media));base64,"
                text += "\(HTMLReport.escape(attachment.body))\">"
            default:
                let data =
                    attachment.encoding == .base64
                    ? "data:\(media);base64,\(attachment.body)"
                    : "data:\(media);charset=utf-8,\(AttachmentTable.percentEncoded(attachment.body))"
                text += "<a class=\"attachment\" download=\"\(name ?? "attachment")\""
                text += " href=\"\(HTMLReport.escape(data))\">\(name ?? HTMLReport.escape(media))</a>"
            }
        }
        return (references, text)
    }
}

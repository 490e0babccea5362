import Wire

extension MessageStream {
    /// The last attachment body of each media type, kept as the JSON string it was written
    /// as. Display checks in a row judge the same snapshot (the screen, then the total, then
    /// the points), so about half the bodies are the one before them of their type, and
    /// such a body is copied rather than escaped again.
    struct AttachmentBodies: Sendable {
        private var last: [(mediaType: String, body: UTF8Text, json: [UInt8])] = []

        /// Writes `body` as a JSON string.
        mutating func write(_ body: String, mediaType: String, into json: inout JSONWriter) {
            let index = last.firstIndex { $0.mediaType == mediaType }
            let text = UTF8Text(body)
            if let index, last[index].body == text {
                json.raw(bytes: last[index].json)
                return
            }
            var written = JSONWriter(capacity: body.utf8.count + 16)
            written.string(body)
            let bytes = written.bytes
            json.raw(bytes: bytes)
            if let index {
                last[index] = (mediaType, text, bytes)
            } else {
                last.append((mediaType, text, bytes))
            }
        }
    }
}

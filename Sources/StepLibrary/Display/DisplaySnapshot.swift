/// One customer-display snapshot read as protocol.md's HTML contract: the screen, each
/// visible field with its amount, and the page's text.
public struct DisplaySnapshot: Sendable, Equatable {
    /// One element carrying `data-field`.
    public struct Field: Sendable, Equatable {
        /// `data-field`: `line`, `subtotal`, `total`, `greeting`, …
        public var name: String
        /// `data-amount` in yen, when the element has one.
        public var amount: Int?
        /// `data-name` (lines).
        public var itemName: String?
        /// `data-quantity` (lines).
        public var quantity: Int?
        /// The element's text, whitespace collapsed.
        public var text: String
    }

    /// `data-screen` of the root element; nil when no element carries it.
    public var screen: String?
    /// The fields in document order.
    public var fields: [Field]
    /// The whole text, tags stripped, entities decoded and whitespace collapsed.
    public var text: String
    /// The snapshot exactly as received.
    public var html: String

    /// The first field named `name` (not `line`).
    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }

    /// The `line` fields, in order.
    public var lines: [Field] { fields.filter { $0.name == "line" } }

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// Reads `html`; never fails (a snapshot without the contract's markers has no screen
    /// and no fields, which the assertions then report).
    public init(html: String) {
        self.html = html
        var screen: String?
        var fields: [Field] = []
        var text = ""
        // Each open element, with the index of its field when it carries `data-field`.
        var open: [(name: String, field: Int?)] = []
        for token in HTMLScanner.tokens(html) {
            switch token {
            case .start(let name, let attributes, let selfClosing):
                if screen == nil, let value = attributes["data-screen"] { screen = value }
                var fieldIndex: Int?
                if let fieldName = attributes["data-field"] {
                    fields.append(
                        Field(
                            name: fieldName,
                            amount: attributes["data-amount"].flatMap { Int($0.trimmingWhitespace) },
                            itemName: attributes["data-name"],
                            quantity: attributes["data-quantity"].flatMap { Int($0.trimmingWhitespace) },
                            text: ""))
                    fieldIndex = fields.count - 1
                }
                if !selfClosing, !DisplaySnapshot.voidElements.contains(name) { open.append((name, fieldIndex)) }
            case .end(let name):
                if let index = open.lastIndex(where: { $0.name == name }) { open.removeSubrange(index...) }
            case .text(let content):
                if let innermost = open.last?.name, innermost == "script" || innermost == "style" { continue }
                text += content
                for element in open {
                    if let index = element.field { fields[index].text += content }
                }
            }
        }
        for index in fields.indices { fields[index].text = fields[index].text.collapsingWhitespace }
        self.screen = screen
        self.fields = fields
        self.text = text.collapsingWhitespace
    }

    /// The snapshot as a QA engineer reads it: the screen, then each field and its value.
    public var readable: String {
        var out = "screen: \(screen ?? "(none: no element carries data-screen)")"
        for field in fields {
            out += "\n  " + field.name.padding(toLength: max(field.name.count, 9), withPad: " ", startingAt: 0)
            if field.name == "line" {
                out += " \(field.itemName ?? "?") × \(field.quantity.map(String.init) ?? "?")"
                out += " = \(field.amount.map(YenAmount.format) ?? "?")"
            } else if let amount = field.amount {
                out += " \(YenAmount.format(amount))"
            } else {
                out += " \(field.text)"
            }
        }
        return out
    }
}

extension String {
    /// Runs of whitespace (ASCII, no-break space U+00A0, ideographic space U+3000) become
    /// one space; trimmed at both ends.
    var collapsingWhitespace: String {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var pendingSpace = false
        // The three kinds of space are whole UTF-8 sequences (`20`…, `C2 A0`, `E3 80 80`),
        // and no other character's encoding contains them, so bytes suffice.
        withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var spaceLength = 0
                if byte < 0x80 {
                    if HTMLScanner.isSpace(byte) { spaceLength = 1 }
                } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
                    spaceLength = 2
                } else if byte == 0xE3, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 {
                    spaceLength = 3
                }
                if spaceLength > 0 {
                    pendingSpace = !out.isEmpty
                    index += spaceLength
                    continue
                }
                if pendingSpace {
                    out.append(0x20)
                    pendingSpace = false
                }
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Calls `body` with the string's UTF-8 bytes, contiguous.
    private func withUTF8Bytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if utf8.withContiguousStorageIfAvailable(body) == nil {
            Array(utf8).withUnsafeBufferPointer(body)
        }
    }

    /// Without ASCII whitespace at either end.
    var trimmingWhitespace: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !HTMLScanner.isSpace($0) }),
            let last = bytes.lastIndex(where: { !HTMLScanner.isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

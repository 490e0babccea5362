extension DisplaySnapshot {
    /// Reads `html`; never fails (a snapshot without the contract's markers has no screen
    /// and no fields, which the assertions then report).
    public init(html: String) {
        self = html.withUTF8Bytes { Self.read($0, html: html) }
    }

    /// Reads a snapshot's UTF-8 in one pass of `HTMLScanner`.
    ///
    /// The page's text is gathered as bytes and becomes strings once, at the end: every
    /// text appended while a field's element is open belongs to that field, so a field's
    /// text is one span of the page's text. Of the attributes only the contract's
    /// (`data-screen`, `data-field`, `data-amount`, `data-name`, `data-quantity`) are decoded.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, html: String) -> DisplaySnapshot {
        var screen: String?
        var fields: [DisplaySnapshot.Field] = []
        // Where each field's text starts and ends in `text` (no end yet: still open).
        var spans: [(start: Int, end: Int?)] = []
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        // Each open element, with the index of its field when it carries `data-field`.
        var open: [(name: Range<Int>, field: Int?)] = []
        // A screen has a few fields and nests a few deep: room for them from the start.
        fields.reserveCapacity(16)
        spans.reserveCapacity(16)
        open.reserveCapacity(8)
        var scanner = HTMLScanner(bytes)
        while let token = scanner.next() {
            switch token {
            case .start(let name, let attributes, let selfClosing):
                let contract = ContractAttributes(bytes, attributes)
                if screen == nil, let value = contract.screen { screen = HTMLBytes.string(bytes, value) }
                var fieldIndex: Int?
                if let fieldName = contract.field {
                    fields.append(
                        DisplaySnapshot.Field(
                            name: HTMLBytes.string(bytes, fieldName),
                            amount: contract.amount.flatMap { HTMLBytes.integer(bytes, $0) },
                            itemName: contract.name.map { HTMLBytes.string(bytes, $0) },
                            quantity: contract.quantity.flatMap { HTMLBytes.integer(bytes, $0) },
                            text: ""))
                    spans.append((text.count, text.count))
                    fieldIndex = fields.count - 1
                }
                if !selfClosing, !voidElements.contains(where: { HTMLBytes.matches(bytes, name, $0) }) {
                    open.append((name, fieldIndex))
                    if let fieldIndex { spans[fieldIndex].end = nil }
                }
            case .end(let name):
                guard let index = open.lastIndex(where: { HTMLBytes.sameName(bytes, $0.name, name) }) else { break }
                for element in open[index...] {
                    if let field = element.field { spans[field].end = text.count }
                }
                open.removeSubrange(index...)
            case .text(let range):
                if let innermost = open.last?.name, scanner.isRawTextElement(innermost) { continue }
                HTMLBytes.appendDecoded(bytes, range, to: &text)
            }
        }
        text.withUnsafeBufferPointer { text in
            for (index, span) in spans.enumerated() {
                let fieldText = UnsafeBufferPointer(rebasing: text[span.start..<(span.end ?? text.count)])
                fields[index].text = HTMLBytes.collapsingWhitespace(fieldText)
            }
        }
        return DisplaySnapshot(
            screen: screen, fields: fields, text: text.withUnsafeBufferPointer(HTMLBytes.collapsingWhitespace),
            html: html)
    }

    /// The elements that have no end tag (`<br>`, `<img …>`).
    private static let voidElements: [StaticString] = [
        "br", "hr", "col", "img", "wbr", "area", "base", "link", "meta", "embed", "input", "track", "source",
    ]

    /// Where the contract's attributes of one start tag lie; a name written twice reads as
    /// its last value, and names are case-blind.
    private struct ContractAttributes {
        var screen, field, amount, name, quantity: Range<Int>?

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            var attributes = HTMLAttributeScanner(bytes, range)
            while let (name, value) = attributes.next() {
                if HTMLBytes.matches(bytes, name, "data-screen") {
                    screen = value
                } else if HTMLBytes.matches(bytes, name, "data-field") {
                    field = value
                } else if HTMLBytes.matches(bytes, name, "data-amount") {
                    amount = value
                } else if HTMLBytes.matches(bytes, name, "data-name") {
                    self.name = value
                } else if HTMLBytes.matches(bytes, name, "data-quantity") {
                    quantity = value
                }
            }
        }
    }
}

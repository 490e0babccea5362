import Wire

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

    /// The snapshot as a QA engineer reads it, the screen, then each field and its value, in
    /// `language`: a Japanese feature's failure names the screen and the fields as it writes
    /// them (`画面: カート`, `小計 ¥500`).
    func readable(_ language: StepLanguage) -> String {
        let unnamed = language.pick("(none: no element carries data-screen)", "（なし: data-screen を持つ要素がありません）")
        var out = language.pick("screen: ", "画面: ") + (screen.map { Self.screenName($0, language) } ?? unnamed)
        for field in fields {
            let label = Self.fieldName(field.name, language)
            // Padded to nine columns, a full-width character taking two (`お預かり` is eight).
            let columns = label.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) }
            out += "\n  " + label + String(repeating: " ", count: max(0, 9 - columns))
            if field.name == "line" {
                // As the simulator's screen writes a line (`Coffee ×2 ¥900`), so that it can be
                // copied into `the display shows the text`.
                out += " \(field.itemName ?? "?") ×\(field.quantity.map(String.init) ?? "?")"
                out += " \(field.amount.map(YenText.format) ?? "?")"
            } else if let amount = field.amount {
                out += " \(YenText.format(amount))"
            } else {
                out += " \(field.text)"
            }
        }
        return out
    }

    /// A `data-screen` value as `language` names it (`cart`, `カート`).
    public static func screenName(_ dataScreen: String, _ language: StepLanguage) -> String {
        guard language == .ja, let screen = DisplayScreen(rawValue: dataScreen) else { return dataScreen }
        return screen.japaneseName
    }

    /// A `data-field` value as `language` names it (`subtotal`, `小計`; `line`, `明細`).
    /// Fields that no step names (the welcome screen's greeting, the complete screen's
    /// thanks) get a plain Japanese word too; a field a register adds stays as it is.
    public static func fieldName(_ dataField: String, _ language: StepLanguage) -> String {
        guard language == .ja else { return dataField }
        switch dataField {
        case "line": return "明細"
        case "greeting": return "あいさつ"
        case "thanks": return "お礼"
        default: return DisplayField(rawValue: dataField)?.japaneseName ?? dataField
        }
    }
}

/// The customer display (カスタマーディスプレイ): its snapshot is a pure function of the state.
///
/// No code path says "show X"; whatever the state is, `render` derives the one screen that
/// matches it, with exactly the fields that screen shows (protocol.md's HTML contract).
public enum CustomerDisplay {
    /// The greeting on the welcome screen.
    public static let greeting = "いらっしゃいませ"
    /// The thanks on the complete screen.
    public static let thanks = "ありがとうございました"

    /// The snapshot of the whole store (the display shows only the register).
    public static func render(_ state: StoreState) -> String {
        render(state.register)
    }

    /// The screen the register's state calls for (domain.md §2).
    public static func screen(for state: RegisterState) -> DisplayScreen {
        switch state.phase {
        case .notEntered: return state.lines.isEmpty ? .welcome : .cart
        case .ordering: return state.paid > 0 ? .partial : .payment
        case .complete: return .complete
        case .refunding: return .refund
        }
    }

    /// The HTML snapshot of the register's screen.
    public static func render(_ state: RegisterState) -> String {
        let screen = screen(for: state)
        var html = "<main data-screen=\""
        html.reserveCapacity(512)
        html += screen.rawValue
        html += "\">\n"
        switch screen {
        case .welcome:
            html += "  <p data-field=\"greeting\">\(greeting)</p>\n"
        case .cart, .payment:
            appendLines(state.lines, to: &html)
            appendAmount("subtotal", "小計", state.subtotal, to: &html)
            if state.discount > 0 { appendAmount("discount", "割引", state.discount, negative: true, to: &html) }
            // The cart screen never shows points, even when points are retained.
            if screen == .payment && state.pointsApplied > 0 {
                appendAmount("points", "ポイント利用", state.pointsApplied, negative: true, to: &html)
            }
            appendAmount("total", "合計", state.total, to: &html)
        case .partial:
            appendAmount("total", "合計", state.total, to: &html)
            appendAmount("paid", "お預かり", state.paid, to: &html)
            appendAmount("remaining", "残り", state.remaining, to: &html)
        case .complete:
            appendAmount("total", "合計", state.total, to: &html)
            appendAmount("paid", "お預かり", state.paid, to: &html)
            appendAmount("change", "お釣り", state.change, to: &html)
            html += "  <p data-field=\"thanks\">\(thanks)</p>\n"
        case .refund:
            let order = state.phaseOrder
            appendLines(order?.lines ?? [], to: &html)
            appendAmount("refund", "返金", order?.total ?? 0, to: &html)
        }
        html += "</main>"
        return html
    }

    private static func appendLines(_ lines: [CartLine], to html: inout String) {
        html += "  <ul>\n"
        // Piece by piece rather than interpolated: the display is rendered after every
        // change of the register, and each interpolation would build a string to copy.
        for line in lines {
            let name = HTMLText.escape(line.name)
            let quantity = String(line.quantity)
            html += "    <li data-field=\"line\" data-name=\""
            html += name
            html += "\" data-quantity=\""
            html += quantity
            html += "\" data-amount=\""
            html += String(line.amount)
            html += "\">"
            html += name
            html += " ×"
            html += quantity
            html += " "
            html += YenText.format(line.amount)
            html += "</li>\n"
        }
        html += "  </ul>\n"
    }

    /// A money field: `data-amount` is the (positive) amount; deductions read `-¥100`.
    private static func appendAmount(
        _ field: String, _ label: String, _ amount: Int, negative: Bool = false, to html: inout String
    ) {
        html += "  <p data-field=\""
        html += field
        html += "\" data-amount=\""
        html += String(amount)
        html += "\">"
        html += label
        html += " "
        html += YenText.format(negative ? -amount : amount)
        html += "</p>\n"
    }
}

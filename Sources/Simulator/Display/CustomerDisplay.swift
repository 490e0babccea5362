import Wire

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
        var html = UTF8Buffer()
        render(state, into: &html)
        return html.text
    }

    /// Writes the HTML snapshot of the register's screen into `html`.
    ///
    /// The display is rendered after every change of the register, so the markup goes
    /// straight into one buffer: no string is built per piece or per number.
    public static func render(_ state: RegisterState, into html: inout UTF8Buffer) {
        let screen = screen(for: state)
        html.append("<main data-screen=\"")
        html.append(contentsOf: screen.rawValue)
        html.append("\">\n")
        if let heading = heading(of: screen) {
            html.append("  <h1>")
            html.append(heading)
            html.append("</h1>\n")
        }
        switch screen {
        case .welcome:
            html.append("  <p data-field=\"greeting\">")
            html.append(contentsOf: greeting)
            html.append("</p>\n")
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
            html.append("  <p data-field=\"thanks\">")
            html.append(contentsOf: thanks)
            html.append("</p>\n")
        case .refund:
            let order = state.phaseOrder
            appendLines(order?.lines ?? [], to: &html)
            appendAmount("refund", "返金", order?.total ?? 0, to: &html)
        }
        html.append("</main>")
    }

    /// The heading a screen opens with, in the product's names of the screens (QA's
    /// `{screen}` names); the welcome screen's greeting is its own heading.
    public static func heading(of screen: DisplayScreen) -> StaticString? {
        switch screen {
        case .welcome: return nil
        case .cart: return "カート"
        case .payment: return "お支払い"
        case .partial: return "一部支払い"
        case .complete: return "完了"
        case .refund: return "返金"
        }
    }

    private static func appendLines(_ lines: [CartLine], to html: inout UTF8Buffer) {
        html.append("  <ul>\n")
        for line in lines {
            html.append("    <li data-field=\"line\" data-name=\"")
            HTMLText.append(line.name, to: &html)
            html.append("\" data-quantity=\"")
            DecimalDigits.append(line.quantity, to: &html)
            html.append("\" data-amount=\"")
            DecimalDigits.append(line.amount, to: &html)
            html.append("\"><span class=\"name\">")
            HTMLText.append(line.name, to: &html)
            html.append("</span> <span class=\"quantity\">×")
            DecimalDigits.append(line.quantity, to: &html)
            html.append("</span> <span class=\"amount\">")
            YenText.append(line.amount, to: &html)
            html.append("</span></li>\n")
        }
        html.append("  </ul>\n")
    }

    /// A money field: `data-amount` is the (positive) amount; deductions read `-¥100`.
    private static func appendAmount(
        _ field: StaticString, _ label: StaticString, _ amount: Int, negative: Bool = false, to html: inout UTF8Buffer
    ) {
        html.append("  <p data-field=\"")
        html.append(field)
        html.append("\" data-amount=\"")
        DecimalDigits.append(amount, to: &html)
        html.append("\"><span class=\"label\">")
        html.append(label)
        html.append("</span> <span class=\"amount\">")
        YenText.append(negative ? -amount : amount, to: &html)
        html.append("</span></p>\n")
    }
}

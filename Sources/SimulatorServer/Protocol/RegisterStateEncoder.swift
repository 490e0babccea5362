import Simulator
import Wire

/// Writes the register state of protocol.md as JSON (every listed field, plus the project's
/// additions documented in docs/protocol.md).
enum RegisterStateEncoder {
    /// A catalog and its JSON: the catalog is set once per scenario but sent in every
    /// response, so its encoding is reused while it stays equal (an unchanged array
    /// compares equal at once, by its storage).
    typealias CatalogCache = (products: [Product], json: [UInt8])

    static func write(_ state: RegisterState, into json: inout JSONWriter, catalog: inout CatalogCache?) {
        json.beginObject()
        json.member("phase", state.phase.name)
        json.member("screen", CustomerDisplay.screen(for: state).rawValue)
        json.array("lines", state.lines, writeLine)
        json.key("cartDiscount")
        switch state.cartDiscount {
        case .amount(let yen)?: json.object { $0.member("amount", yen) }
        case .percent(let percent)?: json.object { $0.member("percent", percent) }
        case nil: json.null()
        }
        json.member("subtotal", state.subtotal)
        json.member("discount", state.discount)
        json.member("pointsToUse", state.pointsToUse)
        json.member("pointsApplied", state.pointsApplied)
        json.member("total", state.total)
        json.member("paid", state.paid)
        json.member("remaining", state.remaining)
        json.member("change", state.change)
        json.array("payments", state.payments, writePayment)
        json.key("member")
        writeAccount(&json, state.member)
        json.key("lastMember")
        writeAccount(&json, state.lastMember)
        json.array("members", state.members, writeAccount)
        json.member("lastOrder", optional: state.lastOrder?.id)
        json.member("order", optional: state.phaseOrder?.id)
        json.key("refundAmount")
        if case .refunding(let order) = state.phase { json.int(order.total) } else { json.null() }
        json.array("reservations", state.reservations) { $0.string($1) }
        json.key("catalog")
        if let catalog, catalog.products == state.catalog {
            json.raw(bytes: catalog.json)
        } else {
            var encoded = JSONWriter()
            encoded.array(state.catalog, writeProduct)
            json.raw(bytes: encoded.bytes)
            catalog = (state.catalog, encoded.bytes)
        }
        json.array("orders", state.orders, writeOrder)
        json.endObject()
    }

    /// `{"name":…,"price":…}`: a catalog product or a reservation's menu item.
    static func writeProduct(_ json: inout JSONWriter, _ product: Product) {
        json.object { json in
            json.member("name", product.name)
            json.member("price", product.price)
        }
    }

    private static func writeLine(_ json: inout JSONWriter, _ line: CartLine) {
        json.object { json in
            json.member("name", line.name)
            json.member("unitPrice", line.unitPrice)
            json.member("quantity", line.quantity)
            json.member("amount", line.amount)
        }
    }

    private static func writePayment(_ json: inout JSONWriter, _ payment: Payment) {
        json.object { json in
            json.member("method", payment.method.rawValue)
            json.member("amount", payment.amount)
        }
    }

    private static func writeAccount(_ json: inout JSONWriter, _ account: MemberAccount?) {
        guard let account else { return json.null() }
        json.object { json in
            json.member("id", account.id)
            json.member("points", account.points)
        }
    }

    private static func writeOrder(_ json: inout JSONWriter, _ order: Order) {
        json.object { json in
            json.member("id", order.id)
            json.member("subtotal", order.subtotal)
            json.member("discount", order.discount)
            json.member("pointsUsed", order.pointsUsed)
            json.member("total", order.total)
            json.member("paid", order.paid)
            json.member("change", order.change)
            json.member("refunded", order.refunded)
            json.member("member", optional: order.member)
            json.array("reservations", order.reservations) { $0.string($1) }
            json.array("lines", order.lines, writeLine)
            json.array("payments", order.payments, writePayment)
        }
    }
}

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
        json.key("lines")
        json.beginArray()
        for line in state.lines { writeLine(line, into: &json) }
        json.endArray()
        json.key("cartDiscount")
        switch state.cartDiscount {
        case .amount(let yen)?:
            json.beginObject()
            json.member("amount", yen)
            json.endObject()
        case .percent(let percent)?:
            json.beginObject()
            json.member("percent", percent)
            json.endObject()
        case nil:
            json.null()
        }
        json.member("subtotal", state.subtotal)
        json.member("discount", state.discount)
        json.member("pointsToUse", state.pointsToUse)
        json.member("pointsApplied", state.pointsApplied)
        json.member("total", state.total)
        json.member("paid", state.paid)
        json.member("remaining", state.remaining)
        json.member("change", state.change)
        json.key("payments")
        json.beginArray()
        for payment in state.payments { writePayment(payment, into: &json) }
        json.endArray()
        json.key("member")
        writeAccount(state.member, into: &json)
        json.key("lastMember")
        writeAccount(state.lastMember, into: &json)
        json.key("members")
        json.beginArray()
        for account in state.members { writeAccount(account, into: &json) }
        json.endArray()
        json.member("lastOrder", optional: state.lastOrder?.id)
        json.member("order", optional: state.phaseOrder?.id)
        json.key("refundAmount")
        if case .refunding(let order) = state.phase { json.int(order.total) } else { json.null() }
        json.key("reservations")
        json.beginArray()
        for reservation in state.reservations { json.string(reservation) }
        json.endArray()
        json.key("catalog")
        if let catalog, catalog.products == state.catalog {
            json.raw(bytes: catalog.json)
        } else {
            let encoded = encodeCatalog(state.catalog)
            json.raw(bytes: encoded)
            catalog = (state.catalog, encoded)
        }
        json.key("orders")
        json.beginArray()
        for order in state.orders { writeOrder(order, into: &json) }
        json.endArray()
        json.endObject()
    }

    private static func encodeCatalog(_ products: [Product]) -> [UInt8] {
        var json = JSONWriter()
        json.beginArray()
        for product in products {
            json.beginObject()
            json.member("name", product.name)
            json.member("price", product.price)
            json.endObject()
        }
        json.endArray()
        return json.bytes
    }

    private static func writeLine(_ line: CartLine, into json: inout JSONWriter) {
        json.beginObject()
        json.member("name", line.name)
        json.member("unitPrice", line.unitPrice)
        json.member("quantity", line.quantity)
        json.member("amount", line.amount)
        json.endObject()
    }

    private static func writePayment(_ payment: Payment, into json: inout JSONWriter) {
        json.beginObject()
        json.member("method", payment.method.rawValue)
        json.member("amount", payment.amount)
        json.endObject()
    }

    private static func writeAccount(_ account: MemberAccount?, into json: inout JSONWriter) {
        guard let account else {
            json.null()
            return
        }
        json.beginObject()
        json.member("id", account.id)
        json.member("points", account.points)
        json.endObject()
    }

    private static func writeOrder(_ order: Order, into json: inout JSONWriter) {
        json.beginObject()
        json.member("id", order.id)
        json.member("subtotal", order.subtotal)
        json.member("discount", order.discount)
        json.member("pointsUsed", order.pointsUsed)
        json.member("total", order.total)
        json.member("paid", order.paid)
        json.member("change", order.change)
        json.member("refunded", order.refunded)
        json.member("member", optional: order.member)
        json.key("reservations")
        json.beginArray()
        for reservation in order.reservations { json.string(reservation) }
        json.endArray()
        json.key("lines")
        json.beginArray()
        for line in order.lines { writeLine(line, into: &json) }
        json.endArray()
        json.key("payments")
        json.beginArray()
        for payment in order.payments { writePayment(payment, into: &json) }
        json.endArray()
        json.endObject()
    }
}

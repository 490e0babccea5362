import Simulator
import Wire

/// Writes a response's `state` as JSON: every field protocol.md lists, plus the project's
/// additions documented in docs/protocol.md; and the layout, viewport or view state a
/// calendar action adds beside it.
enum StateEncoder {
    /// Writes the `state` member of a response on `endpoint`, and the member `extra` beside it.
    static func write(
        _ state: StoreState, on endpoint: Endpoint, extra: RequestDecoder.Extra, into json: inout JSONWriter,
        catalog: inout CatalogCache?
    ) {
        json.key("state")
        switch endpoint {
        case .register: write(state.register, into: &json, catalog: &catalog)
        case .calendar: write(state.calendar, into: &json)
        }
        write(extra, of: state.calendar, into: &json)
    }

    /// A catalog and its JSON: the catalog is set once per scenario but sent in every
    /// response, so its encoding is reused while it stays equal (an unchanged array
    /// compares equal at once, by its storage).
    typealias CatalogCache = (products: [Product], json: [UInt8])

    private static func write(_ state: RegisterState, into json: inout JSONWriter, catalog: inout CatalogCache?) {
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
    private static func writeProduct(_ json: inout JSONWriter, _ product: Product) {
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

    private static func write(_ state: CalendarState, into json: inout JSONWriter) {
        json.beginObject()
        json.array("staff", state.staff) { json, member in
            json.object { json in
                json.member("name", member.name)
                json.member("capacity", member.capacity)
            }
        }
        json.array("reservations", state.reservations) { json, reservation in
            json.object { json in
                json.member("reservation", reservation.id)
                json.member("staff", reservation.staff)
                json.member("start", time: reservation.start)
                json.member("end", time: reservation.end)
                json.member("customer", optional: reservation.customer)
                json.array("menu", reservation.menu, writeProduct)
                // Most calendars have nothing checked out: skip hashing the id then.
                json.member(
                    "checkedOut", !state.checkedOut.isEmpty && state.checkedOut.contains(ExactText(reservation.id)))
            }
        }
        json.object("metrics") { json in
            json.member("hourWidth", state.metrics.hourWidth)
            json.member("itemHeight", state.metrics.itemHeight)
            json.member("padding", state.metrics.padding)
        }
        json.object("viewport") { json in
            json.member("width", state.viewport.width)
            json.member("height", state.viewport.height)
        }
        json.object("scroll") { json in
            json.member("gridX", state.scrollX)
            json.member("gridY", state.scrollY)
            json.member("headerX", state.scrollX)
            json.member("staffY", state.scrollY)
        }
        json.object("service") { json in
            json.member("mode", state.service.name)
            json.key("message")
            if case .failing(let message) = state.service { json.string(message) } else { json.null() }
        }
        json.member("viewState", state.viewState.kind)
        json.member("loadPending", state.loadPending)
        json.endObject()
    }

    /// The member a calendar response adds beside `state` (`RequestDecoder.Extra`).
    private static func write(_ extra: RequestDecoder.Extra, of state: CalendarState, into json: inout JSONWriter) {
        switch extra {
        case .none:
            return
        case .layout:
            let layout = state.layout
            json.object("layout") { json in
                json.array("rows", layout.rows) { json, row in
                    json.object { json in
                        json.member("staff", row.staff)
                        json.member("y", row.y)
                        json.member("height", row.height)
                        json.member("lanes", row.lanes)
                        json.array("items", row.items) { json, item in
                            json.object { json in
                                json.member("id", item.id)
                                json.member("x", item.x)
                                json.member("width", item.width)
                                json.member("lane", item.lane)
                                json.member("y", item.y)
                                json.member("height", item.height)
                            }
                        }
                    }
                }
                json.member("contentWidth", layout.contentWidth)
                json.member("contentHeight", layout.contentHeight)
            }
        case .viewport:
            let viewport = state.visibleViewport
            json.object("viewport") { json in
                json.member("gridX", viewport.gridX)
                json.member("gridY", viewport.gridY)
                json.member("headerX", viewport.headerX)
                json.member("staffY", viewport.staffY)
                json.array("visibleStaff", viewport.visibleStaff) { $0.string($1) }
                json.member("visibleFrom", time: viewport.visibleFrom)
                json.member("visibleTo", time: viewport.visibleTo)
            }
        case .viewState:
            let viewState = state.viewState
            json.object("viewState") { json in
                json.member("kind", viewState.kind)
                json.member("hasContent", viewState.content != nil)
                json.member("error", optional: viewState.error)
                json.key("reservations")
                if let content = viewState.content {
                    json.array(content) { $0.string($1.id) }
                } else {
                    json.null()
                }
            }
        }
    }
}

extension JSONWriter {
    /// A time of day as `"HH:MM"`, written without building a string.
    mutating func member(_ name: StaticString, time minutes: Int) {
        key(name)
        string(unescaped: { ClockTime.append(minutes, to: &$0) })
    }
}

import Simulator
import Wire

/// Writes the calendar state, its layout, viewport and view state as JSON (docs/protocol.md).
enum CalendarStateEncoder {
    static func write(_ state: CalendarState, into json: inout JSONWriter) {
        json.beginObject()
        json.key("staff")
        json.beginArray()
        for member in state.staff {
            json.beginObject()
            json.member("name", member.name)
            json.member("capacity", member.capacity)
            json.endObject()
        }
        json.endArray()
        json.key("reservations")
        json.beginArray()
        for reservation in state.reservations { writeReservation(reservation, state, into: &json) }
        json.endArray()
        json.key("metrics")
        json.beginObject()
        json.member("hourWidth", state.metrics.hourWidth)
        json.member("itemHeight", state.metrics.itemHeight)
        json.member("padding", state.metrics.padding)
        json.endObject()
        json.key("viewport")
        json.beginObject()
        json.member("width", state.viewport.width)
        json.member("height", state.viewport.height)
        json.endObject()
        json.key("scroll")
        json.beginObject()
        json.member("gridX", state.scrollX)
        json.member("gridY", state.scrollY)
        json.member("headerX", state.scrollX)
        json.member("staffY", state.scrollY)
        json.endObject()
        json.key("service")
        json.beginObject()
        json.member("mode", state.service.name)
        json.key("message")
        if case .failing(let message) = state.service { json.string(message) } else { json.null() }
        json.endObject()
        json.member("viewState", state.viewState.kind)
        json.member("loadPending", state.loadPending)
        json.endObject()
    }

    private static func writeReservation(
        _ reservation: Reservation, _ state: CalendarState, into json: inout JSONWriter
    ) {
        json.beginObject()
        json.member("reservation", reservation.id)
        json.member("staff", reservation.staff)
        json.member("start", time: reservation.start)
        json.member("end", time: reservation.end)
        json.member("customer", optional: reservation.customer)
        json.key("menu")
        json.beginArray()
        for item in reservation.menu {
            json.beginObject()
            json.member("name", item.name)
            json.member("price", item.price)
            json.endObject()
        }
        json.endArray()
        // Most calendars have nothing checked out: skip hashing the id then.
        json.member("checkedOut", !state.checkedOut.isEmpty && state.checkedOut.contains(ExactText(reservation.id)))
        json.endObject()
    }

    static func writeLayout(_ layout: CalendarLayout, into json: inout JSONWriter) {
        json.beginObject()
        json.key("rows")
        json.beginArray()
        for row in layout.rows {
            json.beginObject()
            json.member("staff", row.staff)
            json.member("y", row.y)
            json.member("height", row.height)
            json.member("lanes", row.lanes)
            json.key("items")
            json.beginArray()
            for item in row.items {
                json.beginObject()
                json.member("id", item.id)
                json.member("x", item.x)
                json.member("width", item.width)
                json.member("lane", item.lane)
                json.member("y", item.y)
                json.member("height", item.height)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.member("contentWidth", layout.contentWidth)
        json.member("contentHeight", layout.contentHeight)
        json.endObject()
    }

    static func writeViewport(_ viewport: CalendarViewport, into json: inout JSONWriter) {
        json.beginObject()
        json.member("gridX", viewport.gridX)
        json.member("gridY", viewport.gridY)
        json.member("headerX", viewport.headerX)
        json.member("staffY", viewport.staffY)
        json.key("visibleStaff")
        json.beginArray()
        for name in viewport.visibleStaff { json.string(name) }
        json.endArray()
        json.member("visibleFrom", time: viewport.visibleFrom)
        json.member("visibleTo", time: viewport.visibleTo)
        json.endObject()
    }

    static func writeViewState(_ viewState: CalendarViewState, into json: inout JSONWriter) {
        json.beginObject()
        json.member("kind", viewState.kind)
        json.member("hasContent", viewState.content != nil)
        json.member("error", optional: viewState.error)
        json.key("reservations")
        if let content = viewState.content {
            json.beginArray()
            for reservation in content { json.string(reservation.id) }
            json.endArray()
        } else {
            json.null()
        }
        json.endObject()
    }
}

extension JSONWriter {
    /// A time of day as `"HH:MM"`, written without building a string.
    mutating func member(_ name: StaticString, time minutes: Int) {
        key(name)
        string(unescaped: { ClockTime.append(minutes, to: &$0) })
    }
}

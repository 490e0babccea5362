import Simulator
import Wire

/// Writes the calendar state, its layout, viewport and view state as JSON (docs/protocol.md).
enum CalendarStateEncoder {
    static func write(_ state: CalendarState, into json: inout JSONWriter) {
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
                json.array("menu", reservation.menu, RegisterStateEncoder.writeProduct)
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

    /// The member a calendar response adds beside `state` (`CalendarRequestDecoder.Extra`).
    static func write(_ extra: CalendarRequestDecoder.Extra, of state: CalendarState, into json: inout JSONWriter) {
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

import Testing
import Wire

@testable import Simulator

extension StoreHarness {
    mutating func send(_ action: CalendarAction, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.calendar(action), sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func reject(
        _ action: CalendarAction, _ code: RejectionCode, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Rejection? {
        reject(.calendar(action), code, sourceLocation: sourceLocation)
    }

    var calendar: CalendarState { state.calendar }

    /// Books `id` with `staff` from `start` to `end` ("H:MM").
    mutating func book(
        _ id: String, _ staff: String, _ start: String, _ end: String, menu: [Product] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        send(
            .reservationBooked(reservation(id, staff, start, end, menu: menu)), sourceLocation: sourceLocation)
    }

    /// Staff Sato (capacity 1) and Suzuki (capacity 2).
    static func withStaff() -> StoreHarness {
        var store = StoreHarness()
        store.send(.staffSet([StaffMember(name: "Sato"), StaffMember(name: "Suzuki", capacity: 2)]))
        return store
    }
}

/// A reservation from "H:MM" times (tests only use well-formed ones).
func reservation(_ id: String, _ staff: String, _ start: String, _ end: String, menu: [Product] = []) -> Reservation {
    Reservation(
        id: id, staff: staff, start: ClockTime.minutes(from: start) ?? -1, end: ClockTime.minutes(from: end) ?? -1,
        menu: menu)
}

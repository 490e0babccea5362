import Testing
import Wire

@testable import Simulator

@Suite("Calendar: staff and booking rules")
struct BookingTests {
    @Test("times parse as H:MM or HH:MM and print as HH:MM")
    func times() {
        #expect(ClockTime.minutes(from: "9:05") == 545)
        #expect(ClockTime.minutes(from: "09:05") == 545)
        #expect(ClockTime.minutes(from: "24:00") == 1_440)
        #expect(ClockTime.minutes(from: "25:00") == 1_500)
        for bad in ["9:5", "9", "9:60", "123:00", "a:00", ":00", "9:00:00", "", "-1:00", "９:00"] {
            #expect(ClockTime.minutes(from: bad) == nil, "\(bad)")
        }
        // Shaped like a time, minutes past the hour: told apart from malformed text.
        #expect(ClockTime.reading("9:60") == .minutesOutOfRange)
        #expect(ClockTime.reading("10:99") == .minutesOutOfRange)
        #expect(ClockTime.reading("9:5") == .malformed)
        #expect(ClockTime.reading("24:00") == .minutes(1_440))
        #expect(ClockTime.text(545) == "09:05")
        #expect(ClockTime.text(1_440) == "24:00")
    }

    @Test("a booking is stored with its data")
    func book() {
        var store = StoreHarness.withStaff()
        store.book("R1", "Sato", "10:00", "11:00", menu: [Product(name: "Cut", price: 4_000)])
        #expect(
            store.calendar.reservations == [
                reservation(
                    "R1", "Sato", "10:00", "11:00",
                    menu: [
                        Product(name: "Cut", price: 4_000)
                    ])
            ])
    }

    @Test("booking rejections run in order: invalidTime, unknownStaff, duplicateReservation, overCapacity")
    func order() {
        var store = StoreHarness.withStaff()
        store.book("R1", "Sato", "10:00", "11:00")
        store.reject(.reservationBooked(reservation("R1", "Nobody", "11:00", "10:00")), .invalidTime)
        store.reject(.reservationBooked(reservation("R1", "Nobody", "10:00", "11:00")), .unknownStaff)
        store.reject(.reservationBooked(reservation("R1", "Sato", "10:30", "11:30")), .duplicateReservation)
        let over = store.reject(.reservationBooked(reservation("R2", "Sato", "10:30", "11:30")), .overCapacity)
        #expect(over?.message.contains("Sato") == true)
    }

    @Test("ids are compared by code point: an accent typed as one or two code points is two ids")
    func codePointIDs() {
        var store = StoreHarness.withStaff()
        store.book("\u{E9}", "Sato", "10:00", "11:00")
        store.book("e\u{301}", "Sato", "12:00", "13:00")
        store.book("R1", "Sato", "14:00", "15:00")
        store.reject(.reservationBooked(reservation("\u{E9}", "Sato", "16:00", "17:00")), .duplicateReservation)
        store.send(.bookingCancelled("e\u{301}"))
        let ids = store.calendar.reservations.map { $0.id.unicodeScalars.map(\.value) }
        #expect(ids == [[0xE9], [0x52, 0x31]], "the decomposed spelling was cancelled, the composed one kept")
    }

    @Test(
        "times outside the day or not after the start are invalidTime",
        arguments: [
            ("10:00", "10:00"), ("11:00", "10:00"), ("23:00", "24:30"), ("24:00", "24:00"),
            ("25:00", "26:00"),
        ])
    func invalidTime(start: String, end: String) {
        var store = StoreHarness.withStaff()
        store.reject(.reservationBooked(reservation("R1", "Sato", start, end)), .invalidTime)
    }

    @Test("capacity is judged on real half-open times")
    func halfOpen() {
        var store = StoreHarness.withStaff()
        store.book("R1", "Sato", "10:00", "11:00")
        store.book("R2", "Sato", "11:00", "12:00")
        store.book("R3", "Sato", "9:50", "10:00")
        #expect(store.calendar.reservations.count == 3)
    }

    @Test("capacity 2 takes two at once but not three")
    func capacityTwo() {
        var store = StoreHarness.withStaff()
        store.book("A", "Suzuki", "10:00", "12:00")
        store.book("B", "Suzuki", "11:00", "13:00")
        store.book("C", "Suzuki", "12:00", "14:00")
        store.reject(.reservationBooked(reservation("D", "Suzuki", "11:30", "11:45")), .overCapacity)
        store.book("E", "Suzuki", "9:00", "10:00")
    }

    @Test("cancelling removes the booking; an unknown id is unknownReservation")
    func cancel() {
        var store = StoreHarness.withStaff()
        store.book("R1", "Sato", "10:00", "11:00")
        store.send(.bookingCancelled("R1"))
        #expect(store.calendar.reservations.isEmpty)
        store.reject(.bookingCancelled("R1"), .unknownReservation)
        store.book("R1", "Sato", "10:00", "11:00")
    }

    @Test("menus are replaced as given; a negative price is refused at checkout, where the lines become items")
    func menus() {
        var store = StoreHarness.withStaff()
        store.book("R1", "Sato", "10:00", "11:00")
        store.send(.menuSet(reservation: "R1", menu: [Product(name: "Color", price: 6_000)]))
        #expect(store.calendar.reservation("R1")?.menu == [Product(name: "Color", price: 6_000)])
        store.reject(.menuSet(reservation: "R9", menu: []), .unknownReservation)
        store.send(
            .menuSet(reservation: "R1", menu: [Product(name: "Color", price: 6_000), Product(name: "X", price: -1)]))
        store.book("R2", "Sato", "12:00", "13:00", menu: [Product(name: "Y", price: -1)])
        store.reject(.reservationCheckedOut("R1"), .invalidPrice)
        #expect(store.register.lines.isEmpty && store.calendar.checkedOut.isEmpty)
        store.reject(.reservationCheckedOut("R2"), .invalidPrice)
    }

    @Test("staff lists are checked: empty names, capacity, duplicates, lowered capacity")
    func staffRules() {
        var store = StoreHarness.withStaff()
        store.reject(.staffSet([StaffMember(name: "")]), .invalidStaff)
        store.reject(.staffSet([StaffMember(name: "Sato", capacity: -1)]), .invalidCapacity)
        store.reject(.staffSet([StaffMember(name: "Sato"), StaffMember(name: "Sato")]), .duplicateStaff)
        store.book("A", "Suzuki", "10:00", "12:00")
        store.book("B", "Suzuki", "11:00", "13:00")
        // A lowered capacity keeps the bookings made under the old one; new ones meet it.
        store.send(.staffSet([StaffMember(name: "Suzuki")]))
        #expect(store.calendar.reservations.map(\.id) == ["A", "B"])
        store.reject(.reservationBooked(reservation("C", "Suzuki", "11:30", "12:30")), .overCapacity)
        store.send(.staffSet([StaffMember(name: "Suzuki", capacity: 3), StaffMember(name: "Tanaka")]))
        #expect(store.calendar.staff.map(\.name) == ["Suzuki", "Tanaka"])
        // Capacity 0: on the list, takes no bookings.
        store.send(.staffSet([StaffMember(name: "Suzuki", capacity: 3), StaffMember(name: "Tanaka", capacity: 0)]))
        store.reject(.reservationBooked(reservation("T", "Tanaka", "10:00", "11:00")), .overCapacity)
    }

    @Test("a staff member left out of a new list takes their reservations away; their ids are free again")
    func staffRemovedWithReservations() {
        var store = StoreHarness.withStaff()
        store.book("A", "Suzuki", "10:00", "12:00")
        store.book("B", "Sato", "10:00", "12:00")
        store.send(.reservationCheckedOut("A"))
        store.send(.staffSet([StaffMember(name: "Sato")]))
        #expect(store.calendar.reservations.map(\.id) == ["B"])
        #expect(store.calendar.checkedOut.isEmpty)
        #expect(store.calendar.layout.rows.map(\.staff) == ["Sato"])
        store.reject(.reservationBooked(reservation("C", "Suzuki", "13:00", "14:00")), .unknownStaff)
        store.send(.staffSet([StaffMember(name: "Sato"), StaffMember(name: "Suzuki")]))
        #expect(store.calendar.layout.rows.last?.items.isEmpty == true)
        store.book("A", "Suzuki", "10:00", "12:00")
    }

    @Test("the calendar reset restores everything but leaves the register alone, and vice versa")
    func resets() {
        var store = StoreHarness.withStaff()
        store.book("R1", "Sato", "10:00", "11:00", menu: [Product(name: "Cut", price: 4_000)])
        store.send(.reservationCheckedOut("R1"))
        store.send(.metricsSet(CalendarMetrics(hourWidth: 60, itemHeight: 30, padding: 2)))
        store.send(.viewportResized(ViewportSize(width: 300, height: 20)))
        store.send(.scrolled(.grid, x: 100, y: 10))
        store.send(.serviceSet(.hang))
        store.send(.loadStarted)
        let register = store.register
        store.send(.calendarReset)
        #expect(store.calendar == CalendarState())
        #expect(store.register == register)
        let calendar = store.calendar
        store.send(.registerReset)
        #expect(store.calendar == calendar)
    }
}

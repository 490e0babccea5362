import Testing

@testable import Simulator

@Suite("Calendar: layout")
struct LayoutTests {
    @Test("x and width come from the times; the protocol example's numbers")
    func xAndWidth() {
        var store = StoreHarness.withStaff()
        store.send(.staffSet([StaffMember(name: "Sato", capacity: 2)]))
        store.book("R1", "Sato", "10:00", "10:30")
        store.book("R2", "Sato", "10:15", "11:45")
        let layout = store.calendar.layout
        #expect(layout.item("R1") == CalendarLayout.Item(id: "R1", x: 1_200, width: 60, lane: 0, y: 0, height: 44))
        #expect(layout.item("R2") == CalendarLayout.Item(id: "R2", x: 1_230, width: 180, lane: 1, y: 48, height: 44))
        #expect(layout.row("Sato")?.height == 96)
        #expect(layout.row("Sato")?.lanes == 2)
    }

    @Test("short reservations are drawn 30 minutes long and stack when their drawn spans meet")
    func minimumLength() {
        var store = StoreHarness.withStaff()
        store.book("A", "Sato", "10:00", "10:10")
        store.book("B", "Sato", "10:20", "10:30")
        store.book("C", "Sato", "10:30", "10:40")
        let layout = store.calendar.layout
        #expect(layout.item("A")?.width == 60)
        #expect(layout.item("A")?.lane == 0)
        #expect(layout.item("B")?.lane == 1)
        // A's drawn end is 10:30, so C fits in lane 0 again.
        #expect(layout.item("C")?.lane == 0)
    }

    @Test("drawing is clipped at 24:00")
    func clipping() {
        var store = StoreHarness.withStaff()
        store.book("Late", "Sato", "23:50", "24:00")
        #expect(store.calendar.layout.item("Late")?.x == 23.0 * 120 + 100)
        let width = store.calendar.layout.item("Late")?.width ?? 0
        #expect(abs(width - 20) < 1e-9)
    }

    @Test("equal starts are ordered by id in code-point order")
    func idOrder() {
        var store = StoreHarness.withStaff()
        store.send(.staffSet([StaffMember(name: "Sato", capacity: 3)]))
        store.book("b", "Sato", "10:00", "11:00")
        store.book("B", "Sato", "10:00", "11:00")
        store.book("a", "Sato", "10:00", "11:00")
        let layout = store.calendar.layout
        #expect(layout.row("Sato")?.items.map(\.id) == ["B", "a", "b"])
        #expect(layout.item("B")?.lane == 0)
        #expect(layout.item("b")?.lane == 2)
    }

    @Test("rows stack in staff order; an empty row has one lane; metrics apply")
    func rows() {
        var store = StoreHarness.withStaff()
        store.send(
            .staffSet([
                StaffMember(name: "Sato"), StaffMember(name: "Suzuki", capacity: 2), StaffMember(name: "Tanaka"),
            ]))
        store.book("A", "Suzuki", "9:00", "10:00")
        store.book("B", "Suzuki", "9:30", "10:30")
        store.book("C", "Tanaka", "9:00", "9:15")
        store.send(.metricsSet(CalendarMetrics(hourWidth: 100, itemHeight: 30, padding: 5)))
        let layout = store.calendar.layout
        #expect(layout.rows.map(\.staff) == ["Sato", "Suzuki", "Tanaka"])
        #expect(layout.rows.map(\.y) == [0, 35, 105])
        #expect(layout.rows.map(\.height) == [35, 70, 35])
        #expect(layout.rows.map(\.lanes) == [1, 2, 1])
        #expect(layout.item("B")?.y == 70)
        #expect(layout.item("C")?.y == 105)
        #expect(layout.item("C")?.width == 50)
        #expect(layout.contentHeight == 140)
        #expect(layout.contentWidth == 2_400)
    }

    @Test("metrics must be positive (padding may be 0)")
    func invalidMetrics() {
        var store = StoreHarness.withStaff()
        store.reject(.metricsSet(CalendarMetrics(hourWidth: 0, itemHeight: 44, padding: 4)), .invalidMetrics)
        store.reject(.metricsSet(CalendarMetrics(hourWidth: 120, itemHeight: -1, padding: 4)), .invalidMetrics)
        store.reject(.metricsSet(CalendarMetrics(hourWidth: 120, itemHeight: 44, padding: -1)), .invalidMetrics)
        store.send(.metricsSet(CalendarMetrics(hourWidth: 120, itemHeight: 44, padding: 0)))
    }
}

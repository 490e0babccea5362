import Testing

@testable import Simulator

@Suite("Calendar: synchronised scrolling")
struct ScrollTests {
    /// Ten staff members with default metrics: content 2,880 × 480.
    static func tenStaff() -> StoreHarness {
        var store = StoreHarness()
        store.send(.staffSet((1...10).map { StaffMember(name: "S\($0)") }))
        store.send(.viewportResized(ViewportSize(width: 800, height: 200)))
        return store
    }

    @Test("the grid carries the header's x and the staff column's y")
    func grid() {
        var store = Self.tenStaff()
        store.send(.scrolled(.grid, x: 1_080, y: 100))
        let viewport = store.calendar.visibleViewport
        #expect(viewport.gridX == 1_080)
        #expect(viewport.headerX == 1_080)
        #expect(viewport.gridY == 100)
        #expect(viewport.staffY == 100)
        #expect(viewport.visibleFrom == 9 * 60)
        #expect(viewport.visibleTo == 15 * 60 + 40)
        #expect(viewport.visibleStaff == ["S3", "S4", "S5", "S6", "S7"])
    }

    @Test("the staff column moves only y and the header only x; a missing axis stays")
    func panes() {
        var store = Self.tenStaff()
        store.send(.scrolled(.grid, x: 240, y: 48))
        store.send(.scrolled(.staff, x: 999, y: 96))
        #expect(store.calendar.scrollX == 240)
        #expect(store.calendar.scrollY == 96)
        store.send(.scrolled(.header, x: 480, y: 0))
        #expect(store.calendar.scrollX == 480)
        #expect(store.calendar.scrollY == 96)
        store.send(.scrolled(.grid, x: nil, y: 0))
        #expect(store.calendar.scrollX == 480)
    }

    @Test("offsets are clamped to 0 … content − viewport")
    func clamping() {
        var store = Self.tenStaff()
        store.send(.scrolled(.grid, x: 99_999, y: 99_999))
        #expect(store.calendar.scrollX == 2_080)
        #expect(store.calendar.scrollY == 280)
        #expect(store.calendar.visibleViewport.visibleTo == 24 * 60)
        store.send(.scrolled(.grid, x: -5, y: -5))
        #expect(store.calendar.scrollX == 0)
        #expect(store.calendar.scrollY == 0)
    }

    @Test("content smaller than the viewport pins the offsets at 0")
    func smallContent() {
        var store = StoreHarness.withStaff()
        store.send(.scrolled(.grid, x: 100, y: 100))
        #expect(store.calendar.scrollY == 0)
        #expect(store.calendar.scrollX == 100)
        store.send(.metricsSet(CalendarMetrics(hourWidth: 10, itemHeight: 44, padding: 4)))
        #expect(store.calendar.scrollX == 0)
    }

    @Test("a shrinking content re-clamps the offsets")
    func reclamp() {
        var store = Self.tenStaff()
        store.send(.scrolled(.grid, x: 0, y: 280))
        store.send(.staffSet([StaffMember(name: "S1"), StaffMember(name: "S2")]))
        #expect(store.calendar.scrollY == 0)
    }

    @Test("a row is visible when it intersects the viewport, half-open")
    func visibleRows() {
        var store = Self.tenStaff()
        store.send(.scrolled(.grid, x: nil, y: 48))
        #expect(store.calendar.visibleViewport.visibleStaff == ["S2", "S3", "S4", "S5", "S6"])
        store.send(.scrolled(.grid, x: nil, y: 47))
        #expect(store.calendar.visibleViewport.visibleStaff == ["S1", "S2", "S3", "S4", "S5", "S6"])
    }

    @Test("scrolling to a time reads back as that time despite floating point", arguments: Array(0..<(24 * 6)))
    func timeRoundTrip(tenMinutes: Int) {
        var store = StoreHarness()
        store.send(.metricsSet(CalendarMetrics(hourWidth: 97.3, itemHeight: 44, padding: 4)))
        store.send(.viewportResized(ViewportSize(width: 1, height: 1)))
        let minutes = tenMinutes * 10
        store.send(.scrolled(.header, x: Double(minutes) / 60 * 97.3, y: nil))
        #expect(store.calendar.visibleViewport.visibleFrom == minutes)
    }

    @Test("the viewport must have a positive size")
    func invalidViewport() {
        var store = StoreHarness()
        store.reject(.viewportResized(ViewportSize(width: 0, height: 10)), .invalidViewport)
        store.reject(.viewportResized(ViewportSize(width: 10, height: -1)), .invalidViewport)
    }
}

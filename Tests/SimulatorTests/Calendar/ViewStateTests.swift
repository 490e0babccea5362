import Testing

@testable import Simulator

@Suite("Calendar: loading view state")
struct ViewStateTests {
    static func booked() -> StoreHarness {
        var store = StoreHarness.withStaff()
        store.book("R1", "Sato", "10:00", "11:00")
        return store
    }

    @Test("before the first load the view is empty, whatever is booked")
    func initial() {
        let store = Self.booked()
        #expect(store.calendar.viewState == .empty)
    }

    @Test("a normal load settles at once with the booked reservations")
    func normal() {
        var store = Self.booked()
        store.send(.loadStarted)
        #expect(store.calendar.viewState == .loaded([reservation("R1", "Sato", "10:00", "11:00")]))
        #expect(!store.calendar.loadPending)
    }

    @Test("a successful load with nothing booked, or an empty service, shows the empty view")
    func emptyView() {
        var store = StoreHarness.withStaff()
        store.send(.loadStarted)
        #expect(store.calendar.viewState == .empty)
        var booked = Self.booked()
        booked.send(.loadStarted)
        booked.send(.serviceSet(.empty))
        booked.send(.loadStarted)
        #expect(booked.calendar.viewState == .empty)
        #expect(booked.calendar.viewState.content == nil)
    }

    @Test("a failure without content is the error view; with content it is a banner, twice over")
    func failures() {
        var store = Self.booked()
        store.send(.serviceSet(.failing(message: "Timeout")))
        store.send(.loadStarted)
        #expect(store.calendar.viewState == .failed(previous: nil, error: "Timeout"))
        store.send(.serviceSet(.normal))
        store.send(.loadStarted)
        let content = [reservation("R1", "Sato", "10:00", "11:00")]
        store.send(.serviceSet(.failing(message: "Down")))
        store.send(.loadStarted)
        #expect(store.calendar.viewState == .failed(previous: content, error: "Down"))
        store.send(.loadStarted)
        #expect(store.calendar.viewState == .failed(previous: content, error: "Down"))
    }

    @Test("a hanging load shows loading (keeping content) until released, then answers as set then")
    func hang() {
        var store = Self.booked()
        store.send(.serviceSet(.hang))
        store.send(.loadStarted)
        #expect(store.calendar.viewState == .loading(previous: nil))
        #expect(store.calendar.loadPending)
        store.send(.serviceReleased)
        let content = [reservation("R1", "Sato", "10:00", "11:00")]
        #expect(store.calendar.viewState == .loaded(content))
        store.send(.loadStarted)
        #expect(store.calendar.viewState == .loading(previous: content))
        store.send(.serviceSet(.failing(message: "Lost")))
        store.send(.serviceReleased)
        #expect(store.calendar.viewState == .failed(previous: content, error: "Lost"))
        #expect(!store.calendar.loadPending)
    }

    @Test("releasing with nothing pending succeeds and changes nothing")
    func nothingPending() {
        var store = Self.booked()
        var before = store.state
        store.send(.serviceReleased)
        #expect(store.state == before)
        store.send(.loadStarted)
        before = store.state
        store.send(.serviceReleased)
        #expect(store.state == before)
    }

    @Test("layout uses the booked reservations whatever the view state")
    func layoutIndependent() {
        var store = Self.booked()
        store.send(.serviceSet(.empty))
        store.send(.loadStarted)
        #expect(store.calendar.layout.item("R1") != nil)
    }
}

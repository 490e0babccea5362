import Foundation
import Simulator
import Testing

@testable import SimulatorServer

@Suite("Protocol: /calendar actions")
struct CalendarCodecTests {
    static func withStaff() throws -> EngineHarness {
        var harness = EngineHarness()
        try harness.ok(
            .calendar, ["action": "setStaff", "staff": [["name": "Sato", "capacity": 2], ["name": "Suzuki"]]])
        return harness
    }

    @Test("staff, bookings and menus show in the state with HH:MM times")
    func bookings() throws {
        var harness = try Self.withStaff()
        try harness.ok(
            .calendar,
            [
                "action": "book", "reservation": "R1", "staff": "Sato", "start": "9:05", "end": "10:00",
                "customer": "Yamada", "menu": [["name": "Cut", "price": 4_000]],
            ])
        try harness.ok(
            .calendar, ["action": "book", "reservation": "R2", "staff": "Suzuki", "start": "23:00", "end": "24:00"])
        var state = try harness.ok(
            .calendar, ["action": "setMenu", "reservation": "R2", "menu": [["name": "Perm", "price": 9_000]]])
        let staff = try #require(state["staff"] as? [[String: Any]])
        #expect(staff.map { $0["name"] as? String } == ["Sato", "Suzuki"])
        #expect(staff.map { int($0["capacity"]) } == [2, 1])
        let reservations = try #require(state["reservations"] as? [[String: Any]])
        #expect(reservations.first?["reservation"] as? String == "R1")
        #expect(reservations.first?["start"] as? String == "09:05")
        #expect(reservations.first?["customer"] as? String == "Yamada")
        #expect(reservations.last?["end"] as? String == "24:00")
        #expect(((reservations.last?["menu"] as? [[String: Any]])?.first)?["name"] as? String == "Perm")
        state = try harness.ok(.calendar, ["action": "cancelBooking", "reservation": "R2"])
        #expect((state["reservations"] as? [Any])?.count == 1)
        try harness.error(.calendar, ["action": "cancelBooking", "reservation": "R2"], code: "unknownReservation")
        try harness.error(
            .calendar, ["action": "book", "reservation": "R3", "staff": "Sato", "start": "25:00", "end": "26:00"],
            code: "invalidTime")
        // Minutes past the hour are outside the clock as 25:00 is outside the day.
        try harness.error(
            .calendar, ["action": "book", "reservation": "R3", "staff": "Sato", "start": "10:60", "end": "11:00"],
            code: "invalidTime")
        try harness.error(
            .calendar, ["action": "book", "reservation": "R3", "staff": "Sato", "start": "10:6", "end": "11:00"],
            code: "badParameter")
        try harness.error(
            .calendar, ["action": "book", "reservation": "R3", "staff": "Nobody", "start": "1:00", "end": "2:00"],
            code: "unknownStaff")
        try harness.error(
            .calendar, ["action": "book", "reservation": "R1", "staff": "Sato", "start": "1:00", "end": "2:00"],
            code: "duplicateReservation")
        try harness.ok(
            .calendar, ["action": "book", "reservation": "R4", "staff": "Sato", "start": "9:00", "end": "9:30"])
        try harness.error(
            .calendar, ["action": "book", "reservation": "R5", "staff": "Sato", "start": "9:15", "end": "9:20"],
            code: "overCapacity")
    }

    @Test("layout answers rows and items with exact numbers")
    func layout() throws {
        var harness = try Self.withStaff()
        try harness.ok(.calendar, ["action": "setMetrics", "hourWidth": 100.5, "itemHeight": 40, "padding": 2.25])
        try harness.ok(
            .calendar, ["action": "book", "reservation": "R1", "staff": "Sato", "start": "10:00", "end": "10:10"])
        try harness.ok(
            .calendar, ["action": "book", "reservation": "R2", "staff": "Sato", "start": "10:20", "end": "11:00"])
        let response = try harness.send(.calendar, ["action": "layout"])
        let layout = try #require(response["layout"] as? [String: Any])
        let rows = try #require(layout["rows"] as? [[String: Any]])
        #expect(rows.map { $0["staff"] as? String } == ["Sato", "Suzuki"])
        #expect(rows.map { int($0["lanes"]) } == [2, 1])
        #expect(rows.map { double($0["height"]) } == [84.5, 42.25])
        #expect(rows.map { double($0["y"]) } == [0, 84.5])
        let items = try #require(rows.first?["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["R1", "R2"])
        #expect(double(items[0]["x"]) == 1_005)
        #expect(double(items[0]["width"]) == 50.25)
        #expect(int(items[1]["lane"]) == 1)
        #expect(double(items[1]["y"]) == 42.25)
        #expect(double(items[1]["height"]) == 40)
        #expect(abs((double(items[1]["width"]) ?? 0) - 40.0 / 60 * 100.5) < 1e-9)
    }

    @Test("scroll answers the viewport for each pane")
    func scroll() throws {
        var harness = try Self.withStaff()
        try harness.ok(.calendar, ["action": "setViewport", "width": 600, "height": 50])
        var response = try harness.send(.calendar, ["action": "scroll", "pane": "grid", "x": 1_080, "y": 50])
        var viewport = try #require(response["viewport"] as? [String: Any])
        #expect(double(viewport["gridX"]) == 1_080)
        #expect(double(viewport["headerX"]) == 1_080)
        #expect(double(viewport["gridY"]) == 46)
        #expect(double(viewport["staffY"]) == 46)
        #expect(viewport["visibleStaff"] as? [String] == ["Sato", "Suzuki"])
        #expect(viewport["visibleFrom"] as? String == "09:00")
        #expect(viewport["visibleTo"] as? String == "14:00")
        response = try harness.send(.calendar, ["action": "scroll", "pane": "staff", "y": 0])
        viewport = try #require(response["viewport"] as? [String: Any])
        #expect(double(viewport["gridX"]) == 1_080)
        #expect(double(viewport["gridY"]) == 0)
        response = try harness.send(.calendar, ["action": "scroll", "pane": "header", "x": 60])
        viewport = try #require(response["viewport"] as? [String: Any])
        #expect(viewport["visibleFrom"] as? String == "00:30")
        try harness.error(.calendar, ["action": "setViewport", "width": 0, "height": 50], code: "invalidViewport")
        try harness.error(
            .calendar, ["action": "setMetrics", "hourWidth": -1, "itemHeight": 44, "padding": 4], code: "invalidMetrics"
        )
    }

    @Test("the loading state machine over the wire")
    func loading() throws {
        var harness = try Self.withStaff()
        try harness.ok(
            .calendar, ["action": "book", "reservation": "R1", "staff": "Sato", "start": "10:00", "end": "11:00"])
        var response = try harness.send(.calendar, ["action": "viewState"])
        var viewState = try #require(response["viewState"] as? [String: Any])
        #expect(viewState["kind"] as? String == "empty")
        #expect(viewState["hasContent"] as? Bool == false)
        #expect(viewState["error"] is NSNull)
        response = try harness.send(.calendar, ["action": "load"])
        viewState = try #require(response["viewState"] as? [String: Any])
        #expect(viewState["kind"] as? String == "loaded")
        #expect(viewState["hasContent"] as? Bool == true)
        try harness.ok(.calendar, ["action": "setService", "mode": "failing", "message": "Timeout"])
        response = try harness.send(.calendar, ["action": "load"])
        viewState = try #require(response["viewState"] as? [String: Any])
        #expect(viewState["kind"] as? String == "failed")
        #expect(viewState["hasContent"] as? Bool == true)
        #expect(viewState["error"] as? String == "Timeout")
        try harness.ok(.calendar, ["action": "setService", "mode": "hang"])
        response = try harness.send(.calendar, ["action": "load"])
        viewState = try #require(response["viewState"] as? [String: Any])
        #expect(viewState["kind"] as? String == "loading")
        #expect(viewState["hasContent"] as? Bool == true)
        response = try harness.send(.calendar, ["action": "release"])
        viewState = try #require(response["viewState"] as? [String: Any])
        #expect(viewState["kind"] as? String == "loaded")
        // Nothing waits now: release succeeds and leaves the view as it is.
        response = try harness.send(.calendar, ["action": "release"])
        #expect((response["viewState"] as? [String: Any])?["kind"] as? String == "loaded")
        try harness.ok(.calendar, ["action": "setService", "mode": "empty"])
        response = try harness.send(.calendar, ["action": "load"])
        #expect((response["viewState"] as? [String: Any])?["kind"] as? String == "empty")
        let state = try harness.ok(.calendar, ["action": "reset"])
        #expect(state["viewState"] as? String == "empty")
        #expect((state["service"] as? [String: Any])?["mode"] as? String == "normal")
    }

    @Test("checking out a reservation fills the register's cart")
    func checkout() throws {
        var harness = try Self.withStaff()
        try harness.ok(
            .calendar,
            [
                "action": "book", "reservation": "R1", "staff": "Sato", "start": "10:00", "end": "11:00",
                "menu": [["name": "Cut", "price": 4_000]],
            ])
        let state = try harness.ok(.calendar, ["action": "checkoutReservation", "reservation": "R1"])
        #expect((state["reservations"] as? [[String: Any]])?.first?["checkedOut"] as? Bool == true)
        #expect(harness.engine.displaySnapshot.contains(#"data-screen="cart""#))
        let register = try harness.ok(.register, ["action": "getState"])
        #expect((register["lines"] as? [[String: Any]])?.first?["name"] as? String == "Cut")
        #expect(register["reservations"] as? [String] == ["R1"])
        try harness.error(.calendar, ["action": "checkoutReservation", "reservation": "R1"], code: "alreadyCheckedOut")
        try harness.error(
            .calendar, ["action": "checkoutReservation", "reservation": "R9"], code: "unknownReservation")
        try harness.ok(.register, ["action": "startCheckout"])
        try harness.error(.calendar, ["action": "checkoutReservation", "reservation": "R9"], code: "wrongPhase")
    }

    @Test(
        "calendar parameters are checked and named",
        arguments: [
            (#"{"action": "setStaff"}"#, "staff"),
            (#"{"action": "setStaff", "staff": [{"name": "A", "capacity": "2"}]}"#, "staff[0].capacity"),
            (#"{"action": "book", "staff": "A", "start": "1:00", "end": "2:00"}"#, "reservation"),
            (#"{"action": "book", "reservation": "R", "start": "1:00", "end": "2:00"}"#, "staff"),
            (#"{"action": "book", "reservation": "R", "staff": "A", "start": "1:0", "end": "2:00"}"#, "start"),
            (#"{"action": "book", "reservation": "R", "staff": "A", "start": "1:00", "end": 2}"#, "end"),
            (#"{"action": "book", "reservation": "R", "staff": "A", "start": "1:00"}"#, "end"),
            (
                #"{"action": "book", "reservation": "R", "staff": "A", "start": "1:00", "end": "2:00", "menu": [{"name": "X"}]}"#,
                "menu[0].price"
            ),
            (#"{"action": "setMenu", "reservation": "R"}"#, "menu"),
            (#"{"action": "cancelBooking"}"#, "reservation"),
            (#"{"action": "setMetrics", "hourWidth": "wide"}"#, "hourWidth"),
            (#"{"action": "setViewport", "width": 800, "height": true}"#, "height"),
            // All of them required, as protocol.md lists none as optional.
            (#"{"action": "setViewport", "height": 100}"#, "width"),
            (#"{"action": "setMetrics", "hourWidth": 60, "padding": 4}"#, "itemHeight"),
            (#"{"action": "scroll", "x": 1}"#, "pane"),
            (#"{"action": "scroll", "pane": "diagonal", "x": 1}"#, "pane"),
            (#"{"action": "scroll", "pane": "grid"}"#, "x"),
            (#"{"action": "scroll", "pane": "staff", "x": 5}"#, "y"),
            (#"{"action": "scroll", "pane": "header", "y": 5}"#, "x"),
            (#"{"action": "setService"}"#, "mode"),
            (#"{"action": "setService", "mode": "sleepy"}"#, "mode"),
            (#"{"action": "checkoutReservation"}"#, "reservation"),
        ])
    func badParameter(request: String, field: String) throws {
        var harness = try Self.withStaff()
        let error = try harness.error(.calendar, json: request, code: "badParameter")
        #expect(error["field"] as? String == field)
    }

    @Test("the calendar state carries metrics, viewport, scroll, service and view state")
    func stateFields() throws {
        var harness = EngineHarness()
        let state = try harness.ok(.calendar, ["action": "getState"])
        for field in ["staff", "reservations", "metrics", "viewport", "scroll", "service", "viewState", "loadPending"] {
            #expect(state.keys.contains(field), "missing \(field)")
        }
        let metrics = try #require(state["metrics"] as? [String: Any])
        #expect(double(metrics["hourWidth"]) == 120)
        #expect(double(metrics["itemHeight"]) == 44)
        #expect(double(metrics["padding"]) == 4)
    }
}

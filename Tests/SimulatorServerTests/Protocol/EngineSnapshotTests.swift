import Simulator
import Testing
import Wire

@testable import SimulatorServer

@Suite("Protocol: echoed ids, repeated names and the display snapshot's revision")
struct EngineSnapshotTests {
    @Test("a repeated member name means its last value, as in a dictionary")
    func repeatedNames() throws {
        let value = try JSONParser.parse(#"{"b": 1, "a": 2, "b": 3}"#)
        let object = try #require(value.objectValue)
        #expect(object["b"] == .number("3"))
        #expect(object == ["a": .number("2"), "b": .number("3")])
        // Canonically equivalent names are one name: the first spelling, the last value.
        let accented = try #require(try JSONParser.parse("{\"e\u{301}\": 1, \"\u{E9}\": 2}").objectValue)
        #expect(accented.sortedMembers.count == 1)
        #expect(accented.sortedMembers.first?.name.unicodeScalars.count == 2)
        #expect(accented.sortedMembers.first?.value == .number("2"))
    }

    @Test("an object id is echoed with its members sorted, one per name")
    func objectIDs() {
        var engine = SimulatorEngine(environment: .fixed())
        let response = engine.handle(
            #"{"id": {"z": 1, "a": [true, null], "z": 2}, "action": "getState"}"#, on: .register)
        #expect(response.hasPrefix(#"{"id":{"a":[true,null],"z":2},"ok":true,"state":{"#))
        let failure = engine.handle(#"{"id": {"b": {"y": 1, "x": 2}}, "action": "nope"}"#, on: .calendar)
        #expect(failure.hasPrefix(#"{"id":{"b":{"x":2,"y":1}},"ok":false,"error":{"code":"unknownAction""#))
    }

    @Test("an id object with many members is echoed sorted, a repeated name keeping its last value")
    func largeObjectID() throws {
        // Speed is the benchmarks' business; this checks the result at a size where the
        // member list's handling of repeated names is exercised at scale.
        let count = 10_000
        let members = (0..<count).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
        var engine = SimulatorEngine(environment: .fixed())
        let response = engine.handle(#"{"id": {\#(members), "k0": -1}, "action": "getState"}"#, on: .register)
        let expected = (0..<count).map(String.init).sorted().map { #""k\#($0)":\#($0 == "0" ? "-1" : $0)"# }
        #expect(response.hasPrefix(#"{"id":{"# + expected.joined(separator: ",") + "},"))
    }

    @Test("the revision moves exactly when the snapshot's HTML changes")
    func revision() {
        var engine = SimulatorEngine(environment: .fixed())
        var revision = engine.displayRevision
        var snapshot = engine.displaySnapshot
        func send(
            _ endpoint: Endpoint, _ request: String, changes: Bool,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            _ = engine.handle(request, on: endpoint)
            #expect(engine.displaySnapshot == CustomerDisplay.render(engine.state), sourceLocation: sourceLocation)
            #expect((engine.displayRevision != revision) == changes, sourceLocation: sourceLocation)
            #expect((engine.displaySnapshot != snapshot) == changes, sourceLocation: sourceLocation)
            revision = engine.displayRevision
            snapshot = engine.displaySnapshot
        }
        send(.register, #"{"id":1,"action":"setCatalog","products":[{"name":"Tea","price":300}]}"#, changes: false)
        send(.register, #"{"id":2,"action":"addItem","name":"Tea"}"#, changes: true)
        send(.register, #"{"id":3,"action":"addItem","name":"Tea"}"#, changes: true)
        send(.register, #"{"id":4,"action":"getState"}"#, changes: false)
        send(.register, #"{"id":5,"action":"addItem","name":"Nope"}"#, changes: false)
        send(.calendar, #"{"id":6,"action":"setStaff","staff":[{"name":"Sato"}]}"#, changes: false)
        send(
            .calendar,
            #"{"id":7,"action":"book","reservation":"R1","staff":"Sato","start":"9:00","end":"10:00","menu":[{"name":"Cut","price":4000}]}"#,
            changes: false)
        send(.register, #"{"id":8,"action":"setQuantity","name":"Tea","quantity":0}"#, changes: true)
        send(.calendar, #"{"id":9,"action":"checkoutReservation","reservation":"R1"}"#, changes: true)
        send(.register, #"{"id":10,"action":"reset"}"#, changes: true)
        send(.register, #"{"id":11,"action":"reset"}"#, changes: false)
    }

    @Test("an error inside an array of objects names the item's path")
    func nestedPaths() {
        var engine = SimulatorEngine(environment: .fixed())
        let response = engine.handle(
            #"{"id":1,"action":"setCatalog","products":[{"name":"Tea","price":1},{"name":"Cake","price":"x"}]}"#,
            on: .register)
        #expect(response.contains(#""field":"products[1].price""#))
        let notObject = engine.handle(#"{"id":2,"action":"setStaff","staff":[{"name":"Sato"},3]}"#, on: .calendar)
        #expect(notObject.contains(#""field":"staff[1]""#))
    }
}

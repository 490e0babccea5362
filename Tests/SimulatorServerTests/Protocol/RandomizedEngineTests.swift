import Foundation
import Simulator
import Testing
import Wire

@testable import SimulatorServer

@Suite("Randomized: the engine over random requests")
struct RandomizedEngineTests {
    /// Random request texts over both endpoints, with some wrong types and missing fields.
    struct Requests {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }

        mutating func pick(_ choices: [String]) -> String {
            choices[Int(next() % UInt64(choices.count))]
        }

        mutating func request(id: Int) -> (Endpoint, String) {
            let value = pick(["1", "450", "0", "-1", "3", "1000", "\"x\"", "null", "2.5", "true"])
            let name = pick(["\"Coffee\"", "\"Tea\"", "\"<&>\"", "5"])
            let time = pick(["\"9:00\"", "\"10:30\"", "\"24:00\"", "\"25:00\"", "\"9:5\"", "7"])
            if next() % 3 == 0 {
                let action = pick(CalendarActionName.allCases.map(\.rawValue) + ["nope"])
                let fields = [
                    #""staff": [{"name": "Sato", "capacity": 2}, {"name": \#(name)}]"#,
                    #""reservation": \#(pick(["\"R1\"", "\"R2\"", "3"]))"#, #""start": \#(time)"#,
                    #""end": \#(pick(["\"10:00\"", "\"11:00\"", "\"24:00\""]))"#, #""staff": "Sato""#,
                    #""menu": [{"name": \#(name), "price": \#(value)}]"#, #""x": \#(value)"#, #""y": \#(value)"#,
                    #""pane": \#(pick(["\"grid\"", "\"staff\"", "\"header\""]))"#,
                    #""mode": \#(pick(["\"normal\"", "\"hang\"", "\"failing\"", "\"empty\""]))"#,
                    #""hourWidth": \#(value)"#, #""width": \#(value)"#,
                ].filter { _ in next() % 2 == 0 }
                return (
                    .calendar, "{\"id\": \(id), \"action\": \"\(action)\"" + fields.map { ", " + $0 }.joined() + "}"
                )
            }
            let action = pick(RegisterActionName.allCases.map(\.rawValue) + ["nope"])
            let fields = [
                #""name": \#(name)"#, #""price": \#(value)"#, #""quantity": \#(value)"#, #""points": \#(value)"#,
                #""amount": \#(value)"#, #""method": \#(pick(["\"cash\"", "\"card\"", "\"qr\"", "1"]))"#,
                #""order": \#(pick(["\"1001\"", "\"1002\"", "1001"]))"#,
                #""products": [{"name": \#(name), "price": \#(value)}]"#,
            ].filter { _ in next() % 2 == 0 }
            return (.register, "{\"id\": \(id), \"action\": \"\(action)\"" + fields.map { ", " + $0 }.joined() + "}")
        }
    }

    @Test("responses are valid JSON, echo the id, and the snapshot is render(state)", arguments: [7, 99] as [UInt64])
    func randomRequests(seed: UInt64) throws {
        var requests = Requests(state: seed)
        var engine = SimulatorEngine(environment: .fixed())
        var successes = 0
        for id in 0..<3_000 {
            let (endpoint, text) = requests.request(id: id)
            let before = engine.state
            let response = engine.handle(text, on: endpoint)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(response.utf8)) as? [String: Any], "\(response)")
            #expect(int(object["id"]) == id)
            if object["ok"] as? Bool == true {
                successes += 1
                let state = try #require(object["state"] as? [String: Any])
                if endpoint == .register {
                    #expect(
                        int(state["total"]) == engine.state.register.total
                            && engine.state.register.total
                                == engine.state.register.subtotal - engine.state.register.discount
                                - engine.state.register.pointsApplied
                    )
                }
            } else {
                #expect(engine.state == before, "\(text) → \(response)")
            }
            #expect(engine.displaySnapshot == CustomerDisplay.render(engine.state))
        }
        #expect(successes > 300)
    }

    @Test("20,000 requests carrying the whole state stay fast")
    func throughput() {
        var engine = SimulatorEngine(environment: .fixed())
        _ = engine.handle(
            #"{"id":0,"action":"setCatalog","products":[{"name":"Coffee","price":450},{"name":"Cake","price":600}]}"#,
            on: .register)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for id in 0..<4_000 {
                _ = engine.handle(#"{"id":\#(id),"action":"addItem","name":"Coffee","quantity":2}"#, on: .register)
                _ = engine.handle(#"{"id":\#(id),"action":"startCheckout"}"#, on: .register)
                _ = engine.handle(#"{"id":\#(id),"action":"takePayment","method":"cash","amount":1000}"#, on: .register)
                _ = engine.handle(#"{"id":\#(id),"action":"nextCustomer"}"#, on: .register)
                _ = engine.displaySnapshot
                _ = engine.handle(#"{"id":\#(id),"action":"layout"}"#, on: .calendar)
                if id % 50 == 49 { _ = engine.handle(#"{"id":\#(id),"action":"reset"}"#, on: .register) }
            }
        }
        // Generous even for a debug build on a shared 2-core machine.
        #expect(elapsed < .seconds(30), "20,000 requests took \(elapsed)")
        print("20,000 engine requests took \(elapsed)")
    }
}

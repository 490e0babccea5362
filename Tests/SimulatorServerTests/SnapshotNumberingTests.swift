import SimulatorServer
import Testing
import Transport

/// The simulator's numbered snapshots (docs/protocol.md, "Numbered snapshots"): asked for
/// with `?snapshots=numbered`, invisible to every other peer.
@Suite("Numbered snapshots")
struct SnapshotNumberingTests {
    @Test("a numbered display is told its first snapshot's number; numbered answers say the display's snapshot")
    func numbersFollowTheSnapshots() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let display = try await simulator.connect("/display?snapshots=numbered")
        #expect(display.openingHeaders["Spec-Run-Snapshot"] == "0")
        _ = try await display.nextText()
        let register = try await simulator.connect("/register?snapshots=numbered")

        let first = try await register.request(addItem(id: 1, price: 450, quantity: 2))
        #expect(first.hasSuffix(#","snapshot":1}"#), "\(first)")
        #expect(try await display.nextText(timeout: .milliseconds(500)).flatMap(totalAmount(in:)) == 900)
        // No change on the display: the same number.
        let state = try await register.request(#"{"id":2,"action":"getState"}"#)
        #expect(state.hasSuffix(#","snapshot":1}"#), "\(state)")
        // A refusal changes nothing either, and says so too.
        let refused = try await register.request(#"{"id":3,"action":"setQuantity","name":"Nope","quantity":1}"#)
        #expect(refused.contains(#""ok":false"#) && refused.hasSuffix(#","snapshot":1}"#), "\(refused)")
        let second = try await register.request(addItem(id: 4, name: "Tea", price: 100))
        #expect(second.hasSuffix(#","snapshot":2}"#), "\(second)")

        // A display that connects now starts from the current snapshot's number.
        let late = try await simulator.connect("/display?snapshots=numbered")
        #expect(late.openingHeaders["Spec-Run-Snapshot"] == "2")
        #expect(try await late.nextText().flatMap(totalAmount(in:)) == 1000)
        await late.close()
        await display.close()
        await register.close()
    }

    @Test("without the query nothing changes: no header, no \"snapshot\" in the answers")
    func unnumberedPeersSeeNothing() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let display = try await simulator.connect("/display")
        #expect(display.openingHeaders["Spec-Run-Snapshot"] == nil)
        let register = try await simulator.connect("/register")
        let calendar = try await simulator.connect("/calendar?snapshots=other")
        let answer = try await register.request(addItem(id: 1))
        #expect(!answer.contains(#""snapshot""#), "\(answer)")
        let calendarAnswer = try await calendar.request(#"{"id":1,"action":"getState"}"#)
        #expect(!calendarAnswer.contains(#""snapshot""#), "\(calendarAnswer)")
        await display.close()
        await register.close()
        await calendar.close()
    }
}

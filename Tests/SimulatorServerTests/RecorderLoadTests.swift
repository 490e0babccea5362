import Dispatch
import Foundation
import SimulatorServer
import TestSupport
import Testing
import Transport
import Wire

/// `/record` under load: a recording is written off the server's thread, so a long one
/// holds up no other client, and a connection that piles up recordings is closed.
@Suite("Recorder under load")
struct RecorderLoadTests {
    /// A recording held in the writer by a gate the test opens: the server must answer
    /// /health meanwhile, and the recording's answer comes once the gate opens. A server
    /// that wrote recordings on its own thread could not answer /health until then.
    @Test("/health is answered while a recording is being written, whose answer still comes")
    func healthDuringLongRecording() async throws {
        let gate = DispatchSemaphore(value: 0)
        let support = RegisterPageSupport(meanings: []) { text in
            _ = gate.wait(timeout: .now() + 30)
            return "recorded: " + text
        }
        let simulator = try SimulatorServer.start(registerPage: support)
        defer { simulator.stop() }
        let recorder = try await simulator.connect("/record")
        try recorder.send(text: "long")
        for _ in 0..<3 {
            let response = try rawExchange(port: simulator.port, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(statusCode(response) == 200, "/health waited for the recording: \(response)")
            #expect(
                try await recorder.nextText(timeout: .zero) == nil, "the recording was answered before the gate opened")
        }
        gate.signal()
        #expect(try await recorder.nextText() == "recorded: long")
        await recorder.close()
    }

    /// The real writer in `spec-run simulate`, end to end: a 200-action recording (seconds
    /// to write in a debug build) comes back as its feature.
    @Test("spec-run simulate answers a long recording with its feature")
    func longRecording() async throws {
        let simulator = try await ChildSimulator.start()
        do {
            let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(simulator.port)/record")
            let actions = (0..<200).map {
                #"{"endpoint":"register","request":{"action":"addItem","name":"Item \#($0)","price":100}}"#
            }
            try client.send(text: #"{"language":"en","name":"Long","actions":[\#(actions.joined(separator: ","))]}"#)
            let answer = try JSONParser.parse(try #require(try await client.receive(timeout: .seconds(120))?.text))
            let feature = try #require(answer["feature"]?.stringValue, "\(answer)")
            #expect(feature.contains("  Scenario: Long\n    When I add \"Item 0\" at ¥100 to the cart\n"))
            #expect(feature.contains("    When I add \"Item 199\" at ¥100 to the cart\n"))
            #expect(feature.contains("    And the display shows total ¥20,000\n"), "\(feature.suffix(600))")
            await client.close()
        } catch {
            Issue.record("\(error)")
        }
        #expect(await simulator.stop().status == 0)
    }

    @Test(
        "a /record connection may have 4 recordings waiting; a fifth closes it with 1008, and what waited is not written"
    )
    func pendingLimit() async throws {
        let gate = DispatchSemaphore(value: 0)
        let written = LockedBox<[String]>([])
        let support = RegisterPageSupport(meanings: []) { text in
            // Long enough for a loaded machine; the test opens the gate itself.
            _ = gate.wait(timeout: .now() + 30)
            written.withLock { $0.append(text) }
            return "recorded: " + text
        }
        let simulator = try SimulatorServer.start(registerPage: support)
        defer { simulator.stop() }
        let flood = try await simulator.connect("/record")
        try flood.send(texts: ["1", "2", "3", "4"])
        #expect(try await flood.nextText(timeout: .milliseconds(300)) == nil, "the first is still being written")
        try flood.send(text: "5")
        do {
            let message = try await flood.receive(timeout: .seconds(5))
            Issue.record("the fifth recording was taken: \(String(describing: message))")
        } catch let error as WebSocketClientError {
            #expect(
                error
                    == .closed(
                        code: 1008, reason: "too many recordings waiting: wait for the answers before sending more"))
        }
        // The first recording was being written when the connection closed; the rest were not.
        for _ in 0..<20 { gate.signal() }
        let other = try await simulator.connect("/record")
        #expect(try await other.request("x") == "recorded: x")
        #expect(written.withLock { $0 } == ["1", "x"])
        // Four waiting at once are all answered, in order.
        try other.send(texts: ["a", "b", "c", "d"])
        for text in ["a", "b", "c", "d"] { #expect(try await other.nextText() == "recorded: " + text) }
        await other.close()
    }

    @Test("16 recordings may wait from all /record connections together; one more closes its connection with 1008")
    func waitingLimit() async throws {
        let gate = DispatchSemaphore(value: 0)
        let support = RegisterPageSupport(meanings: []) { text in
            _ = gate.wait(timeout: .now() + 30)
            return "recorded: " + text
        }
        let simulator = try SimulatorServer.start(registerPage: support)
        defer { simulator.stop() }
        var recorders: [WebSocketClient] = []
        for index in 0..<4 {
            let recorder = try await simulator.connect("/record")
            try recorder.send(texts: (1...4).map { "\(index).\($0)" })
            recorders.append(recorder)
        }
        // The sixteen are taken (each answered once the gate opens): a request reaches the
        // server after the ones sent before it on the same connection.
        let late = try await simulator.connect("/record")
        try late.send(text: "late")
        do {
            let message = try await late.receive(timeout: .seconds(5))
            Issue.record("a seventeenth recording was taken: \(String(describing: message))")
        } catch let error as WebSocketClientError {
            let reason = "the recorder has 16 recordings waiting from all its connections: send again later"
            #expect(error == .closed(code: 1008, reason: reason))
        }
        for _ in 0..<16 { gate.signal() }
        for (index, recorder) in recorders.enumerated() {
            for number in 1...4 { #expect(try await recorder.nextText() == "recorded: \(index).\(number)") }
            await recorder.close()
        }
    }
}

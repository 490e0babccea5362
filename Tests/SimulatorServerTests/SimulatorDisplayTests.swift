import SimulatorServer
import Testing
import Transport

@Suite("Simulator display broadcast and request ordering")
struct SimulatorDisplayTests {
    @Test("a display gets the current snapshot on connect, and the new one before the response")
    func snapshotBeforeResponse() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let display = try await simulator.connect("/display")
        let first = try #require(try await display.nextText())
        #expect(first.contains(#"data-screen="welcome""#))
        let register = try await simulator.connect("/register")
        let response = try await register.request(addItem(id: 1, price: 450, quantity: 2))
        #expect(response.hasPrefix(#"{"id":1,"ok":true"#))
        // The response came after the snapshot was handed over: it is already here.
        let snapshot = try #require(try await display.nextText(timeout: .milliseconds(500)))
        #expect(totalAmount(in: snapshot) == 900)
        // A new display sees the current screen at once.
        let late = try await simulator.connect("/display")
        let current = try #require(try await late.nextText())
        #expect(totalAmount(in: current) == 900)
        await display.close()
        await late.close()
        await register.close()
    }

    @Test("after a response, a zero-timeout receive on the display already has the snapshot (200 rounds)")
    func noRaceAfterResponse() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let display = try await simulator.connect("/display")
        _ = try await display.nextText()
        let register = try await simulator.connect("/register")
        for round in 1...200 {
            _ = try await register.request(addItem(id: round, price: 1))
            let snapshot = try await display.receive(timeout: .zero)?.text
            #expect(snapshot.flatMap(totalAmount(in:)) == round)
        }
        await display.close()
        await register.close()
    }

    @Test("after a response, the display's receiveAvailable already holds the snapshot (500 rounds)")
    func receiveAvailableAfterResponse() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let display = try await simulator.connect("/display")
        _ = try await display.nextText()
        let register = try await simulator.connect("/register")
        for round in 1...500 {
            _ = try await register.request(addItem(id: round, price: 1))
            // Non-blocking: the server wrote the snapshot before the response.
            let snapshots = try display.receiveAvailable().compactMap(\.text)
            #expect(snapshots.count == 1 && snapshots.first.flatMap(totalAmount(in:)) == round, "round \(round)")
        }
        await display.close()
        await register.close()
    }

    @Test("an unchanged screen sends no snapshot")
    func noDuplicateSnapshots() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let display = try await simulator.connect("/display")
        _ = try await display.nextText()
        let register = try await simulator.connect("/register")
        _ = try await register.request(#"{"id":1,"action":"getState"}"#)
        _ = try await register.request(#"{"id":2,"action":"nope"}"#)
        let calendar = try await simulator.connect("/calendar")
        _ = try await calendar.request(#"{"id":3,"action":"getState"}"#)
        #expect(try await display.receive(timeout: .milliseconds(200)) == nil)
        await display.close()
    }

    @Test("responses come in request order with their ids; bad requests keep the connection open")
    func responseOrder() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let register = try await simulator.connect("/register")
        let requests = (1...40).map { index in
            index % 5 == 0 ? #"{"id":\#(index),"action":"bogus"}"# : addItem(id: index, name: "P\(index)")
        }
        for request in requests { try register.send(text: request) }
        for index in 1...40 {
            let response = try #require(try await register.nextText())
            #expect(response.hasPrefix(#"{"id":\#(index),"ok":\#(index % 5 == 0 ? "false" : "true")"#))
        }
        try register.send(text: "not json")
        #expect(try await register.nextText()?.contains(#""ok":false"#) == true)
        try register.send(binary: [1, 2, 3])
        #expect(try await register.nextText()?.contains("badRequest") == true)
        #expect(try await register.request(#"{"id":99,"action":"getState"}"#).hasPrefix(#"{"id":99,"ok":true"#))
        await register.close()
    }

    @Test("100 displays each receive every snapshot, in order")
    func hundredDisplays() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        var displays: [WebSocketClient] = []
        for _ in 0..<100 {
            let display = try await simulator.connect("/display")
            _ = try #require(try await display.nextText())
            displays.append(display)
        }
        let register = try await simulator.connect("/register")
        for index in 1...10 {
            _ = try await register.request(addItem(id: index, price: 10))
        }
        for display in displays {
            var totals: [Int] = []
            for _ in 1...10 {
                let snapshot = try #require(try await display.nextText())
                totals.append(try #require(totalAmount(in: snapshot)))
            }
            #expect(totals == (1...10).map { $0 * 10 })
        }
        for display in displays { await display.close(timeout: .milliseconds(500)) }
    }
}

import Foundation
import SimulatorServer
import TestSupport
import Testing
import Transport

/// Many requests must not leak file descriptors or memory. The server runs as its own
/// process (`spec-run simulate`), so what is measured is the server alone, not the other
/// tests running in this process at the same time.
@Suite("Simulator resource use", .serialized)
struct SimulatorResourceTests {
    @Test("10,000 requests (HTTP and WebSocket, new and reused connections) keep fds and RSS flat")
    func tenThousandRequests() async throws {
        let simulator = try await ChildSimulator.start()
        let port = simulator.port
        let base = "ws://127.0.0.1:\(port)"
        // Warm up allocators and caches before the baseline.
        for index in 0..<200 {
            _ = try await offPool { try rawExchange(port: port, "GET /health HTTP/1.1\r\nHost: \(index)\r\n\r\n") }
        }
        let register = try await WebSocketClient.connect(to: base + "/register")
        for index in 0..<200 { _ = try await request(register, id: index) }
        try await Task.sleep(for: .milliseconds(100))
        let fdsBefore = try simulator.openFileDescriptors()
        let rssBefore = try simulator.residentKilobytes()

        for index in 0..<6000 { _ = try await request(register, id: index) }
        let statuses = try await offPool {
            try (0..<3000).map { index in
                statusCode(try rawExchange(port: port, "GET /health HTTP/1.1\r\nHost: \(index)\r\n\r\n"))
            }
        }
        #expect(statuses.allSatisfy { $0 == 200 })
        for index in 0..<1000 {
            let client = try await WebSocketClient.connect(to: base + (index % 2 == 0 ? "/register" : "/display"))
            if index % 2 == 0 {
                _ = try await request(client, id: index)
            } else {
                #expect(try await client.receive(timeout: .seconds(5))?.text != nil)
            }
            await client.close()
        }
        // Closed sockets linger briefly in the server; give it a moment, bounded.
        var fdsAfter = try simulator.openFileDescriptors()
        for _ in 0..<50 where fdsAfter > fdsBefore {
            try await Task.sleep(for: .milliseconds(100))
            fdsAfter = try simulator.openFileDescriptors()
        }
        let rssAfter = try simulator.residentKilobytes()
        await register.close()
        await simulator.stop()
        #expect(fdsAfter <= fdsBefore, "file descriptors: \(fdsBefore) → \(fdsAfter)")
        #expect(rssAfter - rssBefore < 20_000, "RSS: \(rssBefore) kB → \(rssAfter) kB")
    }

    private func request(_ client: WebSocketClient, id: Int) async throws -> String? {
        try client.send(text: #"{"id":\#(id),"action":"getState"}"#)
        return try await client.receive(timeout: .seconds(5))?.text
    }
}

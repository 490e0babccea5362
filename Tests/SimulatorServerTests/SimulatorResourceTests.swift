import Foundation
import SimulatorServer
import Testing
import Transport

/// Many requests must not leak file descriptors or memory.
@Suite("Simulator resource use", .serialized)
struct SimulatorResourceTests {
    private func openFileDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    private func residentKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ")[1]))
    }

    @Test("10,000 requests (HTTP and WebSocket, new and reused connections) keep fds and RSS flat")
    func tenThousandRequests() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        // Warm up allocators and caches before the baseline.
        for index in 0..<200 {
            _ = try rawExchange(port: simulator.port, "GET /health HTTP/1.1\r\nHost: \(index)\r\n\r\n")
        }
        let register = try await simulator.connect("/register")
        for index in 0..<200 { _ = try await register.request(#"{"id":\#(index),"action":"getState"}"#) }
        try await Task.sleep(for: .milliseconds(100))
        let fdsBefore = try openFileDescriptors()
        let rssBefore = try residentKilobytes()

        for index in 0..<6000 {
            _ = try await register.request(#"{"id":\#(index),"action":"getState"}"#)
        }
        for index in 0..<3000 {
            let response = try rawExchange(port: simulator.port, "GET /health HTTP/1.1\r\nHost: \(index)\r\n\r\n")
            #expect(statusCode(response) == 200)
        }
        for index in 0..<1000 {
            let client = try await simulator.connect(index % 2 == 0 ? "/register" : "/display")
            if index % 2 == 0 {
                _ = try await client.request(#"{"id":\#(index),"action":"getState"}"#)
            } else {
                _ = try await client.nextText()
            }
            await client.close(timeout: .seconds(1))
        }
        // Closed sockets linger briefly in the server thread; give it a moment, bounded.
        var fdsAfter = try openFileDescriptors()
        for _ in 0..<50 where fdsAfter > fdsBefore {
            try await Task.sleep(for: .milliseconds(100))
            fdsAfter = try openFileDescriptors()
        }
        let rssAfter = try residentKilobytes()
        #expect(fdsAfter <= fdsBefore, "file descriptors: \(fdsBefore) → \(fdsAfter)")
        #expect(rssAfter - rssBefore < 20_000, "RSS: \(rssBefore) kB → \(rssAfter) kB")
        await register.close()
    }
}

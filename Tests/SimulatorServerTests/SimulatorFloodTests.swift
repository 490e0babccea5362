import Foundation
import Glibc
import TestSupport
import Testing
import Transport

/// `spec-run simulate` (the built binary, in a process of its own) held by idle
/// connections: they must not lock out new clients or `/health` (docs/transport.md,
/// "Limits under load").
@Suite("The simulator under connection floods", .serialized)
struct SimulatorFloodTests {
    static let idleConnections = 1000
    static let idleDisplays = 200

    @Test(
        "1,000 idle TCP connections and 200 idle displays: /health answers within 100 ms, a new display and a register work",
        .timeLimit(.minutes(1)))
    func idleFlood() async throws {
        let limit = openFileLimit()
        try #require(
            limit >= 1500,
            "ulimit -n is \(limit); this test holds \(Self.idleConnections + Self.idleDisplays) connections: raise it")
        let simulator = try await ChildSimulator.start()
        do {
            try await floodAndServe(simulator)
        } catch {
            await simulator.stop()
            throw error
        }
        let ending = await simulator.stop()
        #expect(ending.status == 0, "spec-run simulate ended with \(String(describing: ending.status))")
    }

    /// Holds the flood against `simulator`, then checks that it serves.
    private func floodAndServe(_ simulator: ChildSimulator) async throws {
        let port = simulator.port
        let flood = try await offPool { try Flood.open(port: port) }
        defer { flood.close() }
        #expect(flood.displayStatuses.allSatisfy { $0 == 101 }, "display handshakes: \(flood.summary)")
        // The table is full: the server holds a descriptor for nearly every connection.
        let held = try simulator.openFileDescriptors()
        #expect(held >= 1000, "the server holds \(held) descriptors: the flood did not fill its table")

        let healths = try await offPool {
            try (0..<10).map { index -> (Int?, Duration) in
                let start = ContinuousClock.now
                let response = try rawExchange(port: port, "GET /health HTTP/1.1\r\nHost: flood-\(index)\r\n\r\n")
                return (statusCode(response), ContinuousClock.now - start)
            }
        }
        for (index, (status, elapsed)) in healths.enumerated() {
            #expect(status == 200, "health \(index): status \(String(describing: status))")
            #expect(elapsed < .milliseconds(100), "health \(index) took \(elapsed)")
        }

        let base = "ws://127.0.0.1:\(port)"
        let display = try await WebSocketClient.connect(to: base + "/display", timeout: .seconds(5))
        let first = try await display.receive(timeout: .seconds(5))?.text
        #expect(first?.contains("data-screen") == true, "first snapshot: \(String(describing: first))")
        let register = try await WebSocketClient.connect(to: base + "/register", timeout: .seconds(5))
        let response = try await register.request(addItem(id: 1, price: 250))
        #expect(response.contains(#""ok":true"#), "register: \(response)")
        let changed = try await display.receive(timeout: .seconds(5))?.text
        #expect(changed.flatMap(totalAmount(in:)) == 250, "snapshot after addItem: \(String(describing: changed))")
        await display.close()
        await register.close()
    }

    @Test(
        "out of descriptors (ulimit -n 64), 100 idle connections: the oldest make room, /health answers",
        .timeLimit(.minutes(1)))
    func outOfDescriptors() async throws {
        let (process, output) = try Self.startUnderLimit(64)
        defer { if process.isRunning { process.terminate() } }
        let banner = try await offPool {
            var text = ""
            while !text.contains("Press Ctrl-C") {
                let data = output.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            return text
        }
        let marker = try #require(banner.range(of: "http://127.0.0.1:"), "no URL in \(banner.debugDescription)")
        let port = try #require(UInt16(banner[marker.upperBound...].prefix { $0.isNumber }))
        let idle = try await offPool {
            try (0..<100).map { _ in try Flood.connectIdle(port: port) }
        }
        defer { for socket in idle { socket.close() } }
        let statuses = try await offPool {
            try (0..<5).map { index in
                statusCode(try rawExchange(port: port, "GET /health HTTP/1.1\r\nHost: low-\(index)\r\n\r\n"))
            }
        }
        #expect(statuses == [200, 200, 200, 200, 200])
        // Room was made by closing the oldest idle connection, which was told why.
        let oldest = try await offPool { try Self.readAvailable(idle[0]) }
        #expect(oldest.hasPrefix("HTTP/1.1 408 Request Timeout"), "the oldest got \(oldest.debugDescription)")
        kill(process.processIdentifier, SIGINT)
        for _ in 0..<250 where process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!process.isRunning && process.terminationStatus == 0, "spec-run simulate did not stop cleanly")
    }

    /// `spec-run simulate --port 0` under `ulimit -n limit` (soft and hard, so that it
    /// cannot raise it), and its standard output.
    private static func startUnderLimit(_ limit: Int) throws -> (Process, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -n \(limit) && exec \"$0\" simulate --host 127.0.0.1 --port 0", BuiltBinary.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, pipe.fileHandleForReading)
    }

    /// What `socket` received within a second (bounded reads until the end of stream).
    private static func readAvailable(_ socket: Socket) throws -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline, try socket.wait(forWriting: false, timeoutMilliseconds: 100) {
            guard case .bytes(let count) = try chunk.withUnsafeMutableBytes({ try socket.read(into: $0) }) else {
                break
            }
            received += chunk[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    private func openFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return Int(clamping: limit.rlim_cur)
    }
}

/// The idle connections of the flood: TCP connections that never send a byte, then
/// displays that complete their handshake and never read again.
private final class Flood: Sendable {
    let idle: [Socket]
    let displays: [Socket]
    /// The status of each display's handshake response (nil: none within 2 s).
    let displayStatuses: [Int?]

    private init(idle: [Socket], displays: [Socket], displayStatuses: [Int?]) {
        self.idle = idle
        self.displays = displays
        self.displayStatuses = displayStatuses
    }

    static func open(port: UInt16) throws -> Flood {
        var idle: [Socket] = []
        var displays: [Socket] = []
        var statuses: [Int?] = []
        do {
            for _ in 0..<SimulatorFloodTests.idleConnections {
                idle.append(try Self.connectIdle(port: port))
            }
            for _ in 0..<SimulatorFloodTests.idleDisplays {
                let socket = try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 2000)
                displays.append(socket)
                try socket.writeAll(
                    WebSocketHandshake.clientRequest(
                        host: "127.0.0.1:\(port)", path: "/display", key: "dGhlIHNhbXBsZSBub25jZQ=="),
                    timeoutMilliseconds: 2000)
                statuses.append(statusCode(String(decoding: try readHead(socket), as: UTF8.self)))
            }
        } catch {
            for socket in idle + displays { socket.close() }
            throw error
        }
        return Flood(idle: idle, displays: displays, displayStatuses: statuses)
    }

    /// A connection that will never send a byte, accepted by the server at once.
    static func connectIdle(port: UInt16) throws -> Socket {
        try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 2000, delayingAcknowledgements: false)
    }

    /// Reads one byte at a time up to the end of the response head (at most 2 s), so
    /// that nothing after it (the first snapshot) is read.
    private static func readHead(_ socket: Socket) throws -> [UInt8] {
        var head: [UInt8] = []
        var byte = [UInt8](repeating: 0, count: 1)
        let deadline = ContinuousClock.now + .seconds(2)
        while !head.ends(with: [13, 10, 13, 10]), head.count < 4096, ContinuousClock.now < deadline {
            guard try socket.wait(forWriting: false, timeoutMilliseconds: 100) else { continue }
            switch try byte.withUnsafeMutableBytes({ try socket.read(into: $0) }) {
            case .bytes: head.append(byte[0])
            case .wouldBlock: continue
            case .endOfStream: return head
            }
        }
        return head
    }

    var summary: String {
        let refused = displayStatuses.filter { $0 != 101 }
        return "\(displayStatuses.count - refused.count) upgraded, others: \(refused.prefix(5))"
    }

    /// Closes every socket once (a second call does nothing).
    func close() {
        closed.withLock { done in
            guard !done else { return }
            done = true
            for socket in idle + displays { socket.close() }
        }
    }

    private let closed = LockedBox(false)
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

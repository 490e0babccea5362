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
        let flood = try await offPool { try Flood.start(port: port) }
        defer { flood.stop() }
        #expect(
            flood.upgraded == Self.idleDisplays,
            "\(flood.upgraded) of \(Self.idleDisplays) display handshakes answered 101 (\(flood.report))")
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

/// The idle connections of the flood, held by a `bash` of their own: TCP connections that
/// never send a byte, then displays that complete their handshake and never read again.
///
/// Not held by the test process: over 1,024 descriptors there would put the sockets
/// Foundation watches its child processes by beyond `select`'s reach, and every other
/// test's child would then never be seen to end.
private final class Flood: Sendable {
    private let process: Process
    private let input: FileHandle
    /// How many display handshakes were answered 101.
    let upgraded: Int
    /// What the flood's `bash` printed.
    let report: String

    private static let script = """
        port=$1; idle=$2; displays=$3
        for ((i = 0; i < idle; i++)); do exec {fd}<>"/dev/tcp/127.0.0.1/$port" || exit 3; done
        upgraded=0
        for ((i = 0; i < displays; i++)); do
          exec {fd}<>"/dev/tcp/127.0.0.1/$port" || exit 3
          printf 'GET /display HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n' "$port" >&"$fd"
          IFS= read -r -u "$fd" line && [[ $line == "HTTP/1.1 101"* ]] && upgraded=$((upgraded + 1))
        done
        echo "held $idle upgraded $upgraded"
        read -r _
        """

    private init(process: Process, input: FileHandle, upgraded: Int, report: String) {
        self.process = process
        self.input = input
        self.upgraded = upgraded
        self.report = report
    }

    /// Opens the flood and returns once it is held. Each handshake's status line is read
    /// without a time limit (`read -t` uses `select`, which cannot watch a descriptor past
    /// 1,024): the test's own time limit bounds it.
    static func start(port: UInt16) throws -> Flood {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", script, "flood", String(port), String(SimulatorFloodTests.idleConnections),
            String(SimulatorFloodTests.idleDisplays),
        ]
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let upgraded = text.split(separator: " ").last.flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return Flood(
            process: process, input: input.fileHandleForWriting, upgraded: upgraded ?? 0,
            report: text.isEmpty ? "the flood's bash ended without a word" : text)
    }

    /// A connection that will never send a byte, accepted by the server at once.
    static func connectIdle(port: UInt16) throws -> Socket {
        try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 2000, delayingAcknowledgements: false)
    }

    /// Ends the flood: its `bash` reads the end of its input and exits, closing every
    /// connection.
    func stop() {
        try? input.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

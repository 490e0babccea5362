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
        "1,000 idle TCP connections and 200 idle displays: /health answers, its median within 100 ms, a new display and a register work",
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
        defer { Thread { flood.stop() }.start() }
        #expect(
            flood.upgraded == Self.idleDisplays,
            "\(flood.upgraded) of \(Self.idleDisplays) display handshakes answered 101 (\(flood.report))")
        // The table is full: the server holds a descriptor for nearly every connection. It
        // accepts them as it gets the processor: on a loaded machine that takes a while.
        var held = try simulator.openFileDescriptors()
        for _ in 0..<100 where held < 1000 {
            try await Task.sleep(for: .milliseconds(100))
            held = try simulator.openFileDescriptors()
        }
        #expect(held >= 1000, "the server holds \(held) descriptors: the flood did not fill its table")

        let healths = try await offPool {
            try (0..<10).map { index -> (Int?, Duration) in
                let start = ContinuousClock.now
                let response = try rawExchange(port: port, "GET /health HTTP/1.1\r\nHost: flood-\(index)\r\n\r\n")
                return (statusCode(response), ContinuousClock.now - start)
            }
        }
        // Served, not locked out: each answered well inside the 30 s request deadline, their
        // median under 100 ms. (One answer may wait a second for a core on a two-core
        // machine that the rest of the suite loads meanwhile.)
        for (index, (status, elapsed)) in healths.enumerated() {
            #expect(status == 200, "health \(index): status \(String(describing: status))")
            #expect(elapsed < .seconds(3), "health \(index) took \(elapsed)")
        }
        let median = healths.map(\.1).sorted()[healths.count / 2]
        #expect(median < .milliseconds(100), "the median /health took \(median): \(healths.map(\.1))")

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
        defer { process.signal(SIGKILL) }
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
        process.signal(SIGINT)
        let ending = try await offPool { process.wait(within: .seconds(5)) }
        #expect(ending == Child.Ending(status: 0, signalled: false), "spec-run simulate did not stop cleanly")
    }

    /// `spec-run simulate --port 0` under `ulimit -n limit` (soft and hard, so that it
    /// cannot raise it), and its standard output.
    private static func startUnderLimit(_ limit: Int) throws -> (Child, FileHandle) {
        let process = try Child(
            "/bin/sh",
            ["-c", "ulimit -n \(limit) && exec \"$0\" simulate --host 127.0.0.1 --port 0", BuiltBinary.path],
            stderr: .null)
        guard let output = process.output else { throw Child.StartFailure(description: "no standard output") }
        return (process, output)
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

/// The idle connections of the flood, held by a `bash` of their own: displays that complete
/// their handshake and never read again, then TCP connections that never send a byte. The
/// displays come first: the server closes a connection that sends no request within 30 s
/// (408), and 200 handshakes on a loaded machine can take longer than that.
///
/// Not held by the test process, whose other tests' descriptors stay few this way.
private final class Flood: Sendable {
    private let process: Child
    private let input: FileHandle
    /// How many display handshakes were answered 101.
    let upgraded: Int
    /// What the flood's `bash` printed.
    let report: String

    private static let script = """
        port=$1; idle=$2; displays=$3
        upgraded=0
        for ((i = 0; i < displays; i++)); do
          exec {fd}<>"/dev/tcp/127.0.0.1/$port" || exit 3
          printf 'GET /display HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n' "$port" >&"$fd"
          IFS= read -r -u "$fd" line && [[ $line == "HTTP/1.1 101"* ]] && upgraded=$((upgraded + 1))
        done
        for ((i = 0; i < idle; i++)); do exec {fd}<>"/dev/tcp/127.0.0.1/$port" || exit 3; done
        echo "held $idle upgraded $upgraded"
        read -r _
        """

    private init(process: Child, input: FileHandle, upgraded: Int, report: String) {
        self.process = process
        self.input = input
        self.upgraded = upgraded
        self.report = report
    }

    /// Opens the flood and returns once it is held. Each handshake's status line is read
    /// without a time limit (`read -t` uses `select`, which cannot watch a descriptor past
    /// 1,024): the test's own time limit bounds it.
    static func start(port: UInt16) throws -> Flood {
        let process = try Child(
            "/bin/bash",
            [
                "-c", script, "flood", String(port), String(SimulatorFloodTests.idleConnections),
                String(SimulatorFloodTests.idleDisplays),
            ],
            stdin: .pipe, stderr: .null)
        guard let input = process.input, let output = process.output else {
            throw Child.StartFailure(description: "no pipes to the flood's bash")
        }
        var text = ""
        while !text.contains("\n") {
            let data = output.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let upgraded = text.split(separator: " ").last.flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return Flood(
            process: process, input: input, upgraded: upgraded ?? 0,
            report: text.isEmpty ? "the flood's bash ended without a word" : text)
    }

    /// A connection that will never send a byte, accepted by the server at once.
    static func connectIdle(port: UInt16) throws -> Socket {
        try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 2000, delayingAcknowledgements: false)
    }

    /// Ends the flood: its `bash` reads the end of its input and exits, closing every
    /// connection. Blocks up to 5 s: not on a thread of the cooperative pool.
    func stop() {
        try? input.close()
        if process.wait(within: .seconds(5)) == nil {
            process.signal(SIGKILL)
            _ = process.wait()
        }
    }
}

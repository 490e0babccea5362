import Foundation
import TestSupport
import Testing
import Transport

/// Python's `websockets` (an independent implementation) against our server and client.
@Suite("Python websockets as the peer", .serialized)
struct PythonPeerTests {
    private static let peers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Peers")

    /// The colocated server is served here by its backstop alone: Python does not drive it.
    @Test(
        "Python client against our server: every scenario passes", .requires(.pythonWebsockets),
        arguments: [false, true])
    func pythonClient(colocated: Bool) async throws {
        let server = try WebSocketServer.start(
            WebSocketServerConfiguration(colocated: colocated), handler: EchoHandler())
        defer { server.stop() }
        let script = Self.peers.appendingPathComponent("python_client_peer.py").path
        let output = try await Shell.execute("/usr/bin/env", ["python3", script, String(server.port)])
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let expected = [
            "text", "binary", "one_megabyte", "fragmented", "ping", "client_close", "client_close_custom",
            "server_close", "too_big", "unmasked", "invalid_utf8", "fragmented_ping",
        ]
        #expect(lines == expected.map { "PASS \($0)" }, "stderr: \(output.stderr)")
        #expect(output.status == 0)
    }

    /// Starts `python_server_peer.py` on `host` (its port and log files in `directory`)
    /// and waits, up to 10 s, for the port it chose.
    static func startServerPeer(in directory: URL, host: String = "127.0.0.1") async throws -> (Child, UInt16) {
        let portFile = directory.appendingPathComponent("port")
        let process = try Child(
            "/usr/bin/env",
            [
                "python3", peers.appendingPathComponent("python_server_peer.py").path, portFile.path,
                directory.appendingPathComponent("log").path, host,
            ],
            stdout: .null, stderr: .null)
        var portText: String?
        for _ in 0..<100 where portText == nil {
            portText = try? String(contentsOf: portFile, encoding: .utf8)
            if portText == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        guard let port = portText.flatMap({ UInt16($0) }) else {
            process.signal(SIGTERM)
            throw PeerDidNotStart()
        }
        return (process, port)
    }

    struct PeerDidNotStart: Error, CustomStringConvertible {
        var description: String { "the Python server did not start" }
    }

    /// Whether this machine has IPv6's loopback (a container may have it turned off).
    static let hasIPv6Loopback: Bool = {
        guard let listener = try? Socket.listen(host: "::1", port: 0) else { return false }
        listener.close()
        return true
    }()

    @Test(
        "our client against a Python server on IPv6's loopback: by [::1], and by localhost after 127.0.0.1 refuses",
        .requires(.pythonWebsockets),
        .enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback (::1)"))
    func pythonServerOnIPv6() async throws {
        let directory = try BuiltBinary.temporaryDirectory("python-peer-v6")
        let (process, port) = try await Self.startServerPeer(in: directory, host: "::1")
        defer { process.signal(SIGTERM) }
        for base in ["ws://[::1]:\(port)", "ws://localhost:\(port)", "ws://localhost:\(port)"] {
            let echo = try await WebSocketClient.connect(to: base + "/echo")
            try echo.send(text: "over IPv6")
            #expect(try await echo.receive(timeout: .seconds(2)) == .text("over IPv6"), "\(base)")
            await echo.close()
        }
        let dial = try await WebSocketClient.dial(to: "ws://localhost:\(port)/echo")
        let dialled = try await dial.handshake(timeout: .seconds(2))
        try dialled.send(text: "dialled")
        #expect(try await dialled.receive(timeout: .seconds(2)) == .text("dialled"))
        await dialled.close()
    }

    /// A register with a strict heartbeat pings the display the scenario is not reading
    /// while a step waits long on another connection: the ping must be answered anyway.
    @Test(
        "a connection nobody reads answers a strict heartbeat while a receive waits long on another",
        .requires(.pythonWebsockets))
    func heartbeatWhileWaitingElsewhere() async throws {
        let directory = try BuiltBinary.temporaryDirectory("python-peer-heartbeat")
        let (process, port) = try await Self.startServerPeer(in: directory)
        defer { process.signal(SIGTERM) }
        let base = "ws://127.0.0.1:\(port)"
        let heartbeat = try await WebSocketClient.connect(to: base + "/heartbeat")
        let waiting = try await WebSocketClient.connect(to: base + "/echo")
        // Nothing comes on this one: the wait outlasts the peer's 0.2 s ping and its 1 s
        // limit for the pong, twice over.
        #expect(try await waiting.receive(timeout: .milliseconds(2500)) == nil)
        #expect(heartbeat.endReason == nil)
        try heartbeat.send(text: "still connected")
        #expect(try await heartbeat.receive(timeout: .seconds(2)) == .text("still connected"))
        await heartbeat.close()
        await waiting.close()
        let log = (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("/heartbeat no pong"), "Python server log: \(log)")
    }

    @Test("our client against a Python server", .requires(.pythonWebsockets))
    func pythonServer() async throws {
        let directory = try BuiltBinary.temporaryDirectory("python-peer")
        let logFile = directory.appendingPathComponent("log")
        let (process, port) = try await Self.startServerPeer(in: directory)
        defer { process.signal(SIGTERM) }
        let base = "ws://127.0.0.1:\(port)"

        let echo = try await WebSocketClient.connect(to: base + "/echo")
        try echo.send(text: "héllo ✓")
        #expect(try await echo.receive(timeout: .seconds(2)) == .text("héllo ✓"))
        try echo.send(binary: Array(0...255))
        #expect(try await echo.receive(timeout: .seconds(2)) == .binary(Array(0...255)))
        let megabyte = String(repeating: "m", count: 1_000_000)
        try echo.send(text: megabyte)
        #expect(try await echo.receive(timeout: .seconds(5)) == .text(megabyte))
        try echo.ping([7])
        try echo.send(text: "sync")
        #expect(try await echo.receive(timeout: .seconds(2)) == .text("sync"))
        #expect(echo.pongsReceived == 1)
        await echo.close()
        #expect(echo.endReason == .closed(code: 1000, reason: ""))

        // Dialled first, upgraded later: the handshake on an idle connection.
        let dial = try await WebSocketClient.dial(to: base + "/echo")
        try await Task.sleep(for: .milliseconds(50))
        let dialled = try await dial.handshake(timeout: .seconds(2))
        try dialled.send(text: "dialled")
        #expect(try await dialled.receive(timeout: .seconds(2)) == .text("dialled"))
        await dialled.close()

        let fragmented = try await WebSocketClient.connect(to: base + "/fragmented")
        #expect(try await fragmented.receive(timeout: .seconds(2)) == .text("Hello wörld"))
        #expect(try await fragmented.receive(timeout: .seconds(2)) == .binary([1, 2, 3]))
        await fragmented.close(code: .goingAway)

        let big = try await WebSocketClient.connect(to: base + "/big")
        #expect(try await big.receive(timeout: .seconds(5)) == .text(String(repeating: "y", count: 1_000_000)))
        #expect(try await big.receive(timeout: .seconds(5)) == .binary([UInt8](repeating: 2, count: 1_000_000)))
        await big.close()

        let ping = try await WebSocketClient.connect(to: base + "/ping")
        #expect(try await ping.receive(timeout: .seconds(3)) == .text("pong received"))
        await ping.close()

        let close = try await WebSocketClient.connect(to: base + "/close")
        await #expect(throws: WebSocketClientError.closed(code: 4000, reason: "custom reason")) {
            try await close.receive(timeout: .seconds(3))
        }

        for (path, code) in [("/bad-utf8", 1007), ("/masked", 1002), ("/too-big", 1009)] as [(String, UInt16)] {
            let client = try await WebSocketClient.connect(to: base + path)
            do {
                _ = try await client.receive(timeout: .seconds(5))
                Issue.record("\(path): no error")
            } catch let error as WebSocketClientError {
                guard case .protocolViolation(let violation) = error else {
                    Issue.record("\(path): \(error)")
                    continue
                }
                #expect(violation.code.codeNumber == code, "\(path)")
            }
        }

        // What the Python server saw: our close codes, after each scenario finished.
        // Each line is written when the server's side of a scenario ends, which may be after
        // ours: waited for until all are there (a count of lines stopped early, as two
        // scenarios log `/echo 1000`).
        let expected = [
            "/echo 1000", "/fragmented 1001", "/big 1000", "/ping 1000", "/bad-utf8 1007", "/masked 1002",
            "/too-big 1009",
        ]
        let (log, seen) = try await Self.log(logFile, holding: expected)
        for line in expected {
            #expect(seen.contains(line), "Python server log: \(log)")
        }
    }

    /// The Python server's log and its lines, once it holds every one of `expected` (or
    /// after 10 s).
    private static func log(_ file: URL, holding expected: [String]) async throws -> (String, Set<String>) {
        var log = ""
        var seen: Set<String> = []
        for _ in 0..<100 {
            log = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            seen = Set(log.split(separator: "\n").map(String.init))
            if expected.allSatisfy(seen.contains) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return (log, seen)
    }
}

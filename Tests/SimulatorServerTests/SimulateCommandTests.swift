import Foundation
import TestSupport
import Testing
import Transport

/// `spec-run simulate` end to end: the built binary serves, prints its URLs, and stops
/// cleanly on SIGINT / SIGTERM; usage errors are one line with exit status 2.
@Suite("spec-run simulate (built binary)", .serialized)
struct SimulateCommandTests {
    private func requireBinary() throws -> String {
        let path = BuiltBinary.path
        try #require(FileManager.default.isExecutableFile(atPath: path), "spec-run is not built at \(path)")
        return path
    }

    @Test(
        "serves on an OS-chosen port, prints the endpoints, and stops on SIGINT and SIGTERM",
        arguments: [SIGINT, SIGTERM])
    func servesAndStops(signalNumber: Int32) async throws {
        _ = try requireBinary()
        let simulator = try await ChildSimulator.start()
        let port = simulator.port
        for path in ["/display", "/register", "/calendar", "/health", "/register-page"] {
            #expect(simulator.banner.contains("127.0.0.1:\(port)\(path)"))
        }
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(port)/register")
        try client.send(text: #"{"id":1,"action":"getState"}"#)
        #expect(try await client.receive(timeout: .seconds(5))?.text?.hasPrefix(#"{"id":1,"ok":true"#) == true)

        let ending = await simulator.stop(with: signalNumber)
        #expect(ending.status == 0)
        #expect(ending.output.contains("stopped"))
        // The client saw the server go away with 1001.
        await #expect(throws: WebSocketClientError.closed(code: 1001, reason: "server stopping")) {
            try await client.receive(timeout: .seconds(2))
        }
    }

    @Test(
        "usage errors are one line and the usage, exit 2",
        arguments: [
            (["--port", "70000"], "invalid --port '70000' (expected a number from 0 to 65535)"),
            (["--port", "abc"], "invalid --port 'abc' (expected a number from 0 to 65535)"),
            (["--port"], "--port needs a value"),
            (
                ["--host", "example.com"],
                "invalid --host 'example.com' (expected an IP address such as 127.0.0.1 or ::1)"
            ),
            (["--bogus"], "unexpected argument '--bogus'"), (["--bogus=1"], "unknown option '--bogus'"),
            (["extra"], "unexpected argument 'extra'"),
        ])
    func usageErrors(arguments: [String], reason: String) async throws {
        let result = try await Shell.execute(try requireBinary(), ["simulate"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("spec-run simulate: \(reason) (see 'spec-run simulate --help')\n"))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.last == "usage: spec-run simulate [--host ADDRESS] [--port N]")
        #expect(result.stdout.isEmpty)
    }

    @Test("--help prints the usage and exits 0")
    func help() async throws {
        let result = try await Shell.execute(try requireBinary(), ["simulate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: spec-run simulate [--host ADDRESS] [--port N]"))
    }

    @Test("a busy port is reported with exit 1")
    func busyPort() async throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let result = try await Shell.execute(
            try requireBinary(), ["simulate", "--port", String(try listener.localPort())])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot serve on 127.0.0.1:"))
        #expect(result.stderr.contains("bind"))
    }
}

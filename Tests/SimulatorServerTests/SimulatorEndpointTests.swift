import SimulatorServer
import Testing
import Transport

@Suite("Simulator HTTP endpoints")
struct SimulatorEndpointTests {
    @Test("GET /health is 200 ok")
    func health() throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let response = try rawExchange(port: simulator.port, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(statusCode(response) == 200)
        #expect(response.hasSuffix("\r\n\r\nok"))
    }

    @Test("GET / is the display page, which opens /display")
    func page() throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let response = try rawExchange(port: simulator.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(statusCode(response) == 200)
        #expect(response.contains("Content-Type: text/html; charset=utf-8"))
        #expect(response.contains(#"new WebSocket(scheme + location.host + "/display")"#))
    }

    @Test(
        "unknown paths and traversal are 404; non-GET is 405; garbage is 400",
        arguments: [
            ("GET /nope HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            ("GET /../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            ("GET /%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            ("GET /display/.. HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            // A traversal is refused as not found whatever the method; the encoded dot in
            // either case.
            ("POST /%2E%2E/register HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 404),
            ("DELETE /x/..%2f HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            ("POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
            ("DELETE /register HTTP/1.1\r\nHost: x\r\n\r\n", 405),
            ("HELLO\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
            ("GET /display HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ])
    func errors(request: String, status: Int) throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        #expect(statusCode(try rawExchange(port: simulator.port, request)) == status)
    }

    @Test("a request head over 16 KiB is 431 and the connection closes")
    func headTooLarge() throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let request = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 20_000) + "\r\n\r\n"
        #expect(statusCode(try rawExchange(port: simulator.port, request)) == 431)
        // And it keeps serving.
        #expect(statusCode(try rawExchange(port: simulator.port, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")) == 200)
    }

    @Test("two simulators run side by side on OS-chosen ports; stop frees the port")
    func twoServers() throws {
        let first = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        let second = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        #expect(first.port != second.port)
        #expect(first.url == "http://127.0.0.1:\(first.port)/")
        #expect(second.webSocketBase == "ws://127.0.0.1:\(second.port)")
        let port = first.port
        first.stop()
        first.stop()
        #expect(throws: SocketError.self) {
            _ = try rawExchange(port: port, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        let again = try SimulatorServer.start(host: "127.0.0.1", port: port)
        again.stop()
        second.stop()
    }

    @Test("a busy port is a SocketError naming bind")
    func portInUse() throws {
        let first = try SimulatorServer.start()
        defer { first.stop() }
        #expect {
            _ = try SimulatorServer.start(port: first.port)
        } throws: { error in
            (error as? SocketError)?.call == "bind"
        }
    }
}

import Foundation
import SimulatorServer
import TestSupport
import Testing
import Transport
import Wire

/// The register page's routes without a browser: the page and its glosses, the link from
/// the display page, the refusals, and `/record` (actions in, scenario out) as
/// `spec-run simulate` serves it.
@Suite("Register page endpoints")
struct RegisterPageEndpointTests {
    static let support = RegisterPageSupport(
        meanings: [
            ("emptyCart", "the cart is empty", "カートが空"),
            ("odd", "ends a script </script>", "</script>"),
        ],
        record: { "recorded: " + $0 })

    @Test("GET /register-page is the page, with the glosses embedded and a script that cannot be ended by one")
    func page() throws {
        let simulator = try SimulatorServer.start(registerPage: Self.support)
        defer { simulator.stop() }
        let response = try rawExchange(port: simulator.port, "GET /register-page HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(statusCode(response) == 200)
        #expect(response.contains("Content-Type: text/html; charset=utf-8"))
        #expect(
            response.contains(
                #"var meanings = {"emptyCart":["the cart is empty","カートが空"],"odd":["ends a script <\/script>","<\/script>"]};"#
            ), "\(response.suffix(2000))")
        #expect(response.contains("var records = true;"))
        #expect(response.contains(#"<iframe id="display" src="/""#))
        // One script element: the glosses' `</script>` did not end it.
        #expect(response.components(separatedBy: "</script>").count == 2)
        let display = try rawExchange(port: simulator.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(display.contains(#"<a id="register-link" href="/register-page""#))
    }

    @Test("/record answers each message with the recorder's answer, and refuses a binary one")
    func recorder() async throws {
        let simulator = try SimulatorServer.start(registerPage: Self.support)
        defer { simulator.stop() }
        let client = try await simulator.connect("/record")
        #expect(try await client.request(#"{"actions":[]}"#) == #"recorded: {"actions":[]}"#)
        try client.send(binary: [1, 2])
        #expect(
            try await client.nextText() == #"{"ok":false,"error":"The recording is a JSON text frame."}"#)
        // The register's own endpoints are untouched by it.
        let register = try await simulator.connect("/register")
        #expect(try await register.request(#"{"id":1,"action":"getState"}"#).hasPrefix(#"{"id":1,"ok":true"#))
        await client.close()
        await register.close()
    }

    @Test("without a recorder the page is served with the switch off, and /record is 404")
    func noRecorder() throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let page = try rawExchange(port: simulator.port, "GET /register-page HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(statusCode(page) == 200)
        #expect(page.contains("var meanings = {};") && page.contains("var records = false;"))
        let upgrade =
            "GET /record HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        #expect(statusCode(try rawExchange(port: simulator.port, upgrade)) == 404)
    }

    @Test(
        "the page's routes keep the refusal rules: other methods 405, traversal 404",
        arguments: [
            ("POST /register-page HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
            ("PUT /record HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
            ("GET /register-page/.. HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            ("GET /register-page/%2e%2e/health HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            ("GET /register-pages HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            ("GET /record HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ])
    func refusals(request: String, status: Int) throws {
        let simulator = try SimulatorServer.start(registerPage: Self.support)
        defer { simulator.stop() }
        #expect(statusCode(try rawExchange(port: simulator.port, request)) == status)
    }

    /// `spec-run simulate` plugs in the explorer's writer: the recording of a checkout
    /// with points comes back as a scenario, which runs green; a request no step can say
    /// comes back as an error naming it.
    @Test("spec-run simulate's /record writes the actions as a scenario that runs green")
    func simulateRecords() async throws {
        let simulator = try await ChildSimulator.start()
        #expect(simulator.banner.contains("register page     http://127.0.0.1:\(simulator.port)/register-page"))
        #expect(simulator.banner.contains("recorder          ws://127.0.0.1:\(simulator.port)/record"))
        do {
            let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(simulator.port)/record")
            let actions = [
                #"{"action":"setCatalog","products":[{"name":"Coffee","price":450}]}"#,
                #"{"action":"addItem","name":"Coffee","quantity":2}"#, #"{"action":"identifyMember","points":500}"#,
                #"{"action":"startCheckout"}"#, #"{"action":"applyPoints","points":100}"#,
                #"{"action":"takePayment","method":"qr","amount":800}"#,
            ].map { #"{"endpoint":"register","request":\#($0)}"# }
            try client.send(text: #"{"language":"ja","name":"ポイント","actions":[\#(actions.joined(separator: ","))]}"#)
            let answer = try JSONParser.parse(try #require(try await client.receive(timeout: .seconds(10))?.text))
            let feature = try #require(answer["feature"]?.stringValue, "\(answer)")
            #expect(feature.contains("  シナリオ: ポイント\n"))
            #expect(feature.contains("    もし 100ポイントを利用する\n    ならば カスタマーディスプレイにポイント¥100が表示される\n"))
            let folder = try BuiltBinary.temporaryDirectory("record-endpoint")
            let file = folder.appendingPathComponent("recorded.feature")
            try feature.write(to: file, atomically: true, encoding: .utf8)
            let run = try await BuiltBinary.execute([file.path], in: folder)
            #expect(run.status == 0, "\(feature)\n\(run.stdout)\(run.stderr)")

            try client.send(text: #"{"actions":[{"endpoint":"calendar","request":{"action":"scroll","pane":"grid"}}]}"#)
            let refused = try JSONParser.parse(try #require(try await client.receive(timeout: .seconds(10))?.text))
            #expect(refused["ok"]?.boolValue == false)
            #expect(refused["error"]?.stringValue == "action 1: scroll has no step in docs/steps.md a scenario can use")
            await client.close()
        } catch {
            Issue.record("\(error)")
        }
        #expect(await simulator.stop().status == 0)
    }
}

import Testing

@testable import Transport

@Suite("WebSocket opening handshake")
struct WebSocketHandshakeTests {
    private func request(_ headers: [(String, String)], method: String = "GET", version: String = "HTTP/1.1")
        -> HTTPRequest
    {
        HTTPRequest(method: method, target: "/chat", version: version, headers: HTTPHeaders(headers))
    }

    private let validHeaders = [
        ("Host", "server.example.com"), ("Upgrade", "websocket"), ("Connection", "Upgrade"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Origin", "http://example.com"),
        ("Sec-WebSocket-Version", "13"),
    ]

    @Test(
        "accept values match the RFC and NIO vectors",
        arguments: [
            ("dGhlIHNhbXBsZSBub25jZQ==", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="),
            ("AQIDBAUGBwgJCgsMDQ4PEC==", "OfS0wDaT5NoxF2gqm7Zj2YtetzM="),
        ])
    func acceptValue(key: String, accept: String) {
        #expect(WebSocketHandshake.acceptValue(forKey: key) == accept)
    }

    @Test("the RFC 6455 §1.3 example request is accepted with the example's answer")
    func rfcExample() throws {
        let response = try WebSocketHandshake.serverResponse(to: request(validHeaders)).get()
        #expect(response.status.code == 101)
        #expect(response.headers["Sec-WebSocket-Accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(response.headers["Upgrade"] == "websocket")
        #expect(response.headers["Connection"] == "Upgrade")
        #expect(response.headers["Sec-WebSocket-Extensions"] == nil)
    }

    @Test("token lists are matched case-insensitively")
    func tokenLists() throws {
        var headers = validHeaders
        headers[1] = ("upgrade", "WebSocket")
        headers[2] = ("connection", "keep-alive, upgrade")
        #expect(throws: Never.self) { try WebSocketHandshake.serverResponse(to: request(headers)).get() }
    }

    @Test(
        "each §4.2.1 step is checked",
        arguments: [
            ("Host", 400), ("Upgrade", 400), ("Connection", 400), ("Sec-WebSocket-Key", 400),
            ("Sec-WebSocket-Version", 426),
        ])
    func missingHeader(name: String, status: Int) {
        let headers = validHeaders.filter { $0.0 != name }
        guard case .failure(let failure) = WebSocketHandshake.serverResponse(to: request(headers)) else {
            Issue.record("accepted without \(name)")
            return
        }
        #expect(failure.status.code == status)
    }

    @Test(
        "a key that is not padded base64 of 16 bytes is refused",
        arguments: [
            "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZQ=", "dGhlIHNhbXBsZSBub25jZQ=!", "=GhlIHNhbXBsZSBub25jZQ=",
            "dGhl IHNhbXBsZSBub25jZQ==", "dGhlIHNhbXBsZSBub25jZQ==dGhl", "",
        ])
    func keysNotBase64(key: String) {
        var headers = validHeaders
        headers[3] = ("Sec-WebSocket-Key", key)
        guard case .failure(let failure) = WebSocketHandshake.serverResponse(to: request(headers)) else {
            Issue.record("accepted the key \"\(key)\"")
            return
        }
        #expect(failure.reason == "Sec-WebSocket-Key must be base64 of 16 bytes")
    }

    @Test("a fresh key is padded base64 of 16 bytes, accepted by the server's check")
    func freshKey() throws {
        var headers = validHeaders
        headers[3] = ("Sec-WebSocket-Key", WebSocketHandshake.makeKey())
        #expect(headers[3].1.count == 24 && headers[3].1.hasSuffix("=="))
        #expect(throws: Never.self) { try WebSocketHandshake.serverResponse(to: request(headers)).get() }
    }

    @Test("a key that is not 16 bytes, a wrong version, a POST, HTTP/1.0 and a key or version twice are refused")
    func badValues() {
        var shortKey = validHeaders
        shortKey[3] = ("Sec-WebSocket-Key", "AQIDBA==")
        var version = validHeaders
        version[5] = ("Sec-WebSocket-Version", "8")
        // RFC 6455 §11.3.1 and §11.3.5: each appears once in a request, even twice the same.
        let twoKeys = validHeaders + [("Sec-WebSocket-Key", "YWFhYWFhYWFhYWFhYWFhYQ==")]
        let twoVersions = validHeaders + [("Sec-WebSocket-Version", "13")]
        let cases: [(HTTPRequest, Int)] = [
            (request(shortKey), 400), (request(version), 426), (request(validHeaders, method: "POST"), 405),
            (request(validHeaders, version: "HTTP/1.0"), 400), (request(twoKeys), 400), (request(twoVersions), 400),
        ]
        for (request, status) in cases {
            guard case .failure(let failure) = WebSocketHandshake.serverResponse(to: request) else {
                Issue.record("accepted \(request)")
                continue
            }
            #expect(failure.status.code == status)
        }
        let refusal = WebSocketHandshake.refusal(.init(status: .upgradeRequired, reason: "v"))
        #expect(refusal.headers["Sec-WebSocket-Version"] == "13")
    }

    @Test("the client checks Sec-WebSocket-Accept and the upgrade headers")
    func clientCheck() {
        let key = "dGhlIHNhbXBsZSBub25jZQ=="
        let good = HTTPResponseHead(
            status: .switchingProtocols,
            headers: HTTPHeaders([
                ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="),
            ]))
        #expect(WebSocketHandshake.validateServerResponse(good, key: key) == nil)
        let wrongAccept = HTTPResponseHead(
            status: .switchingProtocols,
            headers: HTTPHeaders([
                ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                ("Sec-WebSocket-Accept", "AAAAAAAAAAAAAAAAAAAAAAAAAAA="),
            ]))
        #expect(WebSocketHandshake.validateServerResponse(wrongAccept, key: key) != nil)
        let notSwitching = HTTPResponseHead(status: .notFound, headers: HTTPHeaders())
        #expect(WebSocketHandshake.validateServerResponse(notSwitching, key: key)?.status.code == 404)
        let noUpgrade = HTTPResponseHead(
            status: .switchingProtocols,
            headers: HTTPHeaders([("Connection", "Upgrade"), ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")]))
        #expect(WebSocketHandshake.validateServerResponse(noUpgrade, key: key) != nil)
    }
}

import Testing

@testable import Transport

@Suite("HTTP/1.1 request parsing")
struct HTTPHeadParserTests {
    private func parse(_ text: String) -> HTTPHeadParser.Step<HTTPRequest> {
        var parser = HTTPHeadParser()
        return parser.parseRequest(Array(text.utf8))
    }

    @Test("a complete GET with headers")
    func completeRequest() throws {
        let text = "GET /display?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: keep-alive, Upgrade\r\n\r\nrest"
        guard case .head(let request, let length) = parse(text) else {
            Issue.record("expected a head")
            return
        }
        #expect(request.method == "GET")
        #expect(request.target == "/display?x=1")
        #expect(request.path == "/display")
        #expect(request.headers["host"] == "127.0.0.1:8080")
        #expect(request.headers.tokens("Connection") == ["keep-alive", "upgrade"])
        #expect(length == text.utf8.count - 4)
    }

    @Test("bytes arriving one at a time complete exactly at the blank line")
    func incremental() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        var parser = HTTPHeadParser()
        for count in 1..<bytes.count {
            #expect(parser.parseRequest(Array(bytes[0..<count])) == .insufficientData)
        }
        guard case .head(let request, let length) = parser.parseRequest(bytes) else {
            Issue.record("expected a head")
            return
        }
        #expect(request.path == "/")
        #expect(length == bytes.count)
    }

    @Test("a head over 16 KiB is 431, even before it ends")
    func tooLarge() {
        let huge = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 17_000)
        guard case .failure(let error) = parse(huge) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.status.code == 431)
        let complete = huge + "\r\n\r\n"
        guard case .failure(let again) = parse(complete) else {
            Issue.record("expected a failure")
            return
        }
        #expect(again.status.code == 431)
    }

    @Test("a head of exactly 16 KiB is accepted")
    func exactlyAtLimit() {
        let start = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: "
        let padding = String(repeating: "a", count: 16 * 1024 - start.utf8.count - 4)
        guard case .head = parse(start + padding + "\r\n\r\n") else {
            Issue.record("expected a head")
            return
        }
    }

    @Test(
        "malformed heads are 400",
        arguments: [
            "GET /\r\n\r\n", "GET / HTTP/1.1 extra\r\n\r\n", "GET noslash HTTP/1.1\r\n\r\n", "GET / HTTP/2.0\r\n\r\n",
            "GET / HTTP/1.1\r\nNoColon\r\n\r\n", "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", "G(T / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nA: b\nC: d\r\n\r\n", "\u{16}\u{03}\u{01}\u{02}\r\n\r\n",
            // RFC 9112 §3.2: HTTP/1.1 without Host; lines ended by a bare LF, refused at once
            // instead of waiting for a CRLF that never comes.
            "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\nHost: x\n\n", "\n\n", "\r\n\n", "\r\r\n\n",
            // A CR without its LF, refused as soon as the byte after it arrives.
            "GET / HTTP/1.1\rHost: x\r\r", "GET / HTTP/1.1\r\nHost: x\rY",
            // RFC 9112 §3.2 and §6.3: two Hosts; a Content-Length that is no number, or two that differ.
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        ])
    func malformed(text: String) {
        guard case .failure(let error) = parse(text) else {
            Issue.record("expected a failure for \(text.debugDescription)")
            return
        }
        #expect(error.status.code == 400)
    }

    @Test("a Content-Length is one number, which may be repeated; the refusal names the values")
    func contentLengths() {
        let head = "GET / HTTP/1.1\r\nHost: x\r\n"
        guard case .head = parse(head + "Content-Length: 2\r\nContent-Length: 2\r\n\r\nab") else {
            Issue.record("the same length twice was refused")
            return
        }
        let reasons = [
            ("Content-Length: 1\r\nContent-Length: 2", "two Content-Length headers, '1' and '2'"),
            ("Content-Length: 1e3", "Content-Length '1e3' is not a number of bytes"),
            ("Host: y", "more than one Host header"),
        ]
        for (fields, reason) in reasons {
            guard case .failure(let error) = parse(head + fields + "\r\n\r\n") else {
                Issue.record("accepted \(fields)")
                continue
            }
            #expect(error.reason == reason)
        }
    }

    @Test("invalid UTF-8 in the head is 400")
    func invalidUTF8() {
        var parser = HTTPHeadParser()
        let bytes = Array("GET / HTTP/1.1\r\nX: ".utf8) + [0xFF, 0xFE] + Array("\r\n\r\n".utf8)
        guard case .failure(let error) = parser.parseRequest(bytes) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.status.code == 400)
    }

    @Test("responses serialise with length and close")
    func responseBytes() {
        let bytes = HTTPResponse.text(.ok, "ok").serialized()
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
        )
    }

    @Test("header values are trimmed of spaces and tabs, non-ASCII UTF-8 kept; errors name the header")
    func valuesAndMessages() throws {
        let text = "GET / HTTP/1.1\r\nHost: x\r\nX-Name: \t Café ☕ \t\r\nEmpty:\r\n\r\n"
        guard case .head(let request, _) = parse(text) else {
            Issue.record("expected a head")
            return
        }
        #expect(request.headers["x-name"] == "Café ☕")
        #expect(request.headers["EMPTY"] == "")
        #expect(request.headers["Missing"] == nil)
        guard case .failure(let error) = parse("GET / HTTP/1.1\r\nX-Bell: a\u{07}b\r\n\r\n") else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == "control character in header 'X-Bell'")
        guard case .failure(let name) = parse("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n") else {
            Issue.record("expected a failure")
            return
        }
        #expect(name.reason == "invalid header name 'Bad Name'")
    }

    @Test("a token is found in any field of that name, case-insensitively, as tokens() lists it")
    func tokenLookup() {
        let headers = HTTPHeaders([
            ("connection", " keep-alive ,,\tUpGrade "), ("Upgrade", "h2c"), ("UPGRADE", "WebSocket"), ("X", "upgrade"),
        ])
        #expect(headers.contains(token: "upgrade", in: "Connection"))
        #expect(headers.contains(token: "keep-alive", in: "CONNECTION"))
        #expect(headers.contains(token: "websocket", in: "upgrade"))
        #expect(!headers.contains(token: "close", in: "Connection"))
        #expect(!headers.contains(token: "upgrade", in: "Upgrade"))
        #expect(!headers.contains(token: "", in: "Connection"))
        #expect(headers.tokens("Connection") == ["keep-alive", "upgrade"])
        #expect(headers.values("upgrade") == ["h2c", "WebSocket"])
    }

    @Test("response status lines: the code is three digits, the reason optional")
    func responseStatus() throws {
        let ok = try HTTPHeadParser.response(from: ArraySlice("HTTP/1.1 101 Switching Protocols\r\nA: b\r\n\r\n".utf8))
        #expect(ok.status.code == 101 && ok.status.reason == "Switching Protocols" && ok.headers["a"] == "b")
        let bare = try HTTPHeadParser.response(from: ArraySlice("HTTP/1.0 404\r\n\r\n".utf8))
        #expect(bare.status.code == 404 && bare.status.reason == "")
        for bad in ["HTTP/1.1 +12 X\r\n\r\n", "HTTP/2 200 OK\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n"] {
            #expect(throws: HTTPParseError.self) { try HTTPHeadParser.response(from: ArraySlice(bad.utf8)) }
        }
    }
}

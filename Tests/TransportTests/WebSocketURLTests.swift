import Testing
import Transport

/// `ws://host[:port][/path]` addresses: what the client and `--target` accept.
@Suite("WebSocket URLs")
struct WebSocketURLTests {
    @Test("host, port and path, with the defaults")
    func parts() throws {
        let full = try #require(WebSocketURL("ws://127.0.0.1:8080/display"))
        #expect(full == WebSocketURL(host: "127.0.0.1", port: 8080, path: "/display"))
        #expect(full.authority == "127.0.0.1:8080")
        #expect(full.description == "ws://127.0.0.1:8080/display")
        #expect(WebSocketURL("ws://localhost") == WebSocketURL(host: "localhost", port: 80, path: "/"))
        #expect(WebSocketURL("WS://Example.test:81?x=1") == WebSocketURL(host: "Example.test", port: 81, path: "/?x=1"))
        #expect(WebSocketURL("ws://h:9/a/b?c") == WebSocketURL(host: "h", port: 9, path: "/a/b?c"))
    }

    @Test("an IPv6 address stands in brackets; the Host header and the text keep them")
    func ipv6() throws {
        let loopback = try #require(WebSocketURL("ws://[::1]:8080/display"))
        #expect(loopback == WebSocketURL(host: "::1", port: 8080, path: "/display"))
        #expect(loopback.authority == "[::1]:8080")
        #expect(loopback.description == "ws://[::1]:8080/display")
        #expect(WebSocketURL("ws://[fe80::1%25lo]") == WebSocketURL(host: "fe80::1%25lo", port: 80, path: "/"))
        #expect(WebSocketURL("ws://[::1") == nil)
        #expect(WebSocketURL("ws://[::1]x:80/") == nil)
        #expect(WebSocketURL("ws://[]:80/") == nil)
    }

    @Test(
        "what is not such an address is refused",
        arguments: [
            "", "ws://", "http://127.0.0.1:80/", "wss://h/", "ws://:80/", "ws://h:/", "ws://h:70000/", "ws://h:8x/",
            "ws://user@h/", "ws:/h", "xws://h",
        ])
    func refused(_ text: String) {
        #expect(WebSocketURL(text) == nil)
    }
}

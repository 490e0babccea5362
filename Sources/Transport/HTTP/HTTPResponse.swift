/// An HTTP/1.1 response to serialise; plain responses always close the connection.
public struct HTTPResponse: Sendable, Equatable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
            body: Array(text.utf8)
        )
    }

    /// The bytes on the wire. Adds `Content-Length` and `Connection: close` unless this
    /// is a `101 Switching Protocols`.
    public func serialized() -> [UInt8] {
        // Written as bytes: every WebSocket upgrade answers one of these, and building
        // the head as an interpolated `String` first cost three times as much.
        var head: [UInt8] = []
        head.reserveCapacity(160 + body.count)
        head += "HTTP/1.1 ".utf8
        head += String(status.code).utf8
        head.append(UInt8(ascii: " "))
        head += status.reason.utf8
        head += "\r\n".utf8
        for field in headers.fields {
            head += field.name.utf8
            head += ": ".utf8
            head += field.value.utf8
            head += "\r\n".utf8
        }
        if status != .switchingProtocols {
            if headers["Content-Length"] == nil {
                head += "Content-Length: ".utf8
                head += String(body.count).utf8
                head += "\r\n".utf8
            }
            if headers["Connection"] == nil { head += "Connection: close\r\n".utf8 }
        }
        head += "\r\n".utf8
        head += body
        return head
    }
}

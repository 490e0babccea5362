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
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        for field in headers.fields {
            head += "\(field.name): \(field.value)\r\n"
        }
        if status != .switchingProtocols {
            if headers["Content-Length"] == nil { head += "Content-Length: \(body.count)\r\n" }
            if headers["Connection"] == nil { head += "Connection: close\r\n" }
        }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}

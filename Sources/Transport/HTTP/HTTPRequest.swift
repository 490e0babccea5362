/// A parsed HTTP/1.1 request head (we never read request bodies).
public struct HTTPRequest: Sendable, Equatable {
    public let method: String
    /// The request target as sent (`/display?x=1`).
    public let target: String
    /// `"HTTP/1.1"` or `"HTTP/1.0"`.
    public let version: String
    public let headers: HTTPHeaders

    public init(method: String, target: String, version: String = "HTTP/1.1", headers: HTTPHeaders) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The target without its query string.
    public var path: String {
        String(target.prefix { $0 != "?" })
    }
}

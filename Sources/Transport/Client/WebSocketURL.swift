/// A `ws://host:port/path` address (no TLS: the simulator speaks plain WebSocket).
public struct WebSocketURL: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: UInt16
    /// The path with its query, starting with `/`.
    public let path: String

    public init(host: String, port: UInt16, path: String = "/") {
        self.host = host
        self.port = port
        self.path = path.hasPrefix("/") ? path : "/" + path
    }

    /// Parses `ws://host[:port][/path]`; the port defaults to 80.
    public init?(_ text: String) {
        guard text.lowercased().hasPrefix("ws://") else { return nil }
        let rest = text.dropFirst(5)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let path = rest.dropFirst(authority.count)
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var host = Substring(authority)
        var port: UInt16 = 80
        if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let parsed = UInt16(authority[authority.index(after: colon)...]) else { return nil }
            port = parsed
        }
        guard !host.isEmpty else { return nil }
        self.init(host: String(host), port: port, path: path.isEmpty ? "/" : String(path))
    }

    /// `host:port`, for the `Host` header.
    public var authority: String { "\(host):\(port)" }

    public var description: String { "ws://\(host):\(port)\(path)" }
}

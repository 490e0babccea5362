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

    /// Parses `ws://host[:port][/path]` (the scheme in any case); the port defaults to 80.
    public init?(_ text: String) {
        // Bytes, not Characters: every display connection parses one of these.
        let bytes = Array(text.utf8)
        let scheme = Array("ws://".utf8)
        guard bytes.count > scheme.count,
            zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 || $0 == $1 })
        else { return nil }
        let authorityEnd = bytes[scheme.count...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
        let end = authorityEnd ?? bytes.count
        let authority = bytes[scheme.count..<end]
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
        var hostStart = scheme.count
        var hostEnd = end
        var portSearch = authority
        // An IPv6 address stands in brackets (`ws://[::1]:8080`); its colons are no port's.
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            hostStart = scheme.count + 1
            hostEnd = close
            portSearch = bytes[(close + 1)..<end]
            guard portSearch.isEmpty || portSearch.first == UInt8(ascii: ":") else { return nil }
        }
        var port: UInt16 = 80
        if let colon = portSearch.lastIndex(of: UInt8(ascii: ":")) {
            guard let parsed = UInt16(String(decoding: bytes[(colon + 1)..<end], as: UTF8.self)) else { return nil }
            if authority.first != UInt8(ascii: "[") { hostEnd = colon }
            port = parsed
        }
        guard hostEnd > hostStart else { return nil }
        let host = String(decoding: bytes[hostStart..<hostEnd], as: UTF8.self)
        let path = end < bytes.count ? String(decoding: bytes[end...], as: UTF8.self) : "/"
        self.init(host: host, port: port, path: path)
    }

    /// `host:port` (`[::1]:port` for an IPv6 address), for the `Host` header.
    public var authority: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    public var description: String { "ws://\(authority)\(path)" }
}

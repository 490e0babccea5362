/// The two request endpoints of protocol.md, `/register` and `/calendar`.
public enum Endpoint: String, Sendable, CaseIterable {
    case register
    case calendar
}

extension Endpoint {
    /// The address the endpoints (and `/display`) are paths of, from a register's URL as
    /// given: without a trailing `/`, and an `http://` page address as `ws://` (the
    /// simulator serves its page and its WebSockets on one port).
    public static func base(of url: String) -> String {
        var base = url.hasSuffix("/") ? String(url.dropLast()) : url
        if base.hasPrefix("http://") { base = "ws://" + base.dropFirst("http://".count) }
        return base
    }
}

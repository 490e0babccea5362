/// The two request endpoints of protocol.md, `/register` and `/calendar`.
public enum Endpoint: String, Sendable, CaseIterable {
    case register
    case calendar
}

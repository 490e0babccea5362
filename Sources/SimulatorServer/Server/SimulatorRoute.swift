import Transport
import Wire

/// The endpoints of protocol.md, and the pure routing of a request head to one of them.
enum SimulatorRoute: Equatable {
    /// The customer-display page, `GET /`.
    case page
    /// The register page, `GET /register-page`.
    case registerPage
    /// The register page's recorder, the WebSocket `/record` (404 when nothing records).
    case recorder
    case health
    case display
    case endpoint(Endpoint)
    /// Not served: answered with this status (404 unknown path or `..`, 405 non-GET).
    case refused(HTTPStatus)

    /// The route for `request`.
    static func resolve(_ request: HTTPRequest) -> SimulatorRoute {
        let path = request.path
        // A traversal attempt is a path we do not serve, however it is spelled.
        if mayTraverse(path) { return .refused(.notFound) }
        guard request.method == "GET" else { return .refused(.methodNotAllowed) }
        switch path {
        case "/": return .page
        case "/register-page": return .registerPage
        case "/record": return .recorder
        case "/health": return .health
        case "/display": return .display
        case "/register": return .endpoint(.register)
        case "/calendar": return .endpoint(.calendar)
        default: return .refused(.notFound)
        }
    }

    /// Whether `path` has `..` or a percent-encoded dot (`%2e`, `%2E`). Read as bytes: every
    /// display's upgrade passes here, and a `String` search goes through Foundation.
    private static func mayTraverse(_ path: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return true }
            if byte | 0x20 == UInt8(ascii: "e"), previous == UInt8(ascii: "2"), beforePrevious == UInt8(ascii: "%") {
                return true
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}

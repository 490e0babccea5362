import Transport

/// The endpoints of protocol.md, and the pure routing of a request head to one of them.
enum SimulatorRoute: Equatable {
    case page
    case health
    case display
    case endpoint(SimulatorEndpoint)
    /// Not served: answered with this status (404 unknown path or `..`, 405 non-GET).
    case refused(HTTPStatus)

    /// The route for `request`.
    static func resolve(_ request: HTTPRequest) -> SimulatorRoute {
        let path = request.path
        // A traversal attempt is a path we do not serve, however it is spelled.
        if path.contains("..") || path.lowercased().contains("%2e") { return .refused(.notFound) }
        guard request.method == "GET" else { return .refused(.methodNotAllowed) }
        switch path {
        case "/": return .page
        case "/health": return .health
        case "/display": return .display
        case "/register": return .endpoint(.register)
        case "/calendar": return .endpoint(.calendar)
        default: return .refused(.notFound)
        }
    }

}

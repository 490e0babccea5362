import Synchronization
import Transport

/// A test server application: echoes every message on `/echo`, answers `GET /hello`,
/// and records what happened.
final class EchoHandler: WebSocketServerHandler {
    let opened = Mutex(0)
    let closed = Mutex(0)

    func route(_ request: HTTPRequest) -> WebSocketServerRoute {
        switch request.path {
        case "/echo": .upgrade
        case "/hello": .respond(.text(.ok, "hello"))
        default: .respond(.text(.notFound, "not found"))
        }
    }

    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext) {
        opened.withLock { $0 += 1 }
    }

    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext) {
        if message == .text("close-me") {
            server.close(connection, code: .policyViolation)
        } else {
            server.send(message, to: connection)
        }
    }

    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {
        closed.withLock { $0 += 1 }
    }
}

import Transport

/// Echoes every message on any WebSocket path.
final class BenchEchoHandler: WebSocketServerHandler {
    func route(_ request: HTTPRequest) -> WebSocketServerRoute { .upgrade }

    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext) {}

    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext) {
        server.send(message, to: connection)
    }

    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {}
}

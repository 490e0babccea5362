import Transport

/// The pure per-message cost of our WebSocket code, with no socket: a client encodes a
/// text message, a server session decodes it and encodes the echo, the client session
/// decodes that. Shows how much of a round trip is ours rather than the kernel's.
func runCodec(count: Int, size: Int) {
    let message = payload(size: size)
    var client = WebSocketSession(role: .client)
    var server = WebSocketSession(role: .server)
    let clock = ContinuousClock()
    var delivered = 0
    let start = clock.now
    for _ in 0..<count {
        let request = client.encode(.text(message))
        let output = request.withUnsafeBytes { server.receive($0) }
        for case .message(let received) in output.events {
            let reply = server.encode(received)
            let back = reply.withUnsafeBytes { client.receive($0) }
            delivered += back.events.count
        }
    }
    let total = clock.now - start
    precondition(delivered == count, "lost messages")
    print(
        String(
            format: "codec: %.2f µs per round trip (%d × %d bytes, no sockets)",
            Double(total.nanoseconds) / 1000 / Double(count), count, size))
}

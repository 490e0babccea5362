import Glibc

/// The kernel's share of spec-run's traffic, with nothing above it: one thread replays a
/// scenario's messages over loopback TCP with plain `send`/`recv` (no WebSocket framing,
/// no JSON, no simulator, no runner). Per scenario: a new display connection (connect,
/// accept, an upgrade-sized request and answer, a close exchange), then `actions` times
/// a request on the register connection, the server's snapshot on the display connection
/// and its response, each read by the other side. The result is a lower bound for any
/// implementation of the protocol on this machine: what a run costs before any work.
func runKernelFloor(scenarios: Int, actions: Int) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withSocketAddress(&address) { pointer in
        precondition(bind(listener, pointer, length) == 0 && listen(listener, 16) == 0, "bind/listen failed")
    }
    withSocketAddress(&address) { pointer in _ = getsockname(listener, pointer, &length) }

    func connected() -> (client: Int32, server: Int32) {
        let client = noDelay(socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        withSocketAddress(&address) { pointer in
            precondition(connect(client, pointer, length) == 0, "connect failed")
        }
        return (client, noDelay(accept(listener, nil, nil)))
    }
    let register = connected()
    let request = [UInt8](repeating: 0x72, count: 300)
    let response = [UInt8](repeating: 0x73, count: 900)
    let snapshot = [UInt8](repeating: 0x64, count: 350)
    var buffer = [UInt8](repeating: 0, count: 65536)
    func transfer(_ bytes: [UInt8], _ count: Int, from sender: Int32, to receiver: Int32) {
        _ = bytes.withUnsafeBytes { send(sender, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
        _ = buffer.withUnsafeMutableBytes { recv(receiver, $0.baseAddress, $0.count, 0) }
    }

    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<scenarios {
        let display = connected()
        transfer(request, 160, from: display.client, to: display.server)
        transfer(response, 223 + 300, from: display.server, to: display.client)
        for _ in 0..<actions {
            _ = request.withUnsafeBytes { send(register.client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var entry = pollfd(fd: register.server, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 0)
            _ = buffer.withUnsafeMutableBytes { recv(register.server, $0.baseAddress, $0.count, 0) }
            transfer(snapshot, snapshot.count, from: display.server, to: display.client)
            transfer(response, response.count, from: register.server, to: register.client)
        }
        transfer(request, 8, from: display.client, to: display.server)
        transfer(response, 4, from: display.server, to: display.client)
        close(display.client)
        close(display.server)
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let messages = 4 + actions * 3
    print(
        "kernel floor: \(scenarios) scenarios x (\(actions) actions + a display connection) = \(messages) messages"
            + " each: \(String(format: "%.3f", seconds)) s, \(String(format: "%.1f", seconds / Double(scenarios) * 1e6)) µs"
            + " per scenario")
    close(register.client)
    close(register.server)
    close(listener)
}

private func noDelay(_ socket: Int32) -> Int32 {
    var one: Int32 = 1
    _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return socket
}

private func withSocketAddress<Result>(
    _ address: inout sockaddr_in, _ body: (UnsafeMutablePointer<sockaddr>) -> Result
) -> Result {
    withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
}

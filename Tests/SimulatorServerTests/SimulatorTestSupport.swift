import Foundation
import SimulatorServer
import Testing
import Transport

/// Helpers for talking to a running simulator the way the step library will.
extension RunningSimulator {
    func connect(_ path: String) async throws -> WebSocketClient {
        try await WebSocketClient.connect(to: webSocketBase + path, timeout: .seconds(5))
    }
}

extension WebSocketClient {
    /// Sends a request and returns the next text message (the response), or fails.
    func request(_ json: String, timeout: Duration = .seconds(5)) async throws -> String {
        try send(text: json)
        return try #require(try await receive(timeout: timeout)?.text, "no response to \(json)")
    }

    /// The next text message within `timeout`, or `nil`.
    func nextText(timeout: Duration = .seconds(5)) async throws -> String? {
        try await receive(timeout: timeout)?.text
    }
}

/// A raw HTTP exchange over loopback: writes `request` and reads until the server closes.
func rawExchange(port: UInt16, _ request: [UInt8], milliseconds: Int = 3000) throws -> String {
    String(decoding: try rawBytesExchange(port: port, request, milliseconds: milliseconds), as: UTF8.self)
}

/// A raw exchange that keeps the response's bytes as they are.
func rawBytesExchange(port: UInt16, _ request: [UInt8], milliseconds: Int = 3000) throws -> [UInt8] {
    let socket = try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 2000)
    defer { socket.close() }
    try socket.writeAll(request, timeoutMilliseconds: 2000)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let deadline = ContinuousClock.now + .milliseconds(milliseconds)
    while ContinuousClock.now < deadline {
        guard try socket.wait(forWriting: false, timeoutMilliseconds: 100) else { continue }
        let result = try chunk.withUnsafeMutableBytes { try socket.read(into: $0) }
        guard case .bytes(let count) = result else {
            if result == .endOfStream { break }
            continue
        }
        received += chunk[0..<count]
    }
    return received
}

func rawExchange(port: UInt16, _ text: String) throws -> String {
    try rawExchange(port: port, Array(text.utf8))
}

/// The status code of a raw HTTP response (`HTTP/1.1 404 Not Found` → 404).
func statusCode(_ response: String) -> Int? {
    let parts = response.split(separator: " ", maxSplits: 2)
    return parts.count >= 2 ? Int(parts[1]) : nil
}

/// The value of `data-amount` on the element with `data-field="total"` in a snapshot
/// (or a page's DOM, whose style sheet also mentions `data-field="total"`).
func totalAmount(in snapshot: String) -> Int? {
    guard let field = snapshot.range(of: #"data-field="total" data-amount=""#) else { return nil }
    return Int(snapshot[field.upperBound...].prefix { $0.isNumber })
}

/// `addItem` for an ad hoc product (always changes the display).
func addItem(id: Int, name: String = "Coffee", price: Int = 100, quantity: Int = 1) -> String {
    #"{"id":\#(id),"action":"addItem","name":"\#(name)","price":\#(price),"quantity":\#(quantity)}"#
}

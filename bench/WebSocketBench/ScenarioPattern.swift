import SimulatorServer
import Transport

/// The step library's traffic per scenario, without the runner: reset `/register` and
/// `/calendar` (concurrently), connect a new `/display` and take its first snapshot,
/// then 14 steps (a register request followed by a non-blocking drain of the display),
/// then close the display without waiting. With `reuseDisplay`, one display serves every
/// scenario instead (drained after the resets), to show what a reconnect costs. With
/// `colocated`, the simulator is a colocated server (as spec-run's workers start it):
/// this client runs its turns instead of a server thread woken by each request.
func runScenarios(count: Int, reuseDisplay: Bool, colocated: Bool) async throws {
    let simulator = try SimulatorServer.start(colocated: colocated)
    defer { simulator.stop() }
    let register = try await WebSocketClient.connect(to: simulator.webSocketBase + "/register")
    let calendar = try await WebSocketClient.connect(to: simulator.webSocketBase + "/calendar")
    let clock = ContinuousClock()
    var connects: [Int64] = []
    var requests: [Int64] = []
    var snapshots = 0
    let shared = reuseDisplay ? try await WebSocketClient.connect(to: simulator.webSocketBase + "/display") : nil
    let start = clock.now
    for scenario in 0..<count {
        async let registerReset = exchange(register, #"{"id":\#(scenario),"action":"reset"}"#)
        async let calendarReset = exchange(calendar, #"{"id":\#(scenario),"action":"reset"}"#)
        _ = try await (registerReset, calendarReset)
        let connectStart = clock.now
        let display: WebSocketClient
        if let shared {
            display = shared
            _ = try shared.receiveAvailable()
        } else {
            display = try await WebSocketClient.connect(to: simulator.webSocketBase + "/display")
            guard try await display.receive(timeout: .seconds(5)) != nil else { fatalError("no first snapshot") }
        }
        connects.append((clock.now - connectStart).nanoseconds)
        for step in 0..<14 {
            let requestStart = clock.now
            _ = try await exchange(register, #"{"id":\#(step),"action":"addItem","name":"Coffee","price":450}"#)
            requests.append((clock.now - requestStart).nanoseconds)
            snapshots += try display.receiveAvailable().count
        }
        if shared == nil { await display.close(timeout: .zero) }
    }
    let total = clock.now - start
    precondition(snapshots == count * 14, "missed snapshots: \(snapshots) of \(count * 14)")
    let connect = LatencySummary(nanoseconds: connects, total: total)
    let request = LatencySummary(nanoseconds: requests, total: total)
    let seconds = Double(total.nanoseconds) / 1e9
    let displayMode = reuseDisplay ? "one display for all" : "1 display connect"
    let serverMode = colocated ? "colocated server" : "server thread"
    print("scenarios=\(count) (\(serverMode); 2 resets, \(displayMode), 14 requests + display drains each)")
    print(String(format: "total %.3f s  (%.0f µs per scenario)", seconds, seconds * 1e6 / Double(count)))
    print(
        String(
            format: "display connect (or drain) + first snapshot: p50 %.1f µs  p99 %.1f µs", connect.p50, connect.p99))
    print(String(format: "request → response:               p50 %.1f µs  p99 %.1f µs", request.p50, request.p99))
}

private func exchange(_ client: WebSocketClient, _ text: String) async throws -> WebSocketMessage {
    try client.send(text: text)
    guard let response = try await client.receive(timeout: .seconds(5)) else { fatalError("no response to \(text)") }
    return response
}

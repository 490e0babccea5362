import Foundation
import SimulatorServer
import Transport

// WebSocket round-trip benchmark of our client against our server, in the same shape
// as ../shared/tools/ws_echo_bench.py (see bench/websocket/README.md).
//
//   WebSocketBench child   [--n 10000] [--size 2048] [--warmup 500] [--repeat 5]
//   WebSocketBench inproc  [same options]
//   WebSocketBench server                     (prints "PORT n", echoes until stdin closes)
//   WebSocketBench displays [--displays 100] [--rounds 50]
//   WebSocketBench scenarios [--n 2000] [--reuse-display 1] [--colocated 1]   (the step library's pattern, transport only)
//   WebSocketBench codec [--n 10000]          (encode/decode cost per round trip, no sockets)
//   WebSocketBench floor [--n 2000] [--actions 8]   (the kernel's share of a run: plain sockets, nothing above)

struct Options {
    var mode = "inproc"
    var n = 10_000
    var size = 2048
    var warmup = 500
    var repeats = 5
    var displays = 100
    var rounds = 50
    var reuseDisplay = false
    var colocated = false
    var actions = 8
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = Array(CommandLine.arguments.dropFirst())
    if let first = arguments.first, !first.hasPrefix("--") { options.mode = arguments.removeFirst() }
    var index = 0
    while index + 1 < arguments.count {
        let value = Int(arguments[index + 1]) ?? 0
        switch arguments[index] {
        case "--n": options.n = value
        case "--size": options.size = value
        case "--warmup": options.warmup = value
        case "--repeat": options.repeats = value
        case "--displays": options.displays = value
        case "--rounds": options.rounds = value
        case "--reuse-display": options.reuseDisplay = value != 0
        case "--colocated": options.colocated = value != 0
        case "--actions": options.actions = value
        default: fatalError("unknown option \(arguments[index])")
        }
        index += 2
    }
    return options
}

/// The same deterministic ASCII payload as the Python bench.
func payload(size: Int) -> String {
    let record = #"{"type":"step","status":"passed","text":"the cart total is 1,680 yen","duration_ns":123456},"#
    let text = #"{"envelopes":["# + String(repeating: record, count: size / record.count + 1)
    return String(text.prefix(size))
}

func runEcho(port: UInt16, options: Options, label: String) async throws {
    let message = payload(size: options.size)
    var runs: [LatencySummary] = []
    let clock = ContinuousClock()
    for _ in 0..<options.repeats {
        let client = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(port)/", timeout: .seconds(5))
        for _ in 0..<options.warmup {
            try client.send(text: message)
            _ = try await client.receive(timeout: .seconds(5))
        }
        var latencies = [Int64](repeating: 0, count: options.n)
        var last: WebSocketMessage?
        let start = clock.now
        for index in 0..<options.n {
            let sent = clock.now
            try client.send(text: message)
            last = try await client.receive(timeout: .seconds(5))
            latencies[index] = (clock.now - sent).nanoseconds
        }
        let total = clock.now - start
        precondition(last == .text(message), "echo mismatch")
        runs.append(LatencySummary(nanoseconds: latencies, total: total))
        await client.close()
    }
    print("ours server=\(label) n=\(options.n) size=\(options.size) warmup=\(options.warmup) repeat=\(options.repeats)")
    print("metric          median        min        max   (over \(options.repeats) repeats)")
    let metrics: [(String, (LatencySummary) -> Double)] = [
        ("p50_us", \.p50), ("p90_us", \.p90), ("p99_us", \.p99), ("max_us", \.max), ("mean_us", \.mean),
        ("msgs_per_s", \.messagesPerSecond),
    ]
    for (name, value) in metrics {
        let values = runs.map(value)
        let line = [
            LatencySummary.median(values), values.min() ?? 0, values.max() ?? 0,
        ].map { String(format: "%10.1f", $0) }.joined(separator: " ")
        print(name.padding(toLength: 11, withPad: " ", startingAt: 0) + " " + line)
    }
}

func startChildServer() throws -> (Process, UInt16) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["server"]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    var text = ""
    while !text.contains("\n") {
        let data = output.fileHandleForReading.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
    }
    guard
        let port = UInt16(
            text.replacingOccurrences(of: "PORT ", with: "").trimmingCharacters(in: .whitespacesAndNewlines))
    else { fatalError("child server did not report its port: \(text)") }
    return (process, port)
}

func runDisplays(options: Options) async throws {
    let simulator = try SimulatorServer.start()
    defer { simulator.stop() }
    var displays: [WebSocketClient] = []
    for _ in 0..<options.displays {
        let display = try await WebSocketClient.connect(to: simulator.webSocketBase + "/display")
        _ = try await display.receive(timeout: .seconds(5))
        displays.append(display)
    }
    let register = try await WebSocketClient.connect(to: simulator.webSocketBase + "/register")
    let clock = ContinuousClock()
    var allReceived: [Int64] = []
    var responses: [Int64] = []
    for round in 0..<options.rounds {
        let start = clock.now
        try register.send(text: #"{"id":\#(round),"action":"addItem","name":"Coffee","price":450}"#)
        _ = try await register.receive(timeout: .seconds(5))
        responses.append((clock.now - start).nanoseconds)
        // Every display has the snapshot once each one's reader has handed it over.
        for display in displays {
            guard try await display.receive(timeout: .seconds(5)) != nil else { fatalError("snapshot lost") }
        }
        allReceived.append((clock.now - start).nanoseconds)
    }
    let all = LatencySummary(nanoseconds: allReceived, total: .seconds(1))
    let response = LatencySummary(nanoseconds: responses, total: .seconds(1))
    print("displays=\(options.displays) rounds=\(options.rounds) (one addItem per round, snapshot ~300 bytes)")
    print(
        String(
            format: "request→response (snapshot already queued to all): p50 %.1f µs  p99 %.1f µs", response.p50,
            response.p99))
    print(
        String(
            format: "request→snapshot received by all %d displays:   p50 %.1f µs  p99 %.1f µs", options.displays,
            all.p50, all.p99))
    for display in displays { await display.close(timeout: .milliseconds(200)) }
}

let options = parseOptions()
switch options.mode {
case "server":
    let server = try WebSocketServer.start(WebSocketServerConfiguration(), handler: BenchEchoHandler())
    FileHandle.standardOutput.write(Data("PORT \(server.port)\n".utf8))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    server.stop()
case "child":
    let (process, port) = try startChildServer()
    try await runEcho(port: port, options: options, label: "child process")
    process.terminate()
    process.waitUntilExit()
case "inproc":
    let server = try WebSocketServer.start(WebSocketServerConfiguration(), handler: BenchEchoHandler())
    try await runEcho(port: server.port, options: options, label: "in-process")
    server.stop()
case "displays":
    try await runDisplays(options: options)
case "scenarios":
    try await runScenarios(count: options.n, reuseDisplay: options.reuseDisplay, colocated: options.colocated)
case "codec":
    runCodec(count: options.n, size: options.size)
case "floor":
    runKernelFloor(scenarios: options.n, actions: options.actions)
default:
    fatalError("unknown mode \(options.mode) (child, inproc, server, displays, scenarios, codec, floor)")
}

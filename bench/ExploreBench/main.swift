// ExploreBench: `spec-run explore`'s speed (see bench/explore/README.md).
//
//   ExploreBench rate [ACTIONS] [REPEATS]   actions per second against the built-in
//                                           simulator over the protocol
//   ExploreBench faults [SEED] [BUDGET]     per faulty register: actions until found,
//                                           time to find, time to shrink, replays, length
import Explorer
import FaultyRegisters
import Foundation
import SimulatorServer

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func rate(actions: Int, repeats: Int) async throws {
    let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
    defer { simulator.stop() }
    var rates: [Double] = []
    for run in 0..<repeats {
        let explorer = Explorer(base: simulator.webSocketBase, seed: UInt64(run + 1), actions: actions)
        let started = ContinuousClock.now
        let summary = await explorer.run()
        let elapsed = seconds(started.duration(to: .now))
        guard summary.finding == nil, summary.unreachable == nil else {
            fatalError("the built-in simulator broke a rule or went away: \(summary)")
        }
        rates.append(Double(summary.actionsRun) / elapsed)
        print(
            String(
                format: "rate run %d: %d actions in %.2f s = %.0f actions/s, %d distinct states", run + 1,
                summary.actionsRun, elapsed, rates.last ?? 0, summary.distinctStates))
    }
    let sorted = rates.sorted()
    print(
        String(
            format: "rate median %.0f actions/s (min %.0f, max %.0f)", sorted[sorted.count / 2], sorted[0],
            sorted[sorted.count - 1]))
}

func faults(seed: UInt64, budget: Int) async throws {
    print("fault | rule | actions until found | find s | shrink s | replays | shrunk from -> to")
    for fault in RegisterFault.allCases {
        let server = try FaultyRegister.start(fault)
        defer { server.stop() }
        let explorer = Explorer(base: "ws://127.0.0.1:\(server.port)", seed: seed, actions: budget)
        var foundAt: ContinuousClock.Instant?
        let started = ContinuousClock.now
        let summary = await explorer.run(progress: { _ in }, onFinding: { foundAt = .now })
        let ended = ContinuousClock.now
        guard let finding = summary.finding, let foundAt else {
            print("\(fault) | not found in \(summary.actionsRun) actions")
            continue
        }
        print(
            String(
                format: "%@ | %@ | %d | %.3f | %.3f | %d | %d -> %d", "\(fault)", "\(finding.discrepancy.rule)",
                summary.actionsRun, seconds(started.duration(to: foundAt)), seconds(foundAt.duration(to: ended)),
                finding.replays, finding.originalLength, finding.actions.count))
    }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "rate":
    try await rate(
        actions: arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000,
        repeats: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 3)
case "faults":
    try await faults(
        seed: arguments.dropFirst().first.flatMap { UInt64($0) } ?? 2024,
        budget: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 20_000)
default:
    print("usage: ExploreBench rate [ACTIONS] [REPEATS] | faults [SEED] [BUDGET]")
}

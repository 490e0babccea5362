import FaultyRegisters
import Foundation
import StepLibrary
import Synchronization
import TestSupport
import Testing
import Transport

@testable import Explorer

/// `spec-run explore` against registers that each break one rule (`RegisterFault`): it
/// finds the fault within a fixed seed and budget, names the rule, shrinks the sequence
/// to one where every action is needed, and writes a scenario that fails on the faulty
/// register and passes on the built-in simulator.
/// Serialized, and run on a thread of its own (`ThreadExecutor`): each exploration keeps
/// its thread busy, and the other suites' tasks need the pool's threads.
@Suite(.serialized) struct ExplorerFaultTests {
    static let seed: UInt64 = 2024
    static let budget = 20_000

    @Test(arguments: RegisterFault.allCases)
    func findsShrinksAndWritesTheFault(_ fault: RegisterFault) async throws {
        let server = try FaultyRegister.start(fault)
        defer { server.stop() }
        let base = "ws://127.0.0.1:\(server.port)"
        let explorer = Explorer(base: base, seed: Self.seed, actions: Self.budget)
        // Off the cooperative pool: the explorer's client blocks its thread while it waits.
        let summary = await withTaskExecutorPreference(ThreadExecutor.shared) { await explorer.run() }
        let finding = try #require(summary.finding, "\(fault): nothing found in \(summary.actionsRun) actions")
        #expect("\(finding.discrepancy.rule)" == fault.rule, "\(fault): \(finding.discrepancy)")
        // Every action is needed: without any one of them the rule holds.
        for index in finding.actions.indices {
            var shorter = finding.actions
            shorter.remove(at: index)
            let again = try await withTaskExecutorPreference(ThreadExecutor.shared) {
                try await explorer.replay(shorter)
            }
            #expect(
                again?.rule != finding.discrepancy.rule, "\(fault): action \(index) is not needed: \(finding.actions)")
        }
        // One language a fault, taking turns: both writers are proven, at half the runs.
        let position = RegisterFault.allCases.firstIndex(of: fault) ?? 0
        for language in [position.isMultiple(of: 2) ? StepLanguage.en : .ja] {
            let scenario = ScenarioWriter(language: language).feature(
                finding.actions, discrepancy: finding.discrepancy, seed: Self.seed,
                observedDisplay: finding.observedDisplay)
            let folder = try BuiltBinary.temporaryDirectory("explore-\(fault)")
            let file = folder.appendingPathComponent("found.feature")
            try scenario.write(to: file, atomically: true, encoding: .utf8)
            let onFaulty = try await BuiltBinary.execute([file.path, "--target", base], in: folder)
            #expect(
                onFaulty.status == 1,
                "\(fault) \(language): passed on the faulty register\n\(scenario)\n\(onFaulty.stdout)")
            // It fails at the last action's step or after it: where the discrepancy shows.
            let failedLine = Self.failedLine(onFaulty.stdout)
            let lastAction = Self.lastActionLine(scenario, finding.actions, language)
            #expect(failedLine >= lastAction, "\(fault) \(language): fails at line \(failedLine), before \(lastAction)")
            let onBuiltIn = try await BuiltBinary.execute([file.path], in: folder)
            #expect(
                onBuiltIn.status == 0,
                "\(fault) \(language): fails on the built-in simulator\n\(scenario)\n\(onBuiltIn.stdout)")
        }
    }

    /// The line of the failing step in the runner's report (the largest `found.feature:N`).
    static func failedLine(_ output: String) -> Int {
        output.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "found.feature:") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }.max() ?? 0
    }

    /// The 1-based line of the last action's step in `scenario` (0 for a question).
    static func lastActionLine(_ scenario: String, _ actions: [ExploreAction], _ language: StepLanguage) -> Int {
        guard let last = actions.last else { return 0 }
        let writer = ScenarioWriter(language: language)
        let texts = [true, false].compactMap { writer.step(last, trying: $0)?.text }
        let lines = scenario.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.indices.last { index in texts.contains { lines[index].hasSuffix($0) } } ?? -1) + 1
    }

    /// A register of another make (`OtherMake`: only the state protocol.md requires, its own
    /// members, whole numbers written `120.0`) is held to protocol.md, not to the simulator's
    /// shape: faithful, it breaks no rule; with a fault, the fault is found as on the simulator.
    @Test(arguments: [nil, RegisterFault.pointsLostAfterEdit])
    func anotherMakeIsHeldToTheProtocol(_ fault: RegisterFault?) async throws {
        let server = try FaultyRegister.start(fault, otherMake: true)
        defer { server.stop() }
        let explorer = Explorer(base: "ws://127.0.0.1:\(server.port)", seed: Self.seed, actions: 5_000)
        let summary = await withTaskExecutorPreference(ThreadExecutor.shared) { await explorer.run() }
        #expect(summary.finding.map { "\($0.discrepancy.rule)" } == fault?.rule, "\(summary.finding as Any)")
    }

    /// A register that goes away during the run closes its connections: that is no rule
    /// broken (no scenario would show it) but a register lost, with the actions run so far.
    @Test func aRegisterThatGoesAwayIsLostNotWrong() async throws {
        let server = try FaultyRegister.start(nil)
        let explorer = Explorer(
            base: "ws://127.0.0.1:\(server.port)", seed: Self.seed, actions: 100_000_000, time: .seconds(30))
        let stopping = Task {
            try await Task.sleep(for: .seconds(1))
            server.stop()
        }
        let summary = await withTaskExecutorPreference(ThreadExecutor.shared) { await explorer.run() }
        try await stopping.value
        #expect(summary.finding == nil, "\(summary.finding as Any)")
        #expect(summary.unreachable != nil && !summary.timeRanOut, "\(summary)")
        #expect(summary.actionsRun > 0)
    }

    /// A stop that comes once a discrepancy is found (Ctrl-C while shrinking) ends shrinking
    /// at once: the finding is the episode as it showed the discrepancy, said to be cut short.
    @Test func aStopWhileShrinkingEndsItAtOnce() async throws {
        let server = try FaultyRegister.start(.changeHiddenWhenZero)
        defer { server.stop() }
        let found = Mutex(false)
        let explorer = Explorer(base: "ws://127.0.0.1:\(server.port)", seed: Self.seed, actions: Self.budget)
        let summary = await withTaskExecutorPreference(ThreadExecutor.shared) {
            await explorer.run(shouldStop: { found.withLock { $0 } }, onFinding: { found.withLock { $0 = true } })
        }
        let finding = try #require(summary.finding, "\(summary)")
        #expect(finding.shrinkingCut && finding.replays == 0 && finding.observedDisplay == nil)
        #expect(finding.actions.count == finding.discrepancy.actionIndex + 1, "\(finding.actions)")
    }

    /// Run by the built binary: 10,000 actions keep a thread busy for about ten seconds in a
    /// debug build, which the other suites' tasks would wait for in this process's pool.
    /// (100,000 actions in a release build: bench/explore.)
    @Test func theBuiltInSimulatorBreaksNoRule() async throws {
        let output = try await BuiltBinary.execute(["explore", "--seed", "99", "--actions", "10000"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let counts = try #require(
            output.stdout.firstMatch(of: /nothing found after 10000 actions in \d+ episodes, (\d+) distinct states/),
            "\(output.stdout)")
        #expect((Int(counts.1) ?? 0) > 2_500, "\(output.stdout)")
    }
}

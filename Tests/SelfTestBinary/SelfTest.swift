import CucumberExpressions
import Foundation
import SpecRunner
import Synchronization

/// The test hook of `spec-run-self-test`, the executable the end-to-end tests run where
/// they need steps and moments of their own (exit statuses, reports, signals from the first
/// instruction on: docs/testing.md, "The built binary"). It shares everything but this with
/// the shipped `spec-run` (`SpecRunCommandLine`), and is built beside it, never shipped.
/// The steps are on when the environment has `SPEC_RUN_TEST_STEPS=1` (or
/// `environment-fails`); their texts start with `spec-run self-test: `. It goes through
/// the runner's public interface only, as a step library would.
///
/// With the steps on:
/// - `SPEC_RUN_TEST_STEPS=environment-fails` makes every worker's environment fail to
///   start (the run-cannot-start path);
/// - `SPEC_RUN_TEST_SIGNAL_WHILE_STARTING=SIGINT` (or `SIGTERM`, `SIGHUP`) makes the run
///   send itself that signal before its interrupt source exists, as a CI that cancels a
///   job at once may;
/// - `SPEC_RUN_TEST_SIGNAL_AFTER_RUN=SIGINT` (or `SIGTERM`) makes it send itself that
///   signal as its workers stop, after the last scenario and before the report;
/// - `SPEC_RUN_TEST_PLANNING_PAUSE_MS=N` makes planning pause N ms before parsing each
///   file, after writing `spec-run self-test: planning PATH` to stderr, so that a test can
///   interrupt a run while it plans.
struct SelfTest {
    static let prefix = "spec-run self-test: "

    private let environmentFails: Bool
    private let environment: [String: String]

    /// nil unless the environment turns the self-test on.
    init?(environment: [String: String]) {
        guard let value = environment["SPEC_RUN_TEST_STEPS"], value == "1" || value == "environment-fails" else {
            return nil
        }
        environmentFails = value == "environment-fails"
        self.environment = environment
    }

    /// Runs the command as `SpecRun.main` does, with the steps added and the hooks asked for.
    func run(_ arguments: [String], registry: @escaping () -> StepRegistry) -> Int32 {
        if let number = signal("SPEC_RUN_TEST_SIGNAL_WHILE_STARTING") { kill(getpid(), number) }
        var host = RunHost.process()
        if let text = environment["SPEC_RUN_TEST_PLANNING_PAUSE_MS"], let milliseconds = UInt32(text) {
            let parse = host.parse
            let write = host.standardError
            host.parse = { bytes, uri in
                write("spec-run self-test: planning \(uri)\n")
                usleep(milliseconds * 1000)
                return parse(bytes, uri)
            }
        }
        let signalAfterRun = signal("SPEC_RUN_TEST_SIGNAL_AFTER_RUN")
        return SpecRun.main(
            arguments: arguments,
            registry: {
                var steps = registry()
                addSteps(to: &steps)
                if environmentFails {
                    steps.environmentFactory = { _ in
                        throw StepFailure(.error, "self-test: the environment refuses to start")
                    }
                } else if let signalAfterRun {
                    steps.environmentFactory = SignallingEnvironment.factory(
                        wrapping: steps.environmentFactory, signal: signalAfterRun)
                }
                return steps
            }, host: host)
    }

    /// The signal a variable names (SIGINT for any name but SIGTERM and SIGHUP).
    private func signal(_ variable: String) -> Int32? {
        environment[variable].map { ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP][$0] ?? SIGINT }
    }

    private func addSteps(to registry: inout StepRegistry) {
        let attempts = FirstAttempts()
        func step(_ command: String, line: Int = #line, _ body: @escaping StepBody) {
            registry.step(expression: SelfTestExpression(command: command), group: "self-test", line: line, body)
        }
        step("passes") { _ in }
        step("is pending") { _ in throw PendingStep("self-test pending step") }
        step("fails saying {text}") { context in
            throw StepFailure(.assertion, try context.argument(0, as: String.self), details: "self-test details")
        }
        step("sleeps {number} ms") { context in
            try await Task.sleep(for: .milliseconds(try context.argument(0, as: Int.self)))
        }
        step("fails with {number} KB of text") { context in
            let size = try context.argument(0, as: Int.self)
            throw StepFailure(.assertion, String(repeating: "x", count: size * 1024))
        }
        step("fails with unusual characters") { _ in
            throw StepFailure(
                .assertion, "bell \u{07} nul \u{00} esc \u{1B} ]]> <tag> & \"quotes\" emoji 🧾 \u{FFFE} end",
                details: "]]><![CDATA[ x ]]>")
        }
        step("fails on the first attempt") { context in
            if attempts.isFirst(context.location.description) {
                throw StepFailure(.assertion, "failing the first attempt on purpose")
            }
        }
    }
}

/// Remembers which step locations have run once (for the flaky self-test step).
private final class FirstAttempts: Sendable {
    private let seen = Mutex(Set<String>())
    func isFirst(_ key: String) -> Bool { seen.withLock { $0.insert(key).inserted } }
}

/// A worker's environment that sends the process a signal once it has stopped: the
/// workers stop after the last scenario has finished and before the report is written.
private struct SignallingEnvironment: WorkerEnvironment {
    let inner: any WorkerEnvironment
    let signal: Int32
    let sent: Sent

    final class Sent: Sendable {
        private let flag = Atomic(false)
        /// True the first time only.
        func claim() -> Bool { !flag.exchange(true, ordering: .acquiringAndReleasing) }
    }

    static func factory(wrapping inner: @escaping WorkerEnvironmentFactory, signal: Int32) -> WorkerEnvironmentFactory {
        let sent = Sent()
        return { settings in SignallingEnvironment(inner: try await inner(settings), signal: signal, sent: sent) }
    }

    func makeWorld() async throws -> any ScenarioWorld { try await inner.makeWorld() }
    func discard(_ world: any ScenarioWorld) async { await inner.discard(world) }
    func shutdown() async {
        await inner.shutdown()
        if sent.claim() { kill(getpid(), signal) }
    }
}

/// Matches `spec-run self-test: <command>`, where `{text}` takes the rest of the line
/// and `{number}` a whole number.
private struct SelfTestExpression: StepExpression {
    let command: String
    var source: String { SelfTest.prefix + command }

    func match(_ text: String) -> [ExpressionArgument]? {
        guard text.hasPrefix(SelfTest.prefix) else { return nil }
        let rest = Substring(text.dropFirst(SelfTest.prefix.count))
        let parts = command.components(separatedBy: "{")
        guard parts.count <= 2 else { return nil }
        if parts.count == 1 { return rest == command ? [] : nil }
        let head = parts[0]
        guard let close = parts[1].firstIndex(of: "}") else { return nil }
        let kind = String(parts[1][..<close])
        let tail = String(parts[1][parts[1].index(after: close)...])
        guard rest.hasPrefix(head), rest.hasSuffix(tail), rest.count >= head.count + tail.count else { return nil }
        let value = String(rest.dropFirst(head.count).dropLast(tail.count))
        let start = SelfTest.prefix.unicodeScalars.count + head.unicodeScalars.count
        switch kind {
        case "number":
            guard let number = Int(value) else { return nil }
            return [
                ExpressionArgument(text: value, start: start, parameterTypeName: "int", groups: [value]) { _ in number }
            ]
        default:
            return [
                ExpressionArgument(text: value, start: start, parameterTypeName: "string", groups: [value]) { _ in value
                }
            ]
        }
    }
}

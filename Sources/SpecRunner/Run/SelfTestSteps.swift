import CucumberExpressions
import Foundation
import Synchronization

/// Steps for testing the runner through the built binary, added only when the
/// environment has `SPEC_RUN_TEST_STEPS=1` and matched only by texts starting with
/// `spec-run self-test: `, so neither a QA spec nor a CI setting can use them by accident.
/// `SPEC_RUN_TEST_STEPS=environment-fails` also makes every worker's environment fail to
/// start (the run-cannot-start path). Other variables time a signal or slow planning
/// down (below). See docs/runner.md.
enum SelfTestSteps {
    static let variable = "SPEC_RUN_TEST_STEPS"
    static let prefix = "spec-run self-test: "

    /// With the steps enabled, `SPEC_RUN_TEST_SIGNAL_WHILE_STARTING=SIGINT` (or `SIGTERM`, `SIGHUP`)
    /// makes the run send itself that signal before its interrupt source exists, as a CI
    /// that cancels a job at once may: a test sees that it still ends in a report.
    static func signalBeforeListening(environment: [String: String]) {
        guard environment[variable] != nil, let name = environment["SPEC_RUN_TEST_SIGNAL_WHILE_STARTING"] else {
            return
        }
        kill(getpid(), ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP][name] ?? SIGINT)
    }

    /// With the steps enabled, `SPEC_RUN_TEST_SIGNAL_AFTER_RUN=SIGINT` (or `SIGTERM`)
    /// makes the run send itself that signal once the last scenario has finished, before
    /// its report is written: a test sees that the run still ends as interrupted.
    static func signalAfterTheScenarios(environment: [String: String]) {
        guard environment[variable] != nil, let name = environment["SPEC_RUN_TEST_SIGNAL_AFTER_RUN"] else { return }
        kill(getpid(), ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP][name] ?? SIGINT)
    }

    /// With the steps enabled, `SPEC_RUN_TEST_PLANNING_PAUSE_MS=N` makes planning pause
    /// N ms before each file, after writing `spec-run self-test: planning PATH` to
    /// stderr: a test can then interrupt a run while it plans.
    static func planningPause(
        environment: [String: String], write: @escaping @Sendable (String) -> Void
    ) -> (@Sendable (String) -> Void)? {
        guard environment[variable] != nil, let text = environment["SPEC_RUN_TEST_PLANNING_PAUSE_MS"],
            let milliseconds = UInt32(text)
        else { return nil }
        return { path in
            write("spec-run self-test: planning \(path)\n")
            usleep(milliseconds * 1000)
        }
    }

    /// Adds the steps when the variable asks for them.
    static func install(into registry: inout StepRegistry, environment: [String: String]) {
        guard let value = environment[variable], value == "1" || value == "environment-fails" else { return }
        let attempts = FirstAttempts()
        registry.step(expression: SelfTestExpression(command: "passes"), group: "self-test") { _ in }
        registry.step(expression: SelfTestExpression(command: "is pending"), group: "self-test") { _ in
            throw PendingStep("self-test pending step")
        }
        registry.step(expression: SelfTestExpression(command: "fails saying {text}"), group: "self-test") { context in
            throw StepFailure(.assertion, try context.argument(0, as: String.self), details: "self-test details")
        }
        registry.step(expression: SelfTestExpression(command: "sleeps {number} ms"), group: "self-test") { context in
            try await Task.sleep(for: .milliseconds(try context.argument(0, as: Int.self)))
        }
        registry.step(expression: SelfTestExpression(command: "fails with {number} KB of text"), group: "self-test") {
            context in
            let size = try context.argument(0, as: Int.self)
            throw StepFailure(.assertion, String(repeating: "x", count: size * 1024))
        }
        registry.step(expression: SelfTestExpression(command: "fails with unusual characters"), group: "self-test") {
            _ in
            throw StepFailure(
                .assertion, "bell \u{07} nul \u{00} esc \u{1B} ]]> <tag> & \"quotes\" emoji 🧾 \u{FFFE} end",
                details: "]]><![CDATA[ x ]]>")
        }
        registry.step(expression: SelfTestExpression(command: "fails on the first attempt"), group: "self-test") {
            context in
            if attempts.isFirst(context.location.description) {
                throw StepFailure(.assertion, "failing the first attempt on purpose")
            }
        }
        if value == "environment-fails" {
            registry.environmentFactory = { _ in
                throw StepFailure(.error, "self-test: the environment refuses to start")
            }
        }
    }
}

/// Remembers which step locations have run once (for the flaky self-test step).
private final class FirstAttempts: Sendable {
    private let seen = Mutex(Set<String>())
    func isFirst(_ key: String) -> Bool { seen.withLock { $0.insert(key).inserted } }
}

/// Matches `spec-run self-test: <command>`, where `{text}` takes the rest of the line
/// and `{number}` a whole number.
struct SelfTestExpression: StepExpression {
    let command: String
    var source: String { SelfTestSteps.prefix + command }

    func match(_ text: String) -> [ExpressionArgument]? {
        guard text.hasPrefix(SelfTestSteps.prefix) else { return nil }
        let rest = Substring(text.dropFirst(SelfTestSteps.prefix.count))
        let parts = command.components(separatedBy: "{")
        guard parts.count <= 2 else { return nil }
        if parts.count == 1 { return rest == command ? [] : nil }
        let head = parts[0]
        guard let close = parts[1].firstIndex(of: "}") else { return nil }
        let kind = String(parts[1][..<close])
        let tail = String(parts[1][parts[1].index(after: close)...])
        guard rest.hasPrefix(head), rest.hasSuffix(tail), rest.count >= head.count + tail.count else { return nil }
        let value = String(rest.dropFirst(head.count).dropLast(tail.count))
        let start = SelfTestSteps.prefix.unicodeScalars.count + head.unicodeScalars.count
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

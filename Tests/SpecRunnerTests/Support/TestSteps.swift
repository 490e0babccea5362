import Foundation
import SpecRunner
import Synchronization

/// A small step library for the runner's tests (the QA library is tested elsewhere).
enum TestSteps {
    /// A world that counts the steps run in it, to prove each scenario gets a fresh one.
    final class CountingWorld: ScenarioWorld {
        let steps = Mutex(0)
    }

    struct CountingEnvironment: WorkerEnvironment {
        func makeWorld() async throws -> any ScenarioWorld { CountingWorld() }
        func discard(_ world: any ScenarioWorld) async {}
        func shutdown() async {}
    }

    /// Remembers step locations across attempts, for the flaky step.
    final class Attempts: Sendable {
        private let seen = Mutex([String: Int]())
        func count(_ key: String) -> Int {
            seen.withLock {
                $0[key, default: 0] += 1
                return $0[key, default: 0]
            }
        }
    }

    static func registry(hooks: Bool = false) -> StepRegistry {
        var registry = StepRegistry()
        let attempts = Attempts()
        registry.environmentFactory = { _ in CountingEnvironment() }
        registry.step("a passing step") { context in
            let world = try context.world(as: CountingWorld.self)
            world.steps.withLock { $0 += 1 }
        }
        registry.step("a failing step") { _ in
            throw StepFailure(.assertion, "expected ¥300 but saw ¥250", details: "screen: cart\ntotal: ¥250")
        }
        registry.step("the system rejects it with {string}") { context in
            throw StepFailure(.rejected, "rejected: \(try context.argument(0, as: String.self))")
        }
        registry.step("a step that throws a plain error") { _ in
            throw CocoaError(.fileNoSuchFile)
        }
        registry.step("a pending step") { _ in throw PendingStep("not written yet") }
        registry.step("a step that sleeps {int} ms") { context in
            try await Task.sleep(for: .milliseconds(try context.argument(0, as: Int.self)))
        }
        registry.step("a step that blocks {int} ms") { context in
            // Ignores cancellation on purpose, like a step stuck in a system call.
            usleep(UInt32(try context.argument(0, as: Int.self)) * 1000)
        }
        registry.step("a step that sleeps {int} ms the first time") { context in
            if attempts.count(context.location.description) == 1 {
                try await Task.sleep(for: .milliseconds(try context.argument(0, as: Int.self)))
            }
        }
        registry.step("a step that fails the first {int} time(s)") { context in
            let failures = try context.argument(0, as: Int.self)
            if attempts.count(context.location.description) <= failures {
                throw StepFailure(.assertion, "failing on purpose")
            }
        }
        registry.step("this world has run {int} step(s)") { context in
            let expected = try context.argument(0, as: Int.self)
            let seen = try context.world(as: CountingWorld.self).steps.withLock { $0 }
            guard seen == expected else { throw StepFailure(.assertion, "expected \(expected) steps, saw \(seen)") }
        }
        registry.step("I add {int} {string} to the cart") { _ in }
        registry.step("I add {string} to the cart") { _ in }
        registry.step("I remove {string} from the cart") { _ in }
        registry.step("the total is {int} yen") { _ in }
        registry.step("the text is {string}") { context in
            throw StepFailure(.assertion, try context.argument(0, as: String.self))
        }
        registry.step("an ambiguous step") { _ in }
        registry.step(regex: "^an ambiguous (step|thing)$") { _ in }
        if hooks {
            registry.before(tags: "@broken-before") { _ in throw StepFailure(.error, "the before hook broke") }
            registry.after(tags: "@broken-after") { _ in throw StepFailure(.error, "the after hook broke") }
            // Hooks that hang ignoring cancellation, without holding a thread of the small
            // cooperative pool that every test in the process shares.
            registry.before(tags: "@hanging-before") { _ in await hangIgnoringCancellation(milliseconds: 20000) }
            registry.after(tags: "@hanging-after") { _ in await hangIgnoringCancellation(milliseconds: 20000) }
        }
        return registry
    }
}

/// Waits `milliseconds` whatever happens to the task: a continuation resumed by Dispatch.
private func hangIgnoringCancellation(milliseconds: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { continuation.resume() }
    }
}

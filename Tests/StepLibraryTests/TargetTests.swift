import Foundation
import SimulatorServer
import TestSupport
import Testing

@testable import SpecRunner
@testable import StepLibrary

/// `--target URL`: the same steps against a register the library did not start.
@Suite("Target URLs")
struct TargetTests {
    static let unusedLauncher: SimulatorLauncher = { _ in
        Issue.record("the launcher must not run when a target is given")
        return (url: "ws://127.0.0.1:9", stop: {})
    }

    @Test("a target URL is used instead of the launcher, trailing slash and all")
    func target() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let registry = QAStepLibrary.registry(simulatorLauncher: Self.unusedLauncher)
        let environment = try await registry.environmentFactory(
            WorkerSettings(workerIndex: 3, target: simulator.webSocketBase + "/", stepTimeout: .seconds(2)))
        let world = try await environment.makeWorld()
        #expect(world is QAWorld)
        await environment.discard(world)
        await environment.shutdown()
    }

    @Test("the simulator page's http:// address names the same server")
    func httpTarget() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        defer { simulator.stop() }
        let registry = QAStepLibrary.registry(simulatorLauncher: Self.unusedLauncher)
        let environment = try await registry.environmentFactory(
            WorkerSettings(workerIndex: 0, target: simulator.url, stepTimeout: .seconds(2)))
        let world = try await environment.makeWorld()
        await environment.discard(world)
        await environment.shutdown()
    }

    @Test("an unreachable target stops the run before it starts, saying why")
    func unreachable() async throws {
        let registry = QAStepLibrary.registry(simulatorLauncher: Self.unusedLauncher)
        await #expect {
            _ = try await registry.environmentFactory(
                WorkerSettings(workerIndex: 0, target: "ws://127.0.0.1:9", stepTimeout: .seconds(1)))
        } throws: { error in
            "\(error)"
                == "cannot reach the register at ws://127.0.0.1:9 (--target): nothing is listening there"
                + " (connection refused); is the register build running, on that port?"
        }
    }

    @Test("a target host name is resolved; one no resolver knows is named")
    func hostNames() async throws {
        let registry = QAStepLibrary.registry(simulatorLauncher: Self.unusedLauncher)
        await #expect {
            _ = try await registry.environmentFactory(
                WorkerSettings(
                    workerIndex: 0, target: "ws://spec-run-no-such-host.invalid:80", stepTimeout: .seconds(1)))
        } throws: { error in
            "\(error)".hasPrefix(
                "cannot reach the register at ws://spec-run-no-such-host.invalid:80 (--target): the host name is not known"
                    + " ('spec-run-no-such-host.invalid': ")
        }
        // The machine's own name resolves (to an address of its own); a closed port on it is
        // "nothing is listening", not an unknown host.
        let name = ProcessInfo.processInfo.hostName
        await #expect {
            _ = try await registry.environmentFactory(
                WorkerSettings(workerIndex: 0, target: "ws://\(name):9", stepTimeout: .seconds(1)))
        } throws: { error in
            "\(error)".contains("nothing is listening there") || "\(error)".contains("no answer from that host")
        }
    }

    @Test("a target that is not a ws:// URL is refused with the form to write")
    func notWebSocket() async throws {
        let registry = QAStepLibrary.registry(simulatorLauncher: Self.unusedLauncher)
        await #expect {
            _ = try await registry.environmentFactory(
                WorkerSettings(workerIndex: 0, target: "https://127.0.0.1:80", stepTimeout: .seconds(1)))
        } throws: { error in
            "\(error)".contains("ws://HOST:PORT")
        }
    }

    @Test("a target with an endpoint path is refused with the form to write")
    func withPath() async throws {
        let registry = QAStepLibrary.registry(simulatorLauncher: Self.unusedLauncher)
        await #expect {
            _ = try await registry.environmentFactory(
                WorkerSettings(workerIndex: 0, target: "ws://127.0.0.1:8080/register", stepTimeout: .seconds(1)))
        } throws: { error in
            "\(error)".contains("has a path")
        }
    }

    @Test("a simulator the launcher started is stopped at shutdown")
    func launcherStop() async throws {
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        let stopped = LockedFlag()
        let registry = QAStepLibrary.registry(simulatorLauncher: { worker in
            #expect(worker.workerIndex == 1)
            #expect(worker.workerCount == 2)
            return (
                url: simulator.webSocketBase,
                stop: {
                    simulator.stop()
                    stopped.set()
                }
            )
        })
        let environment = try await registry.environmentFactory(
            WorkerSettings(workerIndex: 1, workerCount: 2, target: nil, stepTimeout: .seconds(2)))
        #expect(!stopped.value)
        await environment.shutdown()
        #expect(stopped.value)
    }
}

/// A flag set from a `@Sendable` closure.
final class LockedFlag: Sendable {
    private let box = LockedBox(false)
    func set() { box.withLock { $0 = true } }
    var value: Bool { box.withLock { $0 } }
}

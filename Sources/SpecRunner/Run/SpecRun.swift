import Dispatch
import Foundation
import Gherkin

/// The run command: parses the command line, plans, runs, reports, and returns the exit
/// status (0 passed, 1 failed, 2 usage, 128 + the signal's number when interrupted).
public enum SpecRun {
    /// Entry point for the executable: blocks the calling thread until the run ends.
    /// `registry` is called only when a run starts, so `--help` and `--version` stay instant.
    /// Do not call it from Swift concurrency's pool (tests): use `run(arguments:registry:host:)`.
    public static func main(
        arguments: [String], registry: () -> StepRegistry, host: RunHost = .process()
    ) -> Int32 {
        switch prepare(arguments: arguments, registry: registry, host: host) {
        case .finished(let status): status
        case .ready(let ready): waitingForTask { await ready.run() }
        }
    }

    /// Runs `body` on a task of its own while the calling thread (never one of Swift
    /// concurrency's) waits for the exit status it returns.
    package static func waitingForTask(_ body: sending @escaping () async -> Int32) -> Int32 {
        let done = DispatchSemaphore(value: 0)
        let status = ResultSlots<Int32>(count: 1)
        Task {
            status.set(0, await body())
            done.signal()
        }
        done.wait()
        return status.values().first ?? 1
    }

    /// The same as `main`, for callers already in Swift concurrency.
    static func run(
        arguments: [String], registry: () -> StepRegistry, host: RunHost = .process()
    ) async -> Int32 {
        switch prepare(arguments: arguments, registry: registry, host: host) {
        case .finished(let status): status
        case .ready(let ready): await ready.run()
        }
    }

    /// A run that ends before its first scenario, reported with an empty plan: one that
    /// cannot start (too few file descriptors: `reason`), told without Swift concurrency or
    /// Dispatch, which need the descriptors missing; or one interrupted while it was
    /// prepared (`signal`), which ends with the signal's status.
    static func endedBeforeTheRun(
        options: RunOptions, reason: String = "", signal: String? = nil, host: RunHost, started: ContinuousClock.Instant
    ) -> Int32 {
        let end = RunEnd(
            duration: ContinuousClock.now - started, startFailure: signal == nil ? reason : nil,
            interruptSignal: signal, interruptedWhilePreparing: signal != nil)
        let reporters = Reporters(options: options, host: host)
        reporters.session.emit(
            .runStarted(
                RunStart(
                    plan: RunPlan(selection: options.effectivePaths), strict: options.strict, dryRun: options.dryRun,
                    date: host.now())))
        return reporters.conclude(end, interrupts: nil)
    }
}

extension SpecRun.Ready {
    /// Runs the plan with reporters attached, until the run ends or is interrupted.
    func run() async -> Int32 {
        let reporters = Reporters(options: options, host: host)
        let session = reporters.session

        for left in registry.undefinedParameterTypes {
            host.standardError(
                "warning: \(left.sourceLocation): step \"\(left.expression)\" is left out: parameter type "
                    + "{\(left.name)} is not defined, so the steps it would match are undefined\n")
        }
        let hooks =
            registry.registrationErrors.isEmpty
            ? Result { () throws(StartFailure) in try ScenarioHooks(registry.hooks) }
            : .failure(
                StartFailure("the step library has errors:\n" + registry.registrationErrors.joined(separator: "\n")))
        session.emit(
            .runStarted(
                RunStart(
                    plan: plan, strict: options.strict, dryRun: options.dryRun, date: host.now(), registry: registry)))

        var end = RunEnd(duration: .zero)
        if let signal = interrupts.signal {
            // Interrupted while the files were read: no scenario ran, and the report says so.
            end.interruptSignal = signal
            end.interruptedWhilePreparing = true
        } else if case .failure(let failure) = hooks {
            end.startFailure = failure.description
        } else if options.dryRun {
            for (position, scenario) in plan.scenarios.enumerated() {
                session.scenarioStarted(at: position, scenario)
                let result = ScenarioResult(
                    scenario: scenario, steps: ScenarioExecutor.dryRun(scenario), dryRun: true)
                session.scenarioFinished(at: position, result)
            }
        } else if case .success(let hooks) = hooks {
            end = await execute(hooks: hooks, session: session)
        }
        end.duration = ContinuousClock.now - started
        return reporters.conclude(end, interrupts: interrupts)
    }

    /// The `beforeAll` hooks, the scenarios (unless a `beforeAll` hook failed: the run
    /// then cannot start), and the `afterAll` hooks unless the run was interrupted.
    private func execute(hooks: ScenarioHooks, session: RunSession) async -> RunEnd {
        let limit = max(options.timeout * 5, .seconds(10))
        let beforeAll = await RunHook.run(registry.runHooks, phase: .beforeRun, limit: limit)
        var end = RunEnd(duration: .zero)
        if let failed = beforeAll.lazy.compactMap({ registry.runHooks[$0.hookID].failureLine($0) }).first {
            end.startFailure = failed
        } else if !plan.scenarios.isEmpty {
            let scenarioExecutor = ScenarioExecutor(
                definitions: registry.definitions, hooks: hooks, timeout: options.timeout,
                keepsAttachments: options.outputs.contains { $0.format.showsAttachments })
            let executor = RunExecutor(
                executor: scenarioExecutor, factory: registry.environmentFactory, options: options)
            end = await execute(executor, session: session)
        }
        end.beforeAll = beforeAll
        if !end.wasInterrupted, interrupts.signal == nil {
            end.afterAll = await RunHook.run(registry.runHooks, phase: .afterRun, limit: limit)
        }
        end.afterAllFailure = end.afterAll.lazy.compactMap { registry.runHooks[$0.hookID].failureLine($0) }.first
        return end
    }

    /// Runs the scenarios until they finish or an interrupt arrives; on interrupt the
    /// scenarios still running are reported as interrupted without waiting for them.
    private func execute(_ executor: RunExecutor, session: RunSession) async -> RunEnd {
        // The end of the scenarios, or of an interrupt (its `interruptSignal`), whichever comes first.
        let gate = OneShotGate<RunEnd>()
        let scenarios = plan.scenarios
        let queue = WorkQueue(count: scenarios.count)
        // The queue stops on the interrupt's own thread: runners that never wait (a fast
        // simulator) can hold every thread of the pool, and this task would get one only
        // once they run out of scenarios. The gate first: the end of a stopped queue is
        // the interrupt's, never a `--fail-fast` one.
        interrupts.onInterrupt { name in
            gate.resume(RunEnd(duration: .zero, interruptSignal: name))
            queue.stop()
        }
        let work = Task {
            do throws(StartFailure) {
                let (notRun, reason) = try await executor.run(scenarios, queue: queue, session: session)
                gate.resume(RunEnd(duration: .zero, notRun: notRun, notRunReason: reason))
            } catch {
                gate.resume(RunEnd(duration: .zero, startFailure: error.description))
            }
        }
        let ended = await gate.wait()
        guard let name = ended.interruptSignal else { return ended }
        // Close first: cancelling makes running steps finish as "cancelled", and those
        // must not reach the report as failures; they are the interrupted ones.
        let running = session.close()
        work.cancel()
        let environments = session.environments()
        _ = await Watchdog().run(.seconds(2)) {
            await withTaskGroup(of: Void.self) { group in
                for environment in environments { group.addTask { await environment.shutdown() } }
            }
        }
        return RunEnd(duration: .zero, interrupted: running, interruptSignal: name)
    }
}

/// The console, the JUnit report and the other `--format` outputs, on one session.
private struct Reporters {
    let options: RunOptions
    let host: RunHost
    /// The console on standard output; while another format writes there, the input's
    /// problems on standard error.
    let console: ConsoleReporter
    /// The JUnit report, whose run also gives the exit status (`tally`).
    let junit: ReportedRunReporter
    /// The `--format` outputs but the console and JUnit, each with where it goes.
    let documents: [(request: OutputRequest, reporter: ReportedRunReporter)]
    let session: RunSession

    init(options: RunOptions, host: RunHost) {
        self.options = options
        self.host = host
        let format = options.format ?? (host.isTerminal ? .pretty : .progress)
        console =
            options.consoleOnStandardOutput
            ? ConsoleReporter(
                format: format, style: .detect(isTerminal: host.isTerminal, environment: host.environment),
                write: { try? host.standardOutput($0) })
            // A report has standard output: the input's problems still reach people.
            : ConsoleReporter(
                format: format, style: TerminalStyle(colored: false), inputProblemsOnly: true,
                write: host.standardError)
        junit = .junit(hostname: host.hostname, currentDirectory: host.currentDirectory)
        documents = options.outputs.map { request in (request, Self.reporter(for: request.format, host: host)) }
        session = RunSession(reporters: [console, junit] + documents.map(\.reporter))
    }

    /// The reporter of a `--format` (`--format junit` is the `--junit` report, made above).
    private static func reporter(for format: OutputRequest.Format, host: RunHost) -> ReportedRunReporter {
        switch format {
        case .pretty, .progress, .summary: ReportedRunReporter.console(format.console ?? .pretty)
        case .rerun: ReportedRunReporter.rerun()
        case .html: ReportedRunReporter.html()
        case .junit: ReportedRunReporter.junit(hostname: host.hostname, currentDirectory: host.currentDirectory)
        case .message: ReportedRunReporter.message()
        }
    }

    /// Ends the run: the reports first, then the console's ending (so that with `--junit
    /// /dev/stdout` the verdict is still the log's last line); returns the exit status. A
    /// signal that arrives after the last scenario, or while the reports are written, still
    /// ends the run as interrupted: the files are written (again) saying so.
    func conclude(_ end: RunEnd, interrupts: InterruptSource?) -> Int32 {
        var end = end
        if end.interruptSignal == nil, let signal = interrupts?.signal { end.interruptSignal = signal }
        console.endProgressLine(end)
        var failures = writeFiles(end)
        if end.interruptSignal == nil, let signal = interrupts?.signal {
            end.interruptSignal = signal
            failures = writeFiles(end)
        }
        // A report that could not be written fails the run: the others are written again
        // saying so, so that none of them reads green.
        if !failures.isEmpty {
            end.unwrittenReports = failures
            failures = writeFiles(end)
        }
        // A format on standard output goes once, after the files: what was printed stays.
        for (request, reporter) in documents where request.path == nil {
            var failure: ReportFile.WriteError?
            reporter.render(ending: end) { bytes in
                guard failure == nil else { return }
                do throws(ReportFile.WriteError) {
                    try host.standardOutput(String(decoding: bytes, as: UTF8.self))
                } catch { failure = error }
            }
            if let failure { failures.append("\(request.format.documentName) was not written: \(failure)") }
        }
        end.unwrittenReports = failures
        if let failure = end.afterAllFailure { failures.insert(failure, at: 0) }
        var status = end.interruptSignal.map(InterruptSource.exitStatus(for:)) ?? junit.tally(ending: end).exitStatus
        for failure in failures {
            host.standardError("spec-run: error: \(failure)\n")
            if status == 0 { status = 1 }
        }
        console.handle(.runFinished(end))
        host.exitProcess?(status)
        return status
    }

    /// Writes the JUnit report where `--junit` says, if anywhere, and every other file
    /// `--format` names; why any could not be written.
    private func writeFiles(_ end: RunEnd) -> [String] {
        var files: [(String, OutputRequest.Format, ReportedRunReporter)] = []
        if let path = options.junitPath { files.append((path, .junit, junit)) }
        files += documents.compactMap { request, reporter in request.path.map { ($0, request.format, reporter) } }
        return files.compactMap { path, format, reporter in
            do {
                try ReportFile.write(
                    to: host.absolute(path), bytes: { write in reporter.render(ending: end, into: write) })
                return nil
            } catch {
                return "\(format.documentName) was not written: \(error)"
            }
        }
    }
}

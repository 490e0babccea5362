import Dispatch
import Foundation
import Gherkin

/// The run command: parses the command line, plans, runs, reports, and returns the exit
/// status (0 passed, 1 failed, 2 usage, 130 interrupted by SIGINT, 143 by SIGTERM).
public enum SpecRun {
    /// Entry point for the executable: blocks the calling thread until the run ends.
    /// `registry` is called only when a run starts, so `--help` and `--version` stay instant.
    /// Do not call it from Swift concurrency's pool (tests): use `run(arguments:registry:host:)`.
    public static func main(
        arguments: [String], registry: () -> StepRegistry, host: RunHost = .process()
    ) -> Int32 {
        guard let prepared = prepare(arguments: arguments, registry: registry, host: host) else { return 0 }
        switch prepared {
        case .finished(let status):
            return status
        case .cannotStart(let options, let reason, let started):
            return cannotStart(options: options, reason: reason, host: host, started: started)
        case .ready(let options, let plan, let stepRegistry, let started, let interrupts):
            let semaphore = DispatchSemaphore(value: 0)
            let status = ResultSlots<Int32>(count: 1)
            Task {
                status.set(
                    0,
                    await run(
                        options: options, plan: plan, registry: stepRegistry, host: host, started: started,
                        interrupts: interrupts))
                semaphore.signal()
            }
            semaphore.wait()
            return status.values().first ?? 1
        }
    }

    /// The same as `main`, for callers already in Swift concurrency.
    public static func run(
        arguments: [String], registry: () -> StepRegistry, host: RunHost = .process()
    ) async -> Int32 {
        guard let prepared = prepare(arguments: arguments, registry: registry, host: host) else { return 0 }
        switch prepared {
        case .finished(let status):
            return status
        case .cannotStart(let options, let reason, let started):
            return cannotStart(options: options, reason: reason, host: host, started: started)
        case .ready(let options, let plan, let stepRegistry, let started, let interrupts):
            return await run(
                options: options, plan: plan, registry: stepRegistry, host: host, started: started,
                interrupts: interrupts)
        }
    }

    private enum Prepared {
        case finished(Int32)
        /// The run cannot start, for `reason`, before any file is read: a report says so.
        case cannotStart(RunOptions, reason: String, started: ContinuousClock.Instant)
        case ready(RunOptions, RunPlan, StepRegistry, started: ContinuousClock.Instant, interrupts: InterruptSource)
    }

    /// Parses the command line, finds, reads and plans the files: everything before the
    /// run. The documents are dropped here; the plan keeps only what the run needs.
    private static func prepare(arguments: [String], registry: () -> StepRegistry, host: RunHost) -> Prepared? {
        let started = ContinuousClock.now
        var options: RunOptions
        do {
            switch try RunCommandLine.parse(arguments) {
            case .help:
                host.standardOutput(Usage.help + "\n")
                return nil
            case .version:
                host.standardOutput(Usage.version + "\n")
                return nil
            case .run(let parsed):
                options = parsed
            }
        } catch {
            host.standardError("spec-run: error: \(error.message)\n\(Usage.synopsis)\n")
            return usageError(reportPath: StaleReport.path(in: arguments), host: host)
        }
        // The report must be writable before the run spends its time, and an earlier run's
        // report must not stand in for this one's if this one is cut short (StaleReport).
        if let path = options.junitPath {
            let absolute = path.hasPrefix("/") ? path : host.currentDirectory + "/" + path
            if let problem = ReportFile.problem(writing: absolute) {
                host.standardError("spec-run: error: the JUnit report cannot be written to \(path): \(problem)\n")
                return .finished(2)
            }
        }
        let (workers, workerWarning) = WorkerCap.workers(
            options.jobs, cores: ProcessInfo.processInfo.activeProcessorCount, builtIn: options.targets.isEmpty)
        options.jobs = workers
        // Too few descriptors and Dispatch stops the process at its first use, unexplained.
        if let shortfall = OpenFileLimit.shortfall(
            workers: options.dryRun ? 0 : options.jobs, current: OpenFileLimit.current)
        {
            return .cannotStart(options, reason: shortfall, started: started)
        }
        // From here on an interrupt must still leave a report: listen before reading files.
        // (The run command catches the signals from its first moment; one that came
        // before this is delivered to the source.)
        SelfTestSteps.signalBeforeListening(environment: host.environment)
        let interrupts = host.makeInterrupts()
        let files: [FeatureFinder.Selection]
        let misnamed: [String]
        let finder = FeatureFinder(currentDirectory: host.currentDirectory)
        do {
            (files, misnamed) = try finder.search(options.effectivePaths)
        } catch {
            // Without a path, say which folder was looked for and why that one.
            let hint = options.paths.isEmpty ? " (the folder read when no path is given)" : ""
            host.standardError("spec-run: error: \(error.message)\(hint)\n")
            return usageError(reportPath: options.junitPath, host: host)
        }
        guard !files.isEmpty else {
            let searched = options.effectivePaths.map(\.path).joined(separator: ", ")
            let hint = misnamed.isEmpty ? "" : " (\(Self.misnamedNote(misnamed)))"
            host.standardError("spec-run: error: no feature files (*.feature) found in \(searched)\(hint)\n")
            return usageError(reportPath: options.junitPath, host: host)
        }
        var stepRegistry = registry()
        SelfTestSteps.install(into: &stepRegistry, environment: host.environment)
        let planner = RunPlanner(registry: stepRegistry, options: options)
        var plan = planner.plan(load(files, finder: finder, planner: planner, parse: host.parse))
        if !misnamed.isEmpty { plan.selectionWarnings.insert(Self.misnamedNote(misnamed), at: 0) }
        if let workerWarning, !options.dryRun { plan.selectionWarnings.insert(workerWarning, at: 0) }
        // `cart.feature:470` after the file got shorter: the run would be green with nothing
        // run. A line that selects nothing is a warning while others select something; when
        // it leaves the run empty, it is a usage error.
        if plan.scenarios.isEmpty {
            let unmatched = plan.suites.flatMap { suite in
                suite.unmatchedLines.map { "\(suite.path):\($0.line) \($0.reason)" }
            }
            if !unmatched.isEmpty {
                host.standardError("spec-run: error: nothing to run: \(unmatched.joined(separator: "; "))\n")
                return usageError(reportPath: options.junitPath, host: host)
            }
        }
        // The run starts: a report an earlier run left goes now, so a run cut short before
        // it writes its own (SIGKILL, a crash) leaves none rather than that one.
        _ = StaleReport.remove(options.junitPath, in: host.currentDirectory)
        return .ready(options, plan, stepRegistry, started: started, interrupts: interrupts)
    }

    /// Exit 2, writing no report and removing the one an earlier run left at the path
    /// (`StaleReport`).
    private static func usageError(reportPath: String?, host: RunHost) -> Prepared {
        if let note = StaleReport.remove(reportPath, in: host.currentDirectory) { host.standardError(note) }
        return .finished(2)
    }

    /// `features/b.feature.txt is not read: feature files end in '.feature'` (for each).
    private static func misnamedNote(_ paths: [String]) -> String {
        let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
        return "\(shown) \(paths.count == 1 ? "is" : "are") not read: feature files end in '.feature', in lower case"
    }

    /// Reads, parses and plans the files on all cores, keeping their order; each file's
    /// document is dropped once its scenarios are planned (the peak memory of a big run).
    static func load(
        _ files: [FeatureFinder.Selection], finder: FeatureFinder, planner: RunPlanner,
        parse: @Sendable ([UInt8], String) -> ParsedFeatureFile
    ) -> [PlannedFile] {
        ResultSlots.map(count: files.count) { index in
            let file = files[index]
            let parsed = finder.read(file.path).map { parse($0, file.path) }
            return planner.planFile(LoadedFeature(path: file.path, lines: file.lines, parsed: parsed), index: index)
        }
    }

    /// Runs the plan with reporters attached, until the run ends or is interrupted;
    /// `started` is when the command started (the summary's time includes parsing).
    static func run(
        options: RunOptions, plan: RunPlan, registry: StepRegistry, host: RunHost, started: ContinuousClock.Instant,
        interrupts: InterruptSource
    ) async -> Int32 {
        let reporters = Reporters(options: options, host: host)
        let session = reporters.session

        var startFailure: String?
        var hooks: ScenarioHooks?
        if !registry.registrationErrors.isEmpty {
            startFailure = "the step library has errors:\n" + registry.registrationErrors.joined(separator: "\n")
        } else {
            do { hooks = try ScenarioHooks(registry.hooks) } catch { startFailure = error.description }
        }
        session.emit(
            .runStarted(RunStart(plan: plan, strict: options.strict, dryRun: options.dryRun, date: host.now())))

        var end = RunEnd(duration: .zero)
        if let signal = interrupts.pendingSignal {
            // Interrupted while the files were read: no scenario ran, and the report says so.
            end.startFailure = "interrupted by \(signal) before any scenario ran"
            end.interruptSignal = signal
        } else if let startFailure {
            end.startFailure = startFailure
        } else if options.dryRun {
            for (position, scenario) in plan.scenarios.enumerated() {
                session.scenarioStarted(at: position, scenario)
                let result = ScenarioResult(
                    scenario: scenario, steps: ScenarioExecutor.dryRun(scenario), dryRun: true)
                session.scenarioFinished(at: position, result)
            }
            end.interruptSignal = interrupts.pendingSignal
        } else if let hooks, !plan.scenarios.isEmpty {
            let executor = RunExecutor(
                executor: ScenarioExecutor(definitions: registry.definitions, hooks: hooks, timeout: options.timeout),
                factory: registry.environmentFactory,
                settings: .init(
                    jobs: options.jobs, retry: options.retry, failFast: options.failFast, strict: options.strict,
                    targets: options.targets))
            end = await execute(executor, plan: plan, session: session, interrupts: interrupts)
        }
        end.duration = ContinuousClock.now - started
        return conclude(end, reporters: reporters, options: options, host: host)
    }

    /// The console, the JUnit report and the tally, on one session.
    private struct Reporters {
        let console: ConsoleReporter
        let junit: JUnitReporter
        let tally: TallyReporter
        let session: RunSession

        init(options: RunOptions, host: RunHost) {
            let format = options.format ?? (host.isTerminal ? .pretty : .progress)
            console = ConsoleReporter(
                format: format, style: .detect(isTerminal: host.isTerminal, environment: host.environment),
                write: host.standardOutput)
            junit = JUnitReporter(hostname: host.hostname, currentDirectory: host.currentDirectory)
            tally = TallyReporter(strict: options.strict)
            session = RunSession(reporters: [console, junit, tally])
        }
    }

    /// A run that cannot start before any file is read (too few file descriptors): the
    /// report and the console say why, exit 1 (runner.md), without Swift concurrency or
    /// Dispatch, which need the descriptors that are missing.
    private static func cannotStart(
        options: RunOptions, reason: String, host: RunHost, started: ContinuousClock.Instant
    ) -> Int32 {
        let reporters = Reporters(options: options, host: host)
        reporters.session.emit(
            .runStarted(RunStart(plan: RunPlan(), strict: options.strict, dryRun: options.dryRun, date: host.now())))
        let end = RunEnd(duration: ContinuousClock.now - started, startFailure: reason)
        return conclude(end, reporters: reporters, options: options, host: host)
    }

    /// Ends the run: the report first, then the console's ending (a report sent to the
    /// console's own stdout, `--junit /dev/stdout`, then leaves the verdict as the log's
    /// last line); returns the exit status.
    private static func conclude(_ end: RunEnd, reporters: Reporters, options: RunOptions, host: RunHost) -> Int32 {
        reporters.session.emit(.runFinished(end), skipping: reporters.console)
        reporters.console.endProgressLine(end)
        // 130 for Ctrl-C (runner.md); SIGTERM, what CI sends a job it cancels or times
        // out, is 143 as shells report it (128 + 15), and SIGHUP 129.
        var status = end.interruptSignal.map(ProcessSignals.exitStatus(for:)) ?? reporters.tally.exitStatus
        if let path = options.junitPath {
            let absolute = path.hasPrefix("/") ? path : host.currentDirectory + "/" + path
            do { try ReportFile.write(to: absolute) { reporters.junit.document().render(into: $0) } } catch {
                host.standardError("spec-run: error: the JUnit report was not written: \(error)\n")
                if status == 0 { status = 1 }
            }
        }
        reporters.console.handle(.runFinished(end))
        host.exitProcess?(status)
        return status
    }

    private enum Ending: Sendable {
        case completed(notRun: [PlannedScenario], reason: NotRunReason)
        case startFailed(StartFailure)
        case interrupted(String)
    }

    /// Runs the scenarios until they finish or an interrupt arrives; on interrupt the
    /// scenarios still running are reported as interrupted without waiting for them.
    private static func execute(
        _ executor: RunExecutor, plan: RunPlan, session: RunSession, interrupts: InterruptSource
    ) async -> RunEnd {
        let gate = OneShotGate<Ending>()
        interrupts.onInterrupt { name in gate.resume(.interrupted(name)) }
        let work = Task {
            do throws(StartFailure) {
                let (notRun, reason) = try await executor.run(plan.scenarios, session: session)
                gate.resume(.completed(notRun: notRun, reason: reason))
            } catch {
                gate.resume(.startFailed(error))
            }
        }
        let ending = await gate.wait()
        switch ending {
        case .completed(let notRun, let reason):
            var end = RunEnd(duration: .zero, notRun: notRun)
            end.notRunReason = reason
            return end
        case .startFailed(let failure):
            return RunEnd(duration: .zero, startFailure: failure.description)
        case .interrupted(let name):
            // Close first: cancelling makes running steps finish as "cancelled", and those
            // must not reach the report as failures; they are the interrupted ones.
            let running = session.close()
            work.cancel()
            let environments = session.environments()
            _ = await runWithTimeLimit(.seconds(2)) {
                await withTaskGroup(of: Void.self) { group in
                    for environment in environments { group.addTask { await environment.shutdown() } }
                }
            }
            return RunEnd(duration: .zero, interrupted: running, interruptSignal: name)
        }
    }
}

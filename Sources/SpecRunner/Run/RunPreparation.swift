import Dispatch
import Foundation
import Gherkin
import Synchronization

/// Everything before the scenarios run: the command line, the report path, the files and
/// the plan. An interrupt is honoured throughout: planning checks for one between files
/// and between scenarios, and in the process a signal ends the run at once, whatever
/// the preparation is doing, with a report that says it was interrupted.
extension SpecRun {
    enum Prepared {
        /// Ended before the run (`--help`, a usage error, a run that cannot start): the exit status.
        case finished(Int32)
        case ready(Ready)
    }

    /// A run ready to start: what it was asked, its plan and step library, when the
    /// command started (the summary's time includes parsing), its interrupts and host.
    struct Ready {
        var options: RunOptions
        var plan: RunPlan
        var registry: StepRegistry
        var started: ContinuousClock.Instant
        var interrupts: InterruptSource
        var host: RunHost
    }

    /// Parses the command line, checks the report path and removes an earlier run's
    /// report, then finds, reads and plans the files.
    static func prepare(arguments: [String], registry: () -> StepRegistry, host: RunHost) -> Prepared {
        let started = ContinuousClock.now
        // A command line that cannot be right still removes the reports it names.
        func refuse(_ problem: String) -> Prepared {
            host.standardError("spec-run: error: \(problem)\n\(Usage.synopsis)\n")
            return usageError(removed: ReportPath.removeAll(named: arguments, host: host), host: host)
        }
        let parsed: RunCommandLine
        do { parsed = try RunCommandLine.parse(arguments) } catch { return refuse(error.message) }
        guard case .run(var options) = parsed else {
            try? host.standardOutput((parsed == .help ? Usage.help : Usage.version) + "\n")
            return .finished(0)
        }
        // A report path that cannot be right is refused before anything else happens to
        // it; then the report an earlier run left there goes, so that a run cut short
        // from here on (SIGKILL, a crash) never leaves that report behind (`ReportPath`).
        if let problem = readPathLists(into: &options, host: host) { return refuse(problem) }
        if let problem = ReportPath.sharedFile(options, host: host) { return refuse(problem) }
        var removed: String?
        for (path, format) in options.files {
            let absolute = host.absolute(path)
            if let problem = ReportPath.problem(path, absolute: absolute, format: format, removing: &removed) {
                // The default report's place was not chosen: say how to choose one.
                let choice =
                    format == .junit && options.junitPath == RunOptions().junitPath
                    ? " (--junit FILE writes it elsewhere, --junit - writes none)" : ""
                host.standardError(
                    "spec-run: error: \(format.documentName) cannot be written to \(path): \(problem)\(choice)\n")
                // The earlier reports at the other paths go too, as at any usage error.
                let notes = (removed ?? "") + (ReportPath.removeAll(named: arguments, host: host) ?? "")
                return usageError(removed: notes.isEmpty ? nil : notes, host: host)
            }
        }
        let workerWarning: String?
        (options.jobs, workerWarning) = WorkerCap.workers(
            options.jobs, cores: ProcessInfo.processInfo.activeProcessorCount, builtIn: options.targets.isEmpty)
        // Too few descriptors and Dispatch stops the process at its first use, unexplained.
        if let shortfall = OpenFileLimit.shortfall(workers: options.dryRun ? 0 : options.jobs) {
            return .finished(endedBeforeTheRun(options: options, reason: shortfall, host: host, started: started))
        }
        // From here on an interrupt must still leave a report (one that came before is
        // delivered to the source).
        let interrupts = host.makeInterrupts()
        let preparing = Preparing()
        if host.exitProcess != nil {
            // The process: reading a folder or planning a big file is not waited for.
            interrupts.onInterrupt { [options] name in
                guard preparing.claim() else { return }
                _ = endedBeforeTheRun(options: options, signal: name, host: host, started: started)
            }
        }
        let planned = plan(
            options, registry: registry, host: host, interrupts: interrupts, workerWarning: workerWarning)
        // An interrupt ending the process meanwhile writes the report, then exits.
        if !preparing.claim() { while true { sleep(60) } }
        switch planned {
        case .failure(let error):
            host.standardError(error.message)
            return usageError(removed: removed, host: host)
        case .success(let (planned, stepRegistry)):
            var plan = planned
            plan.selection = options.effectivePaths
            return .ready(
                Ready(
                    options: options, plan: plan, registry: stepRegistry, started: started, interrupts: interrupts,
                    host: host))
        }
    }

    /// Finds, reads and plans the files: the plan (empty when an interrupt came while it
    /// was made) and its steps, or a usage error's text for stderr.
    private static func plan(
        _ options: RunOptions, registry: () -> StepRegistry, host: RunHost, interrupts: InterruptSource,
        workerWarning: String?
    ) -> Result<(RunPlan, StepRegistry), UsageError> {
        let files: [FeatureFinder.Selection]
        let misnamed: [String]
        let finder = FeatureFinder(currentDirectory: host.currentDirectory)
        // `@FILE` listing nothing (the rerun file of a green run): nothing to run, and green.
        if options.effectivePaths.isEmpty { return .success((RunPlan(), registry())) }
        do { (files, misnamed) = try finder.search(options.effectivePaths) } catch {
            // Without a path, say which folder was looked for and why that one.
            let hint = options.paths.isEmpty ? " (the folder read when no path is given)" : ""
            return .failure(UsageError("spec-run: error: \(error.message)\(hint)\n"))
        }
        guard !files.isEmpty else {
            let searched = options.effectivePaths.map(\.path).joined(separator: ", ")
            let hint = misnamed.isEmpty ? "" : " (\(Self.misnamedNote(misnamed)))"
            return .failure(UsageError("spec-run: error: no feature files (*.feature) found in \(searched)\(hint)\n"))
        }
        let stepRegistry = registry()
        var planner = RunPlanner(registry: stepRegistry, options: options)
        planner.isInterrupted = { interrupts.isInterrupted }
        // Read, parsed and planned on all cores, in order; each file's document is dropped
        // once its scenarios are planned (the peak memory of a big run). Once interrupted,
        // the files left are not read.
        let loaded = ResultSlots.map(count: files.count) { [planner] index in
            let file = files[index]
            guard !interrupts.isInterrupted else { return RunPlanner.refused(file.path, index: index, errors: []) }
            let bytes = finder.read(file.path)
            let parsed = bytes.map { host.parse($0, file.path) }
            var planned = planner.planFile(file, read: parsed, index: index)
            // The message format writes each file's source, document and pickles.
            if options.keepsSources, case .success(let source) = bytes, case .success(let file) = parsed {
                planned.suite.source = source
                planned.suite.sourceIDs = file.idsDrawn
            }
            return planned
        }
        var plan = planner.plan(loaded)
        // A plan cut short is no plan: the run reports the interrupt, nothing else.
        if interrupts.isInterrupted { return .success((RunPlan(), stepRegistry)) }
        if !misnamed.isEmpty { plan.selectionWarnings.insert(Self.misnamedNote(misnamed), at: 0) }
        // Only when the cap leaves scenarios waiting: a run of few scenarios starts no more workers than them.
        if let workerWarning, !options.dryRun, plan.scenarios.count > options.jobs {
            plan.selectionWarnings.insert(workerWarning, at: 0)
        }
        // A line that selects nothing (`cart.feature:470` after the file got shorter) is a
        // warning while others select something; when it leaves the run empty, an error.
        let unmatched = plan.suites.flatMap { suite in
            suite.unmatchedLines.map { "\(suite.path):\($0.line) \($0.reason)" }
        }
        if plan.scenarios.isEmpty, !unmatched.isEmpty {
            return .failure(UsageError("spec-run: error: nothing to run: \(unmatched.joined(separator: "; "))\n"))
        }
        return .success((plan, stepRegistry))
    }

    /// Adds the paths each `@FILE` lists (`RerunFile.paths`); why one cannot be read.
    private static func readPathLists(into options: inout RunOptions, host: RunHost) -> String? {
        for list in options.pathLists {
            let absolute = host.absolute(list)
            // Missing, it is read as the path it looks like, which the search reports in
            // its place (a tag left out of --tags' quotes: `--tags @smoke and @fast`).
            guard access(absolute, F_OK) == 0 else {
                options.paths.append(FeaturePath(path: "@" + list, lines: []))
                continue
            }
            guard let data = FileManager.default.contents(atPath: absolute) else {
                return "@\(list): cannot read the list of paths: \(FeatureFinder.whyUnreadable(absolute))"
            }
            do {
                options.paths += try RerunFile.paths(in: String(decoding: data, as: UTF8.self)) {
                    access(host.absolute($0), F_OK) == 0
                }
            } catch {
                return "@\(list): \(error.message)"
            }
        }
        return nil
    }

    /// Exit 2, writing no report; says so when an earlier run's report was removed.
    private static func usageError(removed: String?, host: RunHost) -> Prepared {
        if let removed { host.standardError(removed) }
        return .finished(2)
    }

    /// `features/b.feature.txt is not read: feature files end in '.feature'` (for each).
    private static func misnamedNote(_ paths: [String]) -> String {
        let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
        return "\(shown) \(paths.count == 1 ? "is" : "are") not read: feature files end in '.feature', in lower case"
    }
}

/// Who ends a run that is still being prepared: the preparation, which hands over to
/// the run, or an interrupt, which ends the process with its report. Whichever comes
/// second gives way; a preparation that finds the interrupt first waits for the end.
final class Preparing: Sendable {
    private let claimed = Atomic(false)

    /// Whether the caller ends the run: false when the other came first.
    func claim() -> Bool {
        claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}

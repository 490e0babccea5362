import Foundation

extension ReportedRunReporter {
    /// `--format rerun`: the scenarios that failed or that an interrupt cut short (the
    /// console's "Failing scenarios"), and those an interrupt, a run that could not start or
    /// a lost register left unrun, as `PATH:LINE[:LINE…]`, one file a line in file order,
    /// which `spec-run @FILE` runs again: none of them passed. A file that did not parse is
    /// listed without lines (it fails again until it is mended); a run that ended before it
    /// planned lists the paths it was given. Those `--fail-fast` left unrun are not.
    static func rerun() -> ReportedRunReporter {
        ReportedRunReporter { run, end, write in
            let strict = run.started.strict
            var order = run.started.plan.parseFailures.map(\.path)
            var lines: [String: [Int]] = [:]
            var listed: [(id: Int, location: SourceLine)] = []
            var reached: Set<Int> = []
            for scenario in run.scenarios(ending: end) {
                reached.insert(scenario.scenario.id)
                switch scenario {
                case .finished(let result) where result.verdict(strict: strict) == .failed: break
                case .interrupted: break
                default: continue
                }
                listed.append((scenario.scenario.id, scenario.scenario.location))
            }
            let plan = run.started.plan
            if end.wasInterrupted || end.startFailure != nil {
                listed += plan.scenarios.filter { !reached.contains($0.id) }.map { ($0.id, $0.location) }
                if plan.scenarios.isEmpty, listed.isEmpty {
                    write(
                        plan.selection.map { ([$0.path] + $0.lines.map(String.init)).joined(separator: ":") + "\n" }
                            .joined())
                    return
                }
            }
            // Those a lost register left unrun did not pass either (`--fail-fast`'s follow a failure).
            if end.notRunReason != .failFast {
                listed += end.notRun.map { ($0.id, $0.location) }
            }
            for (_, location) in listed.sorted(by: { $0.id < $1.id }) {
                if lines[location.uri] == nil, !order.contains(location.uri) { order.append(location.uri) }
                lines[location.uri, default: []].append(location.line)
            }
            write(order.map { ([$0] + (lines[$0] ?? []).map(String.init)).joined(separator: ":") + "\n" }.joined())
        }
    }
}

/// The rerun file, as `ReportedRunReporter.rerun` writes it.
enum RerunFile {
    /// The paths a list names, as `@FILE` reads it: each line is one path when the whole
    /// line names one that `exists` (the rerun file's `features/my flows/a.feature:4`), else
    /// the paths its white space separates (`a.feature b.feature`, written by hand). Each
    /// is `listed`.
    static func paths(in text: String, exists: (String) -> Bool) throws(UsageError) -> [FeaturePath] {
        var paths: [FeaturePath] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let whole = line.trimmingCharacters(in: .whitespaces)
            if whole.contains(where: \.isWhitespace), let path = try? FeaturePath(parsing: whole), exists(path.path) {
                paths.append(path)
                continue
            }
            for entry in line.split(whereSeparator: \.isWhitespace) {
                paths.append(try FeaturePath(parsing: String(entry)))
            }
        }
        for index in paths.indices { paths[index].listed = true }
        return paths
    }

    /// Whether `bytes` read as an earlier rerun file: lines of `PATH[:LINE…]`, or empty
    /// lines. A line with white space is one only when it names a `.feature` file in a
    /// folder, as a run's paths are (`features/my flows/a.feature`), not prose.
    static func looksLikeRerun(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).allSatisfy { line in
            guard !line.hasPrefix("<"), !line.hasPrefix("{"), !line.hasPrefix("#") else { return false }
            // Each line a feature file, with the lines of its scenarios (`.gitignore`'s `build/` is none).
            guard let path = try? FeaturePath(parsing: String(line)).path, path.hasSuffix(".feature") else {
                return false
            }
            return !line.contains(where: \.isWhitespace) || path.contains("/")
        }
    }
}

extension ReportedRunReporter {
    /// `--format rerun`: the scenarios that failed, as `PATH:LINE[:LINE…]`, one file a line
    /// in file order, which `spec-run @FILE` runs again. A file that did not parse is listed
    /// without lines (it fails again until it is mended). Scenarios an interrupt cut short
    /// did not fail and are not listed; nor are those `--fail-fast` left unrun.
    static func rerun() -> ReportedRunReporter {
        ReportedRunReporter { run, _, write in
            let failed = run.finished.filter { $0.verdict(strict: run.started.strict) == .failed }
            var order = run.started.plan.parseFailures.map(\.path)
            var lines: [String: [Int]] = [:]
            for location in failed.sorted(by: { $0.scenario.id < $1.scenario.id }).map(\.scenario.location) {
                if lines[location.uri] == nil, !order.contains(location.uri) { order.append(location.uri) }
                lines[location.uri, default: []].append(location.line)
            }
            write(order.map { ([$0] + (lines[$0] ?? []).map(String.init)).joined(separator: ":") + "\n" }.joined())
        }
    }
}

/// The rerun file, as `ReportedRunReporter.rerun` writes it.
enum RerunFile {
    /// Whether `bytes` read as an earlier rerun file: lines of `PATH[:LINE…]` with no
    /// white space, or empty lines.
    static func looksLikeRerun(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: "\n").allSatisfy { line in
            !line.contains(" ") && !line.contains("\t") && !line.hasPrefix("<") && !line.hasPrefix("{")
                && !line.hasPrefix("#")
        }
    }
}

extension ReportedRunReporter {
    /// `--format rerun`: the scenarios that failed, as `PATH:LINE[:LINE…]`, one file a line
    /// in file order, which `spec-run @FILE` runs again. A file that did not parse is listed
    /// without lines (it fails again until it is mended). Scenarios an interrupt cut short
    /// did not fail and are not listed; nor are those `--fail-fast` left unrun.
    static func rerun() -> ReportedRunReporter {
        ReportedRunReporter { run, _, write in
            let failed = run.results.filter { $0.value.verdict(strict: run.started.strict) == .failed }
            write(
                RerunFile.text(
                    unparsed: run.started.plan.parseFailures.map(\.path),
                    failed: failed.sorted { $0.key < $1.key }.map(\.value.scenario.location)))
        }
    }
}

/// The rerun file's text.
enum RerunFile {
    /// `features/a.feature:3:12` for each file, in the order given.
    static func text(unparsed: [String], failed: [SourceLine]) -> String {
        var order: [String] = unparsed
        var lines: [String: [Int]] = [:]
        for location in failed {
            if lines[location.uri] == nil, !order.contains(location.uri) { order.append(location.uri) }
            lines[location.uri, default: []].append(location.line)
        }
        return order.map { uri in
            ([uri] + (lines[uri] ?? []).map(String.init)).joined(separator: ":") + "\n"
        }.joined()
    }

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

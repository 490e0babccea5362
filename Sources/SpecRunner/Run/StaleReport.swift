import Foundation

/// The report an earlier run left where this one writes its own. It is removed first
/// thing after the command line is read: a run cut short before it writes its own report
/// (SIGKILL, a crash) then leaves none, and a CI job that publishes `reports/junit.xml`
/// whatever happened never publishes the earlier run's green report for it (runner.md
/// counts "a green report" from a run that failed before any scenario among the
/// weaknesses to avoid). A run that stops at a usage error (exit 2) says it removed one.
///
/// An earlier report is a regular file whose first element is `<testsuites` or
/// `<testsuite` (after a byte-order mark, an XML declaration, comments and white space),
/// or an empty file; `ReportPathCheck` refuses a report path that holds anything else.
enum StaleReport {
    /// How much of a file is read to find its first element.
    static let headLength = 4096

    /// The reports a command line names, read leniently (the command line may not parse):
    /// the JUnit report (the last `--junit FILE`, `--junit=FILE` or `--format junit:FILE`,
    /// else the default; none for `-`) and each other `--format NAME:FILE`, so that no
    /// earlier report of any format is left looking like this run's.
    static func paths(in arguments: [String]) -> [(path: String, format: OutputRequest.Format)] {
        var junit: String? = RunOptions().junitPath
        var others: [(path: String, format: OutputRequest.Format)] = []
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let (name, inline) = OptionArgument.split(arguments[index])
            index += 1
            guard name == "--junit" || name == "--format",
                let text = inline ?? (index < arguments.count ? arguments[index] : nil)
            else { continue }
            if inline == nil { index += 1 }
            if name == "--junit" {
                junit = text
            } else if let request = try? OutputRequest(parsing: text), let path = request.path {
                if request.format == .junit { junit = path } else { others.append((path, request.format)) }
            }
        }
        return (junit.flatMap { $0 == "-" ? nil : [($0, .junit)] } ?? []) + others
    }

    /// Removes every earlier report `arguments` name (`paths(in:)`); the notes a usage
    /// error prints, or nil when there was none.
    static func removeAll(named arguments: [String], in directory: String) -> String? {
        let notes = paths(in: arguments).compactMap { remove($0.path, format: $0.format, in: directory) }
        return notes.isEmpty ? nil : notes.joined()
    }

    /// Removes the report at `path` (relative to `directory`) if an earlier run left one;
    /// the note a usage error prints, or nil when there was none. Through a link, the file
    /// it leads to goes (the report is written there) and the link stays. Anything but an
    /// earlier report stays, as do a path ending in `.feature` and the file the run's own
    /// standard output or error goes to (`--junit /dev/stdout >> log`).
    static func remove(_ path: String?, format: OutputRequest.Format = .junit, in directory: String) -> String? {
        guard let path, !path.isEmpty, !ReportPathCheck.namesFeatureFile(path) else { return nil }
        let absolute = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        var status = stat()
        guard stat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
            !ReportPathCheck.isOwnOutput(status), let resolved = realpath(absolute, nil)
        else { return nil }
        defer { free(resolved) }
        guard isEarlierReport(absolute, size: status.st_size, format: format), unlink(resolved) == 0 else { return nil }
        let what = format == .junit ? "the report" : format.documentName
        return "spec-run: removed \(what) an earlier run left at \(path): this run wrote none\n"
    }

    /// Whether the regular file at `absolute`, of `size` bytes, is empty or holds what
    /// `format` writes (false when it cannot be read).
    static func isEarlierReport(_ absolute: String, size: off_t, format: OutputRequest.Format) -> Bool {
        if size == 0 { return true }
        guard let handle = FileHandle(forReadingAtPath: absolute) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: headLength) else { return false }
        return format.isEarlierReport(head: [UInt8](head), path: absolute)
    }

    /// Whether `bytes` open with `<testsuites` or `<testsuite` as their first element.
    static func startsWithReportElement(_ bytes: [UInt8]) -> Bool {
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        text = text.drop { $0.isWhitespace }
        let skipped = [(open: "<?", close: "?>"), (open: "<!--", close: "-->"), (open: "<!DOCTYPE", close: ">")]
        while let skip = skipped.first(where: { text.hasPrefix($0.open) }) {
            guard let end = text.range(of: skip.close) else { return false }
            text = text[end.upperBound...].drop { $0.isWhitespace }
        }
        for name in ["<testsuites", "<testsuite"] where text.hasPrefix(name) {
            let next = text.dropFirst(name.count).first
            if next == nil || next == ">" || next == "/" || next?.isWhitespace == true { return true }
        }
        return false
    }
}

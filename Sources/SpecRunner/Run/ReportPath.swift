import Foundation

/// The report paths of a run, checked and cleared before it starts.
///
/// A path that cannot be what was meant is refused: the report would replace a feature
/// file (`spec-run --junit features/cart.feature`, the report's name forgotten) or some
/// other file, or it cannot be written as a file at all (a folder, a named pipe that would
/// keep the run waiting for a reader, a device, a socket). Accepted: a path where nothing
/// is yet, an earlier report, the run's own standard output or error (`--junit
/// /dev/stdout`), and `/dev/null`.
///
/// The report an earlier run left is removed first thing after the command line is read:
/// a run cut short before it writes its own (SIGKILL, a crash) then leaves none, and CI
/// never publishes the earlier run's green report for it (runner.md). A run that stops at
/// a usage error (exit 2) says it removed one. An earlier report is an empty file or what
/// `OutputRequest.Format.isEarlierReport` takes for one.
public enum ReportPath {
    /// The reports a command line names, read leniently (the command line may not parse):
    /// the JUnit report (the last `--junit FILE` or `--format junit:FILE`, else the default;
    /// none for `-`) and each other `--format NAME:FILE`.
    static func paths(in arguments: [String]) -> [(path: String, format: OutputRequest.Format)] {
        var junit: String? = RunOptions().junitPath
        var others: [(path: String, format: OutputRequest.Format)] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst(), argument != "--" {
            let (name, inline) = OptionArgument.split(argument)
            guard name == "--junit" || name == "--format", let text = inline ?? remaining.popFirst() else { continue }
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
    /// A file the command line reads as a list (`@rerun.txt`) stays: the run that was meant
    /// would have read it first.
    static func removeAll(named arguments: [String], host: RunHost) -> String? {
        var removed: String?
        let lists = arguments.filter { $0.hasPrefix("@") && $0.count > 1 }.map { host.absolute(String($0.dropFirst())) }
        for (path, format) in paths(in: arguments) where !lists.contains(where: { sameFile($0, host.absolute(path)) }) {
            _ = refusal(path, absolute: host.absolute(path), format: format, removing: &removed)
        }
        return removed
    }

    /// The usage error for two formats that would write one file, however each path is
    /// written (`./r.txt`, an absolute path, `out/../out/r.txt`, a link, a hard link), or
    /// two that would write standard output (a format without a file, `/dev/stdout`, the file
    /// it is redirected to: `--junit build.log > build.log`), the console's log aside (the
    /// JUnit report on its own goes after it); nil when each has its own place.
    static func sharedFile(_ options: RunOptions, host: RunHost) -> String? {
        var onStandardOutput = options.outputs.filter { $0.path == nil && $0.format.console == nil }.map {
            "--format \($0.written)"
        }
        var seen: [String: OutputRequest.Format] = [:]
        for (path, format) in options.files {
            let absolute = host.absolute(path)
            if absolute == "/dev/null" { continue }
            var status = stat()
            let exists = stat(absolute, &status) == 0
            // Standard output by name, or the file it is redirected to.
            let byName = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(absolute)
            if byName || (exists && ownOutput(status, among: [1]) != nil) {
                onStandardOutput.append(format == .junit ? "--junit \(path)" : "--format \(format.rawValue):\(path)")
                continue
            }
            // An existing file by what it is (a hard link is one), another by where it leads.
            let key = exists ? "\(status.st_dev):\(status.st_ino)" : canonical(absolute)
            if let other = seen[key] {
                return "--format \(format.rawValue):\(path): \(path) already receives the \(other.rawValue) format;"
                    + " each format needs a file of its own"
            }
            seen[key] = format
        }
        guard onStandardOutput.count > 1 else { return nil }
        return "\(onStandardOutput[1]): standard output already receives \(onStandardOutput[0]); at most one format"
            + " writes there besides the console: give the other a file"
    }

    /// Whether two absolute paths name one file: the same file (a link, a hard link), or
    /// where neither exists yet, the same place.
    package static func sameFile(_ first: String, _ second: String) -> Bool {
        var (one, other) = (stat(), stat())
        if stat(first, &one) == 0, stat(second, &other) == 0 {
            return one.st_dev == other.st_dev && one.st_ino == other.st_ino
        }
        return canonical(first) == canonical(second)
    }

    /// Where `absolute` leads, one way for every way of writing it: the links and `..` of
    /// the part that exists followed (`realpath`), a link to what does not exist yet to its
    /// target, then the `.` and `..` of the rest taken.
    package static func canonical(_ absolute: String, links: Int = 8) -> String {
        var existing = absolute.split(separator: "/").map(String.init)
        var rest: [String] = []
        while true {
            let path = "/" + existing.joined(separator: "/")
            if let resolved = realpath(path, nil) {
                defer { free(resolved) }
                var parts = String(cString: resolved).split(separator: "/").map(String.init)
                for part in rest where part != "." {
                    if part == ".." { _ = parts.popLast() } else { parts.append(part) }
                }
                return "/" + parts.joined(separator: "/")
            }
            // A link to what does not exist yet leads where its target will be.
            var status = stat()
            if links > 0, lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            {
                let base =
                    target.hasPrefix("/") ? target : "/" + existing.dropLast().joined(separator: "/") + "/" + target
                return canonical(([base] + rest).joined(separator: "/"), links: links - 1)
            }
            guard let last = existing.popLast() else { return absolute }
            rest.insert(last, at: 0)
        }
    }

    /// Why a JUnit report cannot go to `path`, checked as a run checks its own before it
    /// spends its time (`spec-run explore --junit`); nil when it can. An earlier report
    /// there is removed.
    public static func junitProblem(_ path: String) -> String? {
        var removed: String?
        return problem(path, absolute: path, format: .junit, removing: &removed)
    }

    /// `refusal`, then whether a file can be made there: everything a report path is
    /// checked for before the run spends its time.
    static func problem(
        _ path: String, absolute: String, format: OutputRequest.Format, removing removed: inout String?
    ) -> String? {
        refusal(path, absolute: absolute, format: format, removing: &removed)
            ?? ReportFile.problem(writing: absolute).map { "\($0)" }
    }

    /// Why the report cannot go to `path` (as given; `absolute` is where it leads), or
    /// nil when it can. Reads nothing but the first bytes of a regular file, and never
    /// opens a pipe or a device. An earlier report it accepts (never the run's own output:
    /// `--junit /dev/stdout >> log`) is removed, through a link the file it leads to, and
    /// the note a usage error prints for it added to `removed`.
    static func refusal(
        _ path: String, absolute: String, format: OutputRequest.Format, removing removed: inout String?
    ) -> String? {
        if path.hasSuffix("/") {
            return
                "the path ends in '/', so it names a folder: a report is a file (such as \(path)\(format.exampleFile))"
        }
        var status = stat()
        guard stat(absolute, &status) == 0 else {
            if namesFeatureFile(path) {
                return "a report named *.feature would be read as a feature file: give the report a name of its own"
                    + " (such as reports/\(format.exampleFile))"
            }
            return nil
        }
        if ownOutput(status) != nil { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            if namesFeatureFile(path) {
                return "it is a feature file, which the report would replace (did the report's name after"
                    + " \(format.option) go missing?)"
            }
            guard access(absolute, R_OK) == 0 else {
                return "it cannot be read to check that it is an earlier report (permission denied)"
            }
            guard isEarlierReport(absolute, size: status.st_size, format: format) else {
                guard format == .junit else {
                    return "it holds something other than \(format.documentName) of an earlier run, which would be"
                        + " replaced"
                }
                return "it holds something other than a JUnit report (its first element is not <testsuites> or"
                    + " <testsuite>), which the report would replace"
            }
            guard status.st_size > 0, let resolved = realpath(absolute, nil) else { return nil }
            defer { free(resolved) }
            if unlink(resolved) == 0 {
                let what = format == .junit ? "the report" : format.documentName
                removed =
                    (removed ?? "") + "spec-run: removed \(what) an earlier run left at \(path): this run wrote none\n"
            }
            return nil
        case S_IFDIR:
            return "it is a folder: a report is a file (such as \(path)/\(format.exampleFile))"
        case S_IFIFO:
            return "it is a named pipe, on which the run would wait for a reader: a report is a file (or the run's"
                + " own output, /dev/stdout)"
        case S_IFCHR, S_IFBLK:
            guard !isNullDevice(status) else { return nil }
            return "it is a device: a report is a file (or the run's own output, /dev/stdout; '-' writes none)"
        default:
            return "it is a socket: a report is a file"
        }
    }

    /// Whether the regular file at `absolute`, of `size` bytes, is empty or holds what
    /// `format` writes (false when it cannot be read).
    static func isEarlierReport(_ absolute: String, size: off_t, format: OutputRequest.Format) -> Bool {
        if size == 0 { return true }
        guard let handle = FileHandle(forReadingAtPath: absolute) else { return false }
        defer { try? handle.close() }
        guard var head = try? handle.read(upToCount: 4096).map(Array.init) else { return false }
        // A longer file's head ends inside a line: only its whole lines are judged.
        if size > head.count, let end = head.lastIndex(of: UInt8(ascii: "\n")) { head = Array(head[...end]) }
        // Console text is told by its last line, the verdict.
        var tail = head
        if format.console != nil, size > head.count {
            _ = try? handle.seek(toOffset: UInt64(max(0, size - 512)))
            tail = (try? handle.readToEnd()).map(Array.init) ?? []
        }
        return format.isEarlierReport(head: head, tail: tail, path: absolute)
    }

    /// Whether `bytes` open with `<testsuites` or `<testsuite` as their first element (after
    /// a byte-order mark, an XML declaration, comments and white space).
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

    /// A feature file, with the lines of its scenarios or without (`fail.feature:2`).
    private static func namesFeatureFile(_ path: String) -> Bool {
        ((try? FeaturePath(parsing: path).path) ?? path).lowercased().hasSuffix(".feature")
    }

    /// Which of this process's standard output and error `status` is that of, if either.
    static func ownOutput(_ status: stat, among descriptors: [Int32] = [1, 2]) -> Int32? {
        descriptors.first { descriptor in
            var own = stat()
            return fstat(descriptor, &own) == 0 && own.st_dev == status.st_dev && own.st_ino == status.st_ino
        }
    }

    /// `/dev/null`, found by what it is rather than by name.
    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_rdev == status.st_rdev
            && null.st_mode & S_IFMT == status.st_mode & S_IFMT
    }
}

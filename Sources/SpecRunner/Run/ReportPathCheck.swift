import Foundation

/// Refuses, before the run, a report path that cannot be what was meant: the report
/// would replace a feature file or some other file, or it cannot be written as a file
/// at all (a folder, a named pipe that would keep the run waiting for a reader, a
/// device, a socket). `spec-run --junit features/cart.feature`, the report's name
/// forgotten, would otherwise replace the feature file with the report and pass.
///
/// Accepted: a path where nothing is yet, an earlier report (`StaleReport`), the file,
/// pipe or terminal the run's own standard output or error goes to (`--junit
/// /dev/stdout`), and `/dev/null`.
enum ReportPathCheck {
    /// Why the report cannot go to `path` (as given; `absolute` is where it leads), or
    /// nil when it can. Reads nothing but the first bytes of a regular file, and never
    /// opens a pipe or a device.
    static func refusal(_ path: String, absolute: String, format: OutputRequest.Format = .junit) -> String? {
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
        if isOwnOutput(status) { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            if namesFeatureFile(path) {
                return "it is a feature file, which the report would replace (did the report's name after"
                    + " \(format.option) go missing?)"
            }
            guard access(absolute, R_OK) == 0 else {
                return "it cannot be read to check that it is an earlier report (permission denied)"
            }
            guard StaleReport.isEarlierReport(absolute, size: status.st_size, format: format) else {
                guard format == .junit else {
                    return "it holds something other than \(format.documentName) of an earlier run, which would be"
                        + " replaced"
                }
                return "it holds something other than a JUnit report (its first element is not <testsuites> or"
                    + " <testsuite>), which the report would replace"
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

    /// Whether the path's last part ends in `.feature` (in any letter case).
    static func namesFeatureFile(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".feature")
    }

    /// Whether `status` is that of what this process's standard output or error is.
    static func isOwnOutput(_ status: stat) -> Bool {
        [Int32(1), 2].contains { descriptor in
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

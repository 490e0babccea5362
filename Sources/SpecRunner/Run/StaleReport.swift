import Foundation

/// The report an earlier run left where this one would have written its own, removed when
/// this run stops at a usage error (exit 2) and writes none: a CI job that publishes
/// `reports/junit.xml` after a mistyped option would otherwise publish the earlier run's
/// green report (runner.md counts "a green report" from a run that failed before any
/// scenario among the weaknesses to avoid).
///
/// Only a regular file that holds a JUnit report (`<testsuites` near its start) is removed:
/// never a device (`--junit /dev/stdout`) or a file of something else.
enum StaleReport {
    /// The report path a command line names, read leniently (the command line may not
    /// parse): the last `--junit FILE` or `--junit=FILE`, else the default; nil for `-`.
    static func path(in arguments: [String]) -> String? {
        var path: String? = RunOptions().junitPath
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--junit", index + 1 < arguments.count {
                path = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--junit=") {
                path = String(argument.dropFirst("--junit=".count))
            }
            index += 1
        }
        return path == "-" ? nil : path
    }

    /// Removes the report at `path` (relative to `directory`) if an earlier run left one;
    /// the note to print, or nil when there was none.
    static func remove(_ path: String?, in directory: String) -> String? {
        guard let path, !path.isEmpty else { return nil }
        let absolute = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        var status = stat()
        guard lstat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            let handle = FileHandle(forReadingAtPath: absolute)
        else { return nil }
        let start = (try? handle.read(upToCount: 512)) ?? Data()
        try? handle.close()
        guard String(decoding: start, as: UTF8.self).contains("<testsuites"), unlink(absolute) == 0 else {
            return nil
        }
        return "spec-run: removed the report an earlier run left at \(path): this run wrote none\n"
    }
}

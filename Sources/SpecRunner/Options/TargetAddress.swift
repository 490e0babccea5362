import Foundation

/// Checks `--target URL` before anything runs; reachability is the environment's job.
/// The protocol's own form is `ws://HOST:PORT`; the page address `http://HOST:PORT/` is
/// accepted too (same port).
enum TargetAddress {
    /// One register per worker. protocol.md's `reset` is the whole register's, so two
    /// workers on one register would reset each other's scenarios: `--jobs N` needs N
    /// targets. Without `--jobs`, the workers are as many as the targets.
    static func matchWorkers(_ options: inout RunOptions, jobsGiven: Bool) throws(UsageError) {
        let count = options.targets.count
        guard count > 0 else { return }
        guard jobsGiven else {
            guard count <= 256 else { throw UsageError("--target names \(count) registers; at most 256 workers run") }
            options.jobs = count
            return
        }
        guard count == options.jobs else {
            let registers = count == 1 ? "one register" : "\(count) registers"
            throw UsageError(
                "--jobs \(options.jobs) with \(registers) in --target: each worker needs a register of its own (its "
                    + "scenarios reset it), so give one URL per worker, --target ws://HOST:PORT,ws://HOST:PORT2")
        }
    }

    /// Whether the URL names a path beyond `/` (`ws://host:8080/register`).
    static func hasPath(_ text: String) -> Bool {
        let path = URL(string: text)?.path ?? ""
        return !(path.isEmpty || path == "/")
    }

    static func isPlausible(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return ["ws", "wss", "http", "https"].contains(scheme) && !(url.host ?? "").isEmpty
    }
}

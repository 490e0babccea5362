import Foundation
import TestSupport
import Testing

/// The built binary started in the background, its output going to files, for tests
/// that stop and signal it at chosen moments and look at it through `/proc` meanwhile.
/// Its waits block the calling thread: a test calls them inside `offPool`, so that a
/// moment it picks is not lost while the cooperative pool is busy with other tests.
final class BackgroundRun: @unchecked Sendable {
    private let process: Child
    private let stdoutURL: URL
    private let stderrURL: URL

    init(_ arguments: [String], in directory: URL, environment: [String: String]) throws {
        let outputs = try BuiltBinary.temporaryDirectory("spec-run-output")
        stdoutURL = outputs.appendingPathComponent("stdout")
        stderrURL = outputs.appendingPathComponent("stderr")
        process = try Child(
            BuiltBinary.path(for: environment), arguments, environment: environment, currentDirectory: directory,
            stdout: .file(stdoutURL), stderr: .file(stderrURL))
    }

    var pid: pid_t { process.pid }
    /// How it ended; nil while it runs.
    var ending: Child.Ending? { process.ending }
    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    func signal(_ number: Int32) { process.signal(number) }

    /// Waits (bounded) until the process has ended; whether it did.
    func waitForExit(within limit: Duration) -> Bool {
        process.wait(within: limit) != nil
    }

    /// Waits (bounded) until standard error contains `text`; whether it did.
    func waitForStderr(_ text: String, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !stderr.contains(text), process.isRunning, ContinuousClock.now < deadline { usleep(2_000) }
        return stderr.contains(text)
    }

    /// Stops the process (SIGSTOP) and waits until it is stopped; false when it ended first.
    func stop() -> Bool {
        signal(SIGSTOP)
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
            if state == "T" || state == "t" { return true }
            if state == "Z" || state == "X" { return false }
            usleep(500)
        }
        return false
    }

    /// A line of `/proc/PID/status` (`Threads`, `SigCgt`), as it is now.
    func status(_ field: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// How many threads the process has (nil once it has ended).
    var threadCount: Int? { status("Threads").flatMap { Int($0) } }

    /// Whether the process has a handler of its own for `signal` (it has reached `main`).
    func catches(_ signal: Int32) -> Bool? {
        guard let mask = status("SigCgt").flatMap({ UInt64($0, radix: 16) }) else { return nil }
        return mask & (1 << UInt64(signal - 1)) != 0
    }
}

import Foundation
import Gherkin

/// The edges of a run, injected so that tests can replace them: the working directory,
/// environment variables, the terminal, the clock, output, interrupts and the parser.
public struct RunHost: Sendable {
    var currentDirectory: String
    var environment: [String: String]
    /// Whether standard output is a terminal (picks `pretty` and colour).
    var isTerminal: Bool
    var hostname: String
    var now: @Sendable () -> Date
    /// Throws when the text was not all written: a report on standard output fails the run.
    var standardOutput: @Sendable (String) throws(ReportFile.WriteError) -> Void
    public var standardError: @Sendable (String) -> Void
    /// Made when the scenarios start running (the process installs its signal handlers then).
    var makeInterrupts: @Sendable () -> InterruptSource
    public var parse: @Sendable (_ bytes: [UInt8], _ uri: String) -> ParsedFeatureFile
    /// Ends the process with the run's exit status once its report is written, so that the
    /// plan and the results (millions of objects in a big run, about 7 ms to free for
    /// 2,000 scenarios) are left to the operating system; nil hands the status back to
    /// the caller instead (tests).
    var exitProcess: (@Sendable (Int32) -> Void)?

    /// The real process: its working directory, environment, stdout/stderr, signals.
    public static func process() -> RunHost {
        FileDescriptorOutput.ignoreBrokenPipes()
        return RunHost(
            currentDirectory: FileManager.default.currentDirectoryPath,
            environment: ProcessInfo.processInfo.environment,
            isTerminal: isatty(STDOUT_FILENO) == 1,
            hostname: localHostname(),
            now: { Date() },
            standardOutput: { text throws(ReportFile.WriteError) in
                if let failure = FileDescriptorOutput.write(text, to: STDOUT_FILENO) {
                    throw ReportFile.WriteError(description: "cannot write standard output: \(failure)")
                }
            },
            standardError: { FileDescriptorOutput.write($0, to: STDERR_FILENO) },
            makeInterrupts: { InterruptSource.signals() },
            parse: { bytes, uri in parseFeatureFile(bytes: bytes, uri: uri) },
            exitProcess: { status in
                // Everything is written with write(2) already; flush any stdio stream
                // anyway, then end at once: no exit handlers run beside live threads.
                fflush(nil)
                _exit(status)
            })
    }

    /// `path` from the working directory, unless it is absolute already.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + (currentDirectory.hasSuffix("/") ? "" : "/") + path
    }

    /// `gethostname(2)`: the machine's name without a DNS lookup (which
    /// `ProcessInfo.hostName` may do, slowly, on a machine with a broken resolver).
    static func localHostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}

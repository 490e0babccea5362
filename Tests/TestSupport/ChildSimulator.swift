import Foundation

/// `spec-run simulate --port 0` in a child process: for tests of the command itself, and
/// for tests that measure the server's own resources (its file descriptors and memory,
/// read from `/proc/PID`) apart from the test process, where other tests run meanwhile.
public final class ChildSimulator: Sendable {
    /// What the command printed before serving (its URL and endpoints).
    public let banner: String
    public let port: UInt16
    public let pid: Int32
    private let process: Child
    private let output: FileHandle

    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// How the child ended after `stop(with:)`.
    public struct Ending: Sendable {
        /// nil when it did not exit within the limit (it was then killed).
        public var status: Int32?
        /// What it printed after the banner.
        public var output: String
    }

    /// Starts the built binary and waits (off the cooperative pool) for its banner.
    public static func start() async throws -> ChildSimulator {
        let process = try Child(
            BuiltBinary.path, ["simulate", "--host", "127.0.0.1", "--port", "0"], stderr: .null)
        guard let reader = process.output else { throw StartFailure(description: "no standard output") }
        let banner = try await offPool {
            var text = ""
            while !text.contains("Press Ctrl-C") {
                let data = reader.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            return text
        }
        guard let marker = banner.range(of: "http://127.0.0.1:"),
            let port = UInt16(banner[marker.upperBound...].prefix { $0.isNumber })
        else {
            process.signal(SIGKILL)
            throw StartFailure(description: "spec-run simulate printed no URL: \(banner)")
        }
        return ChildSimulator(banner: banner, port: port, process: process, output: reader)
    }

    private init(banner: String, port: UInt16, process: Child, output: FileHandle) {
        self.banner = banner
        self.port = port
        self.pid = process.pid
        self.process = process
        self.output = output
    }

    /// How many file descriptors the child has open.
    public func openFileDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }

    /// The child's resident memory in kB (`VmRSS`).
    public func residentKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let value = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw StartFailure(description: "no VmRSS in /proc/\(pid)/status") }
        return value
    }

    /// Sends `signal` and waits up to 5 s for the child to exit (then kills it).
    @discardableResult
    public func stop(with signal: Int32 = SIGINT) async -> Ending {
        process.signal(signal)
        for _ in 0..<250 where process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        guard let ending = process.ending else {
            process.signal(SIGKILL)
            return Ending(status: nil, output: "")
        }
        let reader = output
        let rest = (try? await offPool { String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) }) ?? ""
        return Ending(status: ending.shellStatus, output: rest)
    }
}

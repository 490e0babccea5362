import Foundation

/// `spec-run simulate --port 0` in a child process, for tests that measure the server's
/// own resources (its file descriptors and memory, read from `/proc/PID`) apart from the
/// test process, where other tests run at the same time.
public final class ChildSimulator: Sendable {
    public let port: UInt16
    public let pid: Int32
    private let process: Process

    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the built binary and waits (off the cooperative pool) for its banner.
    public static func start() async throws -> ChildSimulator {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.path)
        process.arguments = ["simulate", "--host", "127.0.0.1", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
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
            process.terminate()
            throw StartFailure(description: "spec-run simulate printed no URL: \(banner)")
        }
        return ChildSimulator(port: port, process: process)
    }

    private init(port: UInt16, process: Process) {
        self.port = port
        self.pid = process.processIdentifier
        self.process = process
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

    /// Stops the child with SIGINT and waits for it (bounded).
    public func stop() async {
        guard process.isRunning else { return }
        kill(pid, SIGINT)
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
    }
}

import Foundation
import Gherkin

/// `spec-run gherkin`: thin wrapper that hands the arguments to the library's runner with
/// the real file system and standard streams.
enum GherkinCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let output = BufferedOutput()
        let runner = GherkinCommandRunner(
            environment: .init(
                fileSystem: .local,
                writeOutput: { output.write($0) },
                writeError: { FileHandle.standardError.write(Data($0.utf8)) }
            )
        )
        let status = runner.run(arguments: arguments)
        output.flush()
        return status
    }
}

/// Collects standard output and writes it in large chunks.
private final class BufferedOutput {
    private var buffer: [UInt8] = []
    private let limit = 1 << 16

    func write(_ bytes: [UInt8]) {
        buffer += bytes
        if buffer.count >= limit { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}

import Foundation
import Gherkin
import Wire

/// `spec-run gherkin`: thin wrapper that hands the arguments to the library's runner with
/// the real file system and standard streams.
enum GherkinCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let runner = GherkinCommandRunner(
            environment: .init(
                fileSystem: .local,
                writeOutput: { json in
                    do {
                        try json.write(to: STDOUT_FILENO)
                    } catch {
                        FileHandle.standardError.write(
                            Data("\(GherkinCommandRunner.commandName): cannot write standard output: \(error)\n".utf8))
                        exit(2)
                    }
                },
                writeError: { FileHandle.standardError.write(Data($0.utf8)) }
            )
        )
        return runner.run(arguments: arguments)
    }
}

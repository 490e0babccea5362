import Foundation

// PLACEHOLDER until its owner lands the real command.
enum GherkinCommand {
    static func run(_ arguments: [String]) -> Int32 {
        FileHandle.standardError.write(Data("spec-run: this command is not built yet\n".utf8))
        return 2
    }
}

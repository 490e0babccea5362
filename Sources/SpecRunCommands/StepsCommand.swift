import Foundation
import StepLibrary

/// `spec-run steps [--lang en|ja]`: prints the built-in step catalogue.
enum StepsCommand {
    static let usage = """
        usage: spec-run steps [--lang en|ja]

        Prints every built-in step, grouped (register, display, calendar), each with an
        example line to copy into a feature file.

          --lang en|ja   the catalogue's language (default en; ja for `# language: ja` features)
          -h, --help     this help
        """

    static func run(_ arguments: [String]) -> Int32 {
        var language = StepLanguage.en
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                print(usage)
                return 0
            case "--lang":
                guard let value = remaining.popFirst() else { return usageError("--lang needs a value (en or ja)") }
                guard let parsed = StepLanguage(rawValue: value) else {
                    return usageError("unknown language \"\(value)\" for --lang (use en or ja)")
                }
                language = parsed
            case let option where option.hasPrefix("--lang="):
                let value = String(option.dropFirst("--lang=".count))
                guard let parsed = StepLanguage(rawValue: value) else {
                    return usageError("unknown language \"\(value)\" for --lang (use en or ja)")
                }
                language = parsed
            default:
                return usageError("unexpected argument \"\(argument)\"")
            }
        }
        print(StepCatalogue.text(language), terminator: "")
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("spec-run steps: \(message)\n\(usage)\n".utf8))
        return 2
    }
}

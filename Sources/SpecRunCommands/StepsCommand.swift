import CucumberExpressions
import Foundation
import SpecRunner
import StepLibrary

/// `spec-run steps [--lang en|ja] [--format text|json] [WORD…]`: prints the built-in step
/// catalogue, or the steps the words find.
enum StepsCommand {
    static let usage = """
        usage: spec-run steps [--lang en|ja] [--format text|json] [WORD…]

        Prints every built-in step, grouped (register, display, calendar), each with an
        example line to copy into a feature file and the other wordings it takes.
        With WORDs, prints only the steps that have every word in their wording, example,
        description or the words a parameter takes, in English or Japanese (`spec-run steps
        points`; `spec-run steps ポイント` prints the Japanese steps, unless --lang en), and
        the rejection codes whose code or meaning has them (`spec-run steps overpayment`).

          --lang en|ja        the catalogue's language (default en; ja for `# language: ja` features);
                              with --format json, both unless given
          --format text|json  text to read (default), or JSON for other tools: each step's
                              pattern, kind, language, group, description, example, table,
                              other wordings, and the rejection codes
          -h, --help          this help

        Exit status: 0 steps printed, 1 no step or rejection code has the WORDs,
        2 usage error.
        """

    private enum Format: String {
        case text, json
    }

    static func run(_ arguments: [String]) -> Int32 {
        var language: StepLanguage?
        var format = Format.text
        var words: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (option, value) = OptionArgument.split(argument)
            switch option {
            case "-h", "--help":
                print(usage)
                return 0
            case "--lang", "--format":
                let isLanguage = option == "--lang"
                let expected = isLanguage ? "en or ja" : "text or json"
                guard let given = value ?? remaining.popFirst() else {
                    return usageError("\(option) needs a value (\(expected))")
                }
                if isLanguage, let parsed = StepLanguage(rawValue: given) {
                    language = parsed
                } else if !isLanguage, let parsed = Format(rawValue: given) {
                    format = parsed
                } else {
                    let kind = isLanguage ? "language" : "format"
                    return usageError("unknown \(kind) \"\(given)\" for \(option) (use \(expected))")
                }
            case let option where option.hasPrefix("-") && option.count > 1:
                return usageError("unknown option \"\(option)\"")
            default:
                // `spec-run steps 'member points'`, quoted: the same two words.
                words += argument.split(whereSeparator: \.isWhitespace).map(String.init)
            }
        }
        switch format {
        case .json:
            print(StepCatalogue.json(language, matching: words), terminator: "")
        case .text where words.isEmpty:
            print(StepCatalogue.text(language ?? .en), terminator: "")
        case .text:
            // Words in Japanese script ask for the Japanese steps, unless --lang says otherwise.
            let japanese = words.contains { $0.unicodeScalars.contains(where: WordBoundary.isJapanese) }
            guard let found = StepCatalogue.text(language ?? (japanese ? .ja : .en), matching: words) else {
                let message =
                    japanese
                    ? "「\(words.joined(separator: "」と「"))」を含むステップも拒否コードもありません"
                    : "no step or rejection code has \(words.map { "\"\($0)\"" }.joined(separator: " and "))"
                writeText("spec-run steps: \(message)\n", error: true)
                return 1
            }
            print(found, terminator: "")
        }
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        writeText("spec-run steps: \(message)\n\(usage)\n", error: true)
        return 2
    }
}

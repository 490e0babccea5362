import Foundation
import SpecRunner

/// The command line of a subcommand whose options each take a value (`--name value` or
/// `--name=value`), besides `-h`/`--help`: `spec-run simulate` and `spec-run explore`.
enum ValueOptions {
    /// Runs `body` with `options`, each of `arguments`' options given to `set`, in order
    /// (which answers, for a value the option does not take, what it expects, or throws a
    /// usage error that says it all), and answers its exit status; after `-h`/`--help`
    /// prints the usage (0), after a usage error one line, then the usage's first line (2,
    /// as runner.md asks; `--help` has the rest).
    static func run<Options>(
        _ arguments: [String], command: String, usage: String, names: Set<String>, into options: Options,
        set: (inout Options, _ name: String, _ value: String) throws(UsageError) -> String?,
        _ body: (Options) -> Int32
    ) -> Int32 {
        var options = options
        var showHelp = false
        do throws(UsageError) {
            // Every option is read before any value is: an unknown option is the error named.
            var values: [(name: String, value: String)] = []
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                if argument == "-h" || argument == "--help" {
                    showHelp = true
                    continue
                }
                let (name, inlineValue) = OptionArgument.split(argument)
                guard names.contains(name) else {
                    throw UsageError(
                        inlineValue == nil ? "unexpected argument '\(argument)'" : "unknown option '\(name)'")
                }
                guard let value = inlineValue ?? remaining.popFirst() else { throw UsageError("\(name) needs a value") }
                // `--out $FILE --junit x` with the variable empty: the next option is no value.
                let next = OptionArgument.split(value).name
                if inlineValue == nil, names.contains(next) || next == "-h" || next == "--help" {
                    throw UsageError(
                        "\(name) needs a value, and the next argument is the option '\(value)' (a variable left"
                            + " empty?): write \(name)=VALUE, or give \(name) its value")
                }
                values.append((name, value))
            }
            for (name, value) in values {
                if let expected = try set(&options, name, value) {
                    throw UsageError("invalid \(name) '\(value)' (expected \(expected))")
                }
            }
        } catch {
            let synopsis = usage.split(separator: "\n").first.map(String.init) ?? ""
            writeText(
                "spec-run \(command): \(error.message) (see 'spec-run \(command) --help')\n\(synopsis)\n", error: true)
            return 2
        }
        guard !showHelp else {
            writeText(usage)
            return 0
        }
        return body(options)
    }
}

/// Writes `text` to standard output, or with `error` to standard error, at once; a full
/// disk or a closed output loses the text, never the command.
func writeText(_ text: String, error: Bool = false) {
    FileDescriptorOutput.write(text, to: error ? STDERR_FILENO : STDOUT_FILENO)
}

import SpecRunner

/// The command line of a subcommand whose options each take a value (`--name value` or
/// `--name=value`), besides `-h`/`--help`: `spec-run simulate` and `spec-run explore`.
struct ValueOptions {
    /// The options with their values, in the order given.
    private(set) var values: [(name: String, value: String)] = []
    private(set) var showHelp = false

    /// Reads `arguments`, whose options must be among `names`.
    init(parsing arguments: [String], names: Set<String>) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" {
                showHelp = true
                continue
            }
            let (name, inlineValue) = OptionArgument.split(argument)
            guard names.contains(name) else {
                throw UsageError(inlineValue == nil ? "unexpected argument '\(argument)'" : "unknown option '\(name)'")
            }
            guard let value = inlineValue ?? remaining.popFirst() else { throw UsageError("\(name) needs a value") }
            values.append((name, value))
        }
    }
}

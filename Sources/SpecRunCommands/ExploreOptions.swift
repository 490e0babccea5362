import SpecRunner
import StepLibrary

/// `spec-run explore`'s command line, parsed.
struct ExploreOptions: Equatable {
    var target: String?
    var seed: UInt64?
    var actions = 10_000
    var seconds: Double?
    var language = StepLanguage.en
    var out: String?
    var junit: String?
    var showHelp = false

    static let usage = """
        usage: spec-run explore [--target URL] [--seed N] [--actions N] [--time SECONDS] [--lang en|ja] [--out FILE] [--junit FILE]

        Sends seeded random action sequences to a register and checks every answer and
        display snapshot against the rules and the built-in model; the first discrepancy
        is shrunk to a minimal Gherkin scenario (docs/explore.md).

          --target URL    the register under test, ws://HOST:PORT (default: the built-in
                          simulator, started on a free loopback port)
          --seed N        the random seed, 0-18446744073709551615 (default: random; printed)
          --actions N     how many actions to run at most (default 10000)
          --time SECONDS  stop after this long, whatever is left of --actions
          --lang en|ja    the language of the scenario written (default en)
          --out FILE      write the scenario there
          --junit FILE    write a JUnit XML report there ('-' = none)
          -h, --help      show this help

        Exit status: 0 nothing found, 1 a discrepancy found, 2 usage error or an
        unreachable target, 130 interrupted (Ctrl-C) with nothing found.

        """

    static func parse(_ arguments: [String]) throws(UsageError) -> ExploreOptions {
        let given = try ValueOptions(
            parsing: arguments, names: ["--target", "--seed", "--actions", "--time", "--lang", "--out", "--junit"])
        var options = ExploreOptions()
        options.showHelp = given.showHelp
        for (name, value) in given.values { try options.set(name, value) }
        return options
    }

    private mutating func set(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "--target":
            guard value.hasPrefix("ws://") else {
                throw UsageError("invalid --target '\(value)' (expected ws://HOST:PORT)")
            }
            target = value
        case "--seed":
            guard let number = UInt64(value) else {
                throw UsageError("invalid --seed '\(value)' (expected a whole number from 0)")
            }
            seed = number
        case "--actions":
            guard let number = Int(value), number >= 1 else {
                throw UsageError("invalid --actions '\(value)' (expected a whole number from 1)")
            }
            actions = number
        case "--time":
            guard let number = Double(value), number > 0, number.isFinite else {
                throw UsageError("invalid --time '\(value)' (expected seconds, more than 0)")
            }
            seconds = number
        case "--lang":
            guard let language = StepLanguage(rawValue: value) else {
                throw UsageError("invalid --lang '\(value)' (expected en or ja)")
            }
            self.language = language
        case "--out": out = value
        // `-` writes no report, as `--junit -` does in a run.
        default: junit = value == "-" ? nil : value
        }
    }
}

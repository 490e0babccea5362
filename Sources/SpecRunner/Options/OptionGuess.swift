/// The option a mistyped or borrowed one most likely meant: `--report` → `--junit`,
/// `--tag` → `--tags`, `--parallel` → `--jobs`, `--tgas` → `--tags`. QA engineers bring
/// the options of the runners they know (behave, cucumber-js, pytest).
enum OptionGuess {
    /// The run command's options.
    static let runOptions = [
        "--tags", "--name", "--junit", "--format", "--dry-run", "--snippets", "--strict", "--no-strict", "--fail-fast",
        "--jobs", "--shard", "--timeout", "--retry", "--target", "--seed", "--help", "--version",
    ]

    /// Other runners' words for ours.
    static let synonyms: [String: String] = [
        "--report": "--junit", "--junit-xml": "--junit", "--junitxml": "--junit", "--xml": "--junit",
        "--output": "--junit", "--out": "--junit", "-o": "--junit", "--report-file": "--junit",
        "--tag": "--tags", "-t": "--tags", "--include": "--tags", "--parallel": "--jobs", "--workers": "--jobs",
        "--processes": "--jobs", "--threads": "--jobs", "-j": "--jobs", "-n": "--jobs", "--dryrun": "--dry-run",
        "--dry": "--dry-run", "--failfast": "--fail-fast", "--stop": "--fail-fast", "--bail": "--fail-fast",
        "-x": "--fail-fast", "--filter": "--name", "--scenario": "--name", "-k": "--name", "--formatter": "--format",
        "-f": "--format", "--retries": "--retry", "--rerun": "--retry", "--step-timeout": "--timeout",
        "--random": "--seed", "--order": "--seed", "--url": "--target", "--host": "--target",
    ]

    /// The option of `known` that `written` most likely meant, or nil.
    static func option(for written: String, among known: [String] = runOptions) -> String? {
        if let meant = synonyms[written], known.contains(meant) { return meant }
        let typed = Array(written.drop { $0 == "-" })
        guard typed.count >= 3 else { return nil }
        var best: (distance: Int, option: String)?
        for option in known {
            let name = Array(option.drop { $0 == "-" })
            let limit = name.count >= 6 ? 2 : 1
            let distance = EditDistance.between(typed, name, limit: limit)
            if distance <= limit, distance < best?.distance ?? Int.max { best = (distance, option) }
        }
        return best?.option
    }

    /// `unknown option '--report' (did you mean '--junit'?)`.
    static func unknown(_ written: String, among known: [String] = runOptions) -> String {
        let hint = option(for: written, among: known).map { " (did you mean '\($0)'?)" } ?? ""
        return "unknown option '\(written)'\(hint)"
    }
}

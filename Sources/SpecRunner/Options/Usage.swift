/// The run command's help text and version.
public enum Usage {
    /// The commands besides the run, as `spec-run COMMAND`.
    public static let commands = ["steps", "simulate", "explore", "lsp", "gherkin"]

    /// The version `--version` prints.
    static let version = "spec-run 0.1.0"

    /// The short usage printed after a usage error.
    static let synopsis = """
        usage: spec-run [PATH[:LINE]...] [--tags EXPR] [--name REGEX] [--junit FILE] [--format F[:FILE]]...
                        [@RERUN_FILE] [--dry-run] [--snippets] [--strict | --no-strict] [--fail-fast] [--jobs N]
                        [--shard I/N] [--timeout SECONDS] [--retry N] [--target URL[,URL...]] [--seed N]
        Run 'spec-run --help' for more.
        """

    /// The full `--help` text.
    static let help = """
        spec-run: run Gherkin feature files against the step library and write a JUnit report.

        usage: spec-run [PATH[:LINE]...] [options]   run the features (below)
               spec-run steps [WORD...]              the steps you can write (--lang ja, --format json)
               spec-run simulate [--port N]          the simulator: its display and register page
               spec-run explore [--seed N]           random actions; a scenario for what breaks
               spec-run lsp                          the language server for editors
               spec-run gherkin PATH...              Gherkin's own messages (--no-source, --no-ast, ...)
        Each command's --help tells more.

        PATH is a feature file or a folder searched for *.feature (default: features/).
        :LINE selects the scenario (or Examples table, row, Rule, Feature) that line is in;
        several lines of one file may follow each other (features/cart.feature:12:30).
        @FILE runs the paths FILE lists (what --format rerun:FILE wrote: the failing scenarios).

        options:
          --tags EXPR        tag expression, e.g. '@smoke and not (@wip or @slow)'
          --name REGEX       only scenarios whose name matches
          --junit FILE       JUnit XML report (default reports/junit.xml; '-' = none)
          --format F[:FILE]  what to write, and where (default: standard output); repeatable,
                             one format per file, at most one on standard output:
                             pretty (default on a terminal), progress (default otherwise),
                             summary; junit (the same as --junit FILE); html (a report to
                             open in a browser, the customer display at each check); rerun
                             (the failed scenarios as PATH:LINE, for @FILE); message
                             (Cucumber Messages)
          --dry-run          parse and match every step, run nothing
          --snippets         print, for each undefined step, the code a developer adds to the
                             step library
          --strict           undefined, pending and ambiguous steps fail the run (default)
          --no-strict        undefined, pending and ambiguous steps are reported as skipped
          --fail-fast        stop after the first failed scenario
          --jobs N           run scenarios on N workers, each with its own environment (default 1)
          --shard I/N        run only the I-th of N deterministic slices
          --timeout SECONDS  per-step limit (default 2)
          --retry N          re-run a failed scenario up to N (0-100) times; passing on retry is flaky
          --target URLS      run against registers that speak the protocol instead of the
                             built-in simulator: one URL per worker, comma-separated
          --seed N           shuffle the scenario order with this seed (default: file order)
          --version          print the version
          -h, --help         print this help

        exit status: 0 all passed, 1 failures (or a file that did not parse), 2 usage error
        or no feature files, 130 interrupted by Ctrl-C, 143 by SIGTERM, 129 by SIGHUP (each
        after writing the partial report).
        """
}

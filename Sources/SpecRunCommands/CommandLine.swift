import Foundation
import Gherkin
import SpecRunner
import Wire

/// `spec-run`'s command line: picks the subcommand and hands over.
public enum SpecRunCommandLine {
    /// How the run command runs: `SpecRun.main` with the QA step library, unless a test
    /// executable adds steps of its own (Tests/SelfTestBinary).
    public typealias RunStarter = (_ arguments: [String], _ registry: @escaping () -> StepRegistry) -> Int32
    /// How `spec-run lsp` serves an editor with the QA step library's registry. The
    /// executable passes the language server in, so that LanguageServer and this module
    /// compile side by side rather than one after the other.
    public typealias LanguageServerStarter = (_ registry: StepRegistry) -> Int32

    /// Runs `spec-run ARGUMENTS` and exits with its status. First of all, the run command
    /// catches SIGINT, SIGTERM and SIGHUP: a Ctrl-C or a CI's cancel at any moment after
    /// this must end in a report (docs/runner.md, "Interrupts").
    public static func main(
        _ arguments: [String],
        languageServer: LanguageServerStarter,
        run: RunStarter = { arguments, registry in SpecRun.main(arguments: arguments, registry: registry) }
    ) -> Never {
        if !Usage.commands.contains(arguments.first ?? "") { InterruptSource.catchSignalsEarly() }
        // Then room for the sockets: Dispatch stops the process on its first use when it
        // has no descriptors left.
        OpenFileLimit.raise()
        let rest = Array(arguments.dropFirst())
        let status: Int32
        switch arguments.first {
        case "gherkin": status = gherkin(rest)
        case "lsp" where rest.contains(where: { $0 == "--help" || $0 == "-h" }):
            print(lspUsage, terminator: "")
            status = 0
        case "lsp": status = languageServer(RunCommand.registry())
        case "simulate": status = SimulateCommand.run(rest)
        case "explore": status = ExploreCommand.run(rest)
        case "steps": status = StepsCommand.run(rest)
        default: status = run(arguments, RunCommand.registry)
        }
        exit(status)
    }

    static let lspUsage = """
        usage: spec-run lsp

        The language server for editors (LSP 3.17 over standard input and output): as a
        feature file is typed, its problems in QA's words, step completion, hover and
        quick fixes, in English or Japanese (docs/lsp.md). An editor starts it; it reads
        no files and starts no simulator.

        """

    /// `spec-run gherkin`: the library's runner with the real file system and standard streams.
    private static func gherkin(_ arguments: [String]) -> Int32 {
        let environment = GherkinCommandRunner.Environment(
            fileSystem: .local,
            writeOutput: { json in
                do { try json.write(to: STDOUT_FILENO) } catch {
                    writeText(
                        "\(GherkinCommandRunner.commandName): cannot write standard output: \(error)\n", error: true)
                    exit(2)
                }
            },
            writeError: { writeText($0, error: true) })
        return GherkinCommandRunner(environment: environment).run(arguments: arguments)
    }
}

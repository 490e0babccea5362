import Foundation
import SpecRunner

// The executable is thin: it picks the subcommand and hands over. First of all, the run
// command catches SIGINT, SIGTERM and SIGHUP: a Ctrl-C or a CI's cancel at any moment
// after this must end in a report (docs/runner.md, "Interrupts").
let subcommands: Set = ["gherkin", "simulate", "steps"]
if !subcommands.contains(CommandLine.arguments.dropFirst().first ?? "") { InterruptSource.catchSignalsEarly() }
// Then room for the sockets: Dispatch stops the process on its first use when it has no
// descriptors left.
OpenFileLimit.raise()
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "gherkin": status = GherkinCommand.run(Array(arguments.dropFirst()))
case "simulate": status = SimulateCommand.run(Array(arguments.dropFirst()))
case "steps": status = StepsCommand.run(Array(arguments.dropFirst()))
default: status = RunCommand.run(arguments)
}
exit(status)

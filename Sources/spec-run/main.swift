import Foundation
import SpecRunner

// The executable is thin: it picks the subcommand and hands over. First, room for the
// sockets: Dispatch stops the process on its first use when it has no descriptors left.
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

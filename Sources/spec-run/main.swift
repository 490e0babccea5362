import SpecRunCommands

// The executable is thin: everything it does is in SpecRunCommands, which a test
// executable with steps of its own shares (Tests/SelfTestBinary).
SpecRunCommandLine.main(Array(CommandLine.arguments.dropFirst()))

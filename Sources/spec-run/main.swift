import LanguageServer
import SpecRunCommands

// The executable is thin: everything it does is in SpecRunCommands, which a test
// executable with steps of its own shares (Tests/SelfTestBinary). It hands in the
// language server, so that the two modules build side by side.
SpecRunCommandLine.main(
    Array(CommandLine.arguments.dropFirst()), languageServer: { LanguageServer(registry: $0).run() }
)

import Foundation
import LanguageServer
import SpecRunCommands
import SpecRunner

// `spec-run-self-test`: the shipped `spec-run`'s command line, whose run command adds the
// self-test steps and hooks when the environment asks for them (`SelfTest`).
SpecRunCommandLine.main(
    Array(CommandLine.arguments.dropFirst()), languageServer: { LanguageServer(registry: $0).run() },
    run: { arguments, registry in
        guard let selfTest = SelfTest(environment: ProcessInfo.processInfo.environment) else {
            return SpecRun.main(arguments: arguments, registry: registry)
        }
        return selfTest.run(arguments, registry: registry)
    }
)

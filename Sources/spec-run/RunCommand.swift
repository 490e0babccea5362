import SimulatorServer
import SpecRunner
import StepLibrary

/// `spec-run [PATH[:LINE]…] [options]`: everything is parsed and done in SpecRunner; this
/// only supplies the QA step library, and how to start a built-in simulator for a worker.
enum RunCommand {
    static func run(_ arguments: [String]) -> Int32 {
        SpecRun.main(arguments: arguments, registry: registry)
    }

    /// The step library the run command uses; called only when a run starts, so `--help`
    /// and `--version` do no registration work. Without `--target`, each worker starts its
    /// own simulator on a free loopback port and stops it at the end of the run.
    static func registry() -> StepRegistry {
        QAStepLibrary.registry(simulatorLauncher: { _ in
            let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0, colocated: true)
            return LaunchedSimulator(url: simulator.webSocketBase, stop: { simulator.stop() })
        })
    }
}

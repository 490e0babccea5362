import Foundation
import Glibc
import SimulatorServer
import SpecRunner
import StepLibrary

/// `spec-run [PATH[:LINE]…] [options]`: everything is parsed and done in SpecRunner; this
/// only supplies the QA step library, and how to start a built-in simulator for a worker.
enum RunCommand {
    /// The step library the run command uses; called only when a run starts, so `--help`
    /// and `--version` do no registration work. Without `--target`, each worker starts its
    /// own simulator on a free loopback port and stops it at the end of the run.
    static func registry() -> StepRegistry {
        QAStepLibrary.registry(simulatorLauncher: { worker in
            let colocated = colocatesSimulators(workers: worker.workerCount)
            // A simulator with a core to itself keeps looking for the next request for
            // 2 ms: the worker usually sends it within that, and a wake-up from `poll`
            // costs more on a busy machine than the spin.
            let simulator = try SimulatorServer.start(
                host: "127.0.0.1", port: 0, colocated: colocated,
                idleSpin: colocated ? .microseconds(50) : .milliseconds(2))
            return (url: simulator.webSocketBase, stop: { simulator.stop() })
        })
    }

    /// Whether the workers' simulators run colocated (docs/architecture.md, "Where the
    /// simulators run"): when the workers fill every core, each worker's own thread runs
    /// its server's turns, since a server thread would only take turns on a busy core;
    /// while they leave a core free (`--jobs 1` on two cores), each server gets a thread
    /// of its own, and handling a request runs on the free core.
    static func colocatesSimulators(workers: Int) -> Bool {
        workers >= max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}

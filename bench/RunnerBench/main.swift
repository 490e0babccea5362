import Foundation
import SpecRunner

/// The runner with a no-op step library: one catch-all regular-expression step, so a
/// benchmark measures parsing, matching, running and reporting — not the steps.
/// Same command line as `spec-run` (see bench/runner/README.md).
func noOpRegistry() -> StepRegistry {
    var registry = StepRegistry()
    registry.step(regex: ".*", group: "bench") { _ in }
    return registry
}

exit(SpecRun.main(arguments: Array(CommandLine.arguments.dropFirst()), registry: noOpRegistry))

import Foundation
import Gherkin
import SimulatorServer
import TestSupport
import Testing

@testable import SpecRunner
@testable import StepLibrary

/// An interrupt that cuts a scenario short while the request pipeline holds a step's
/// answers or display check (docs/steps.md, "The request pipeline"): those steps could
/// still fail, so no report counts them as passed.
@Suite("An interrupt with the pipeline unsettled")
struct InterruptedPipelineTests {
    @Test func stepsWithWorkLeftAreNotReportedPassed() async throws {
        let folder = try BuiltBinary.temporaryDirectory("interrupted-pipeline")
        try """
        Feature: F
          Scenario: cut short while a check waits
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When I add "Latte" to the cart
            Then the display shows the payment screen
            And the run is interrupted

        """.write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        let interrupts = InterruptSource()
        let host = RunHost(
            currentDirectory: folder.path, environment: [:], isTerminal: false, hostname: "test", now: { Date() },
            standardOutput: { _ in }, standardError: { _ in }, makeInterrupts: { interrupts },
            parse: { bytes, uri in parseFeatureFile(bytes: bytes, uri: uri) })
        let registry: @Sendable () -> StepRegistry = {
            var registry = QAStepLibrary.registry(simulatorLauncher: RunnerCorpusTests.launcher)
            registry.step("the run is interrupted") { _ in
                interrupts.trigger("SIGINT")
                try await Task.sleep(for: .seconds(120))
            }
            return registry
        }
        let status = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(
                    returning: SpecRun.main(
                        arguments: ["f.feature", "--junit", "j.xml", "--format", "message:m.ndjson"],
                        registry: registry,
                        host: host))
            }.start()
        }
        #expect(status == 130)
        let lines = try String(contentsOf: folder.appendingPathComponent("m.ndjson"), encoding: .utf8)
            .split(separator: "\n")
        let statuses = lines.filter { $0.hasPrefix(#"{"testStepFinished""#) }.compactMap { line in
            line.firstMatch(of: /"status":"([A-Z]+)"/).map { String($0.1) }
        }
        // The check was never made: neither it nor the action it waited on passed.
        #expect(statuses.filter { $0 == "PASSED" }.count <= 1, "\(statuses)")
        #expect(statuses.contains("FAILED"), "\(statuses)")
        let junit = try String(contentsOf: folder.appendingPathComponent("j.xml"), encoding: .utf8)
        #expect(!junit.contains("the display shows the payment screen") || !junit.contains("payment screen ... passed"))
        #expect(junit.contains(#"type="interrupted""#), "\(junit)")
    }
}

import Testing

@testable import StepLibrary

/// A scenario's world holds its display connection and the connection's read buffer: one
/// kept after its scenario is memory a long run never gets back.
@Suite("A scenario's world is freed with its scenario")
struct WorldLifetimeTests {
    @Test(
        "a discarded world is freed, whether its steps passed or one failed and attached evidence",
        arguments: [
            #"When I add "Latte" to the cart"#,
            // Refused: the failure attaches the states to its step (`attachStates`).
            #"When I add "Mocha" to the cart"#,
        ])
    func freed(action: String) async throws {
        // A limit no loaded machine overruns: nothing here waits it out.
        let driver = try await ScenarioDriver.start(timeout: .seconds(10))
        defer { Task { await driver.stop() } }
        let outcome = try await driver.run(
            LiveSimulatorTests.catalog + "\n" + action + "\nThen the display shows the cart screen",
            timeout: .seconds(10))
        #expect(outcome.passed == !action.contains("Mocha"))
        // A task the world started may still be ending: give it a moment, no more.
        for _ in 0..<100 where outcome.world != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(outcome.world == nil, "the world outlived its scenario")
    }
}

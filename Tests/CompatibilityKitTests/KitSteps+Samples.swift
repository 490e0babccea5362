import CucumberExpressions
import Foundation
import SpecRunner

/// The samples whose steps keep state, hook, retry or define a parameter type.
extension KitSteps {
    static func hooks(_ registry: inout StepRegistry, sample: String) {
        let fail: @Sendable (ScenarioContext) async throws -> Void = { _ in
            throw StepFailure(.error, "Exception in conditional hook")
        }
        switch sample {
        case "hooks-attachment":
            registry.before { try $0.attach(asset("cucumber.svg", of: sample), mediaType: "image/svg+xml") }
            registry.step("a step passes") { _ in }
            registry.after { try $0.attach(asset("cucumber.svg", of: sample), mediaType: "image/svg+xml") }
        case "hooks-conditional":
            registry.before(tags: "@passing-hook") { _ in }
            registry.before(tags: "@fail-before", fail)
            registry.step("a step passes") { _ in }
            registry.after(tags: "@fail-after", fail)
            registry.after(tags: "@passing-hook") { _ in }
        case "hooks-named":
            registry.before(name: "A named before hook") { _ in }
            registry.step("a step passes") { _ in }
            registry.after(name: "A named after hook") { _ in }
        case "hooks-skipped":
            registry.before { _ in }
            registry.before(tags: "@skip-before") { _ in throw SkippedStep() }
            registry.before { _ in }
            registry.step("a normal step") { _ in }
            registry.step("a step that skips") { _ in throw SkippedStep() }
            registry.after { _ in }
            registry.after(tags: "@skip-after") { _ in throw SkippedStep() }
            registry.after { _ in }
        case "hooks-undefined":
            registry.before { _ in }
            registry.after { _ in }
        case "skipped-failing-hook":
            registry.step("a step that skips") { _ in throw SkippedStep() }
            registry.after { _ in throw StepFailure(.error, "whoops") }
        default:
            registry.before { _ in }
            registry.step("a step passes") { _ in }
            registry.step("a step fails") { _ in throw StepFailure(.error, "Exception in step") }
            registry.after { _ in }
        }
    }

    static func globalHooks(_ registry: inout StepRegistry, sample: String) {
        let fails: @Sendable (String) -> @Sendable (RunContext) async throws -> Void = { message in
            { _ in throw StepFailure(.error, message) }
        }
        switch sample {
        case "global-hooks-attachments":
            registry.beforeAll { $0.attach("Attachment from BeforeAll hook", mediaType: "text/plain") }
            registry.step("a step passes") { _ in }
            registry.afterAll { $0.attach("Attachment from AfterAll hook", mediaType: "text/plain") }
        case "global-hooks-beforeall-error":
            registry.beforeAll { _ in }
            registry.beforeAll(fails("BeforeAll hook went wrong"))
            registry.beforeAll { _ in }
            registry.step("a step passes") { _ in }
            registry.afterAll { _ in }
            registry.afterAll { _ in }
        case "global-hooks-afterall-error":
            registry.beforeAll { _ in }
            registry.beforeAll { _ in }
            registry.step("a step passes") { _ in }
            registry.afterAll { _ in }
            registry.afterAll(fails("AfterAll hook went wrong"))
            registry.afterAll { _ in }
        default:
            registry.beforeAll { _ in }
            registry.beforeAll { _ in }
            registry.step("a step passes") { _ in }
            registry.step("a step fails") { _ in throw StepFailure(.error, "Exception in step") }
            registry.afterAll { _ in }
            registry.afterAll { _ in }
        }
    }

    static func cucumbers(_ registry: inout StepRegistry, friends: Bool) {
        registry.step("there are {int} cucumbers") { context in
            try context.world(as: KitWorld.self)[number: "count"] = try context.argument(0)
        }
        if friends {
            registry.step("there are {int} friends") { context in
                try context.world(as: KitWorld.self)[number: "friends"] = try context.argument(0)
            }
        }
        registry.step("I eat {int} cucumbers") { context in
            let world = try context.world(as: KitWorld.self)
            world[number: "count"] = (world[number: "count"] ?? 0) - (try context.argument(0, as: Int.self))
        }
        registry.step("I should have {int} cucumbers") { context in
            let count = try context.world(as: KitWorld.self)[number: "count"] ?? 0
            let expected: Int = try context.argument(0)
            guard count == expected else {
                throw StepFailure(.assertion, "Expected values to be strictly equal:\n\n\(count) !== \(expected)\n")
            }
        }
        guard friends else { return }
        registry.step("each person can eat {int} cucumbers") { context in
            let world = try context.world(as: KitWorld.self)
            let share = (world[number: "count"] ?? 0) / (1 + (world[number: "friends"] ?? 0))
            guard share == (try context.argument(0, as: Int.self)) else { throw StepFailure(.assertion, "share") }
        }
    }

    static func dataTables(_ registry: inout StepRegistry) {
        registry.step("the following table is transposed:") { context in
            let rows = context.dataTable?.rows.map { $0.cells.map(\.value) } ?? []
            let width = rows.first?.count ?? 0
            try context.world(as: KitWorld.self)[table: "transposed"] = (0..<width).map { column in
                rows.map { $0[column] }
            }
        }
        registry.step("it should be:") { context in
            let expected = context.dataTable?.rows.map { $0.cells.map(\.value) } ?? []
            guard try context.world(as: KitWorld.self)[table: "transposed"] == expected else {
                throw StepFailure(.assertion, "the transposed table differs")
            }
        }
    }

    static func parameterTypes(_ registry: inout StepRegistry) {
        registry.defineParameterType(
            ParameterType(
                name: "flight", regexps: ["([A-Z]{3})-([A-Z]{3})"],
                transform: { groups in "\(groups[0] ?? "")-\(groups[1] ?? "")" }))
        registry.step("{flight} has been delayed") { context in
            guard try context.argument(0, as: String.self) == "LHR-CDG" else {
                throw StepFailure(.assertion, "not the flight from LHR to CDG")
            }
        }
    }

    static func retry(_ registry: inout StepRegistry) {
        let second = KitCounter()
        let third = KitCounter()
        registry.step("a step that always passes") { _ in }
        registry.step("a step that passes the second time") { _ in
            if second.next() < 2 { throw StepFailure(.error, "Exception in step") }
        }
        registry.step("a step that passes the third time") { _ in
            if third.next() < 3 { throw StepFailure(.error, "Exception in step") }
        }
        registry.step("a step that always fails") { _ in throw StepFailure(.error, "Exception in step") }
    }

    static func rules(_ registry: inout StepRegistry) {
        registry.step("the customer has {int} cents") { context in
            try context.world(as: KitWorld.self)[number: "money"] = try context.argument(0)
        }
        registry.step("there are chocolate bars in stock") { context in
            try context.world(as: KitWorld.self)[number: "stock"] = 1
        }
        registry.step("there are no chocolate bars in stock") { context in
            try context.world(as: KitWorld.self)[number: "stock"] = 0
        }
        registry.step("the customer tries to buy a {int} cent chocolate bar") { context in
            let world = try context.world(as: KitWorld.self)
            let price: Int = try context.argument(0)
            if (world[number: "money"] ?? 0) >= price, (world[number: "stock"] ?? 0) > 0 {
                world[number: "stock"] = 0
                world[number: "chocolate"] = 1
            }
        }
        registry.step("the sale should not happen") { context in
            guard try context.world(as: KitWorld.self)[number: "chocolate"] == nil else {
                throw StepFailure(.assertion, "a sale happened")
            }
        }
        registry.step("the sale should happen") { context in
            guard try context.world(as: KitWorld.self)[number: "chocolate"] != nil else {
                throw StepFailure(.assertion, "no sale happened")
            }
        }
    }
}

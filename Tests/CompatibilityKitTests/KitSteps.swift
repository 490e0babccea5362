import CucumberExpressions
import Foundation
import SpecRunner
import TestSupport

/// Each Compatibility Kit sample's step definitions and hooks in Swift, doing what the
/// sample's `.ts` does: `return 'pending'` is `PendingStep("")`, `'skipped'` is
/// `SkippedStep()`, `throw new Error(m)` is `StepFailure(.error, m)`.
enum KitSteps {
    static func registry(for sample: String) -> StepRegistry {
        var registry = StepRegistry()
        registry.environmentFactory = { _ in KitEnvironment() }
        switch sample {
        case "all-statuses": statuses(&registry, order: ["a step", "failing", "pending", "skipped", "ambiguous"])
        case "failedish-combinations":
            statuses(&registry, order: ["a step", "skipped", "pending", "ambiguous", "failing"])
        case "ambiguous":
            registry.step(regex: "^a (.*?) with (.*?)$") { _ in }
            registry.step(regex: "^a step with (.*?)$") { _ in }
        case "attachments": attachments(&registry)
        case "multiple-features", "multiple-features-reversed": registry.step("an order for {string}") { _ in }
        case "backgrounds", "rules-backgrounds":
            registry.step("an order for {string}") { _ in }
            registry.step("an action") { _ in }
            registry.step("an outcome") { _ in }
        case "cdata": registry.step("I have {int} <![CDATA[cukes]]> in my belly") { _ in }
        case "data-tables": dataTables(&registry)
        case "doc-strings": registry.step("a doc string:") { _ in }
        case "examples-tables": cucumbers(&registry, friends: true)
        case "examples-tables-undefined", "examples-tables-undefined-multiple": cucumbers(&registry, friends: false)
        case "examples-tables-attachment":
            registry.step("a JPEG image is attached") { context in
                context.attach(try asset("cucumber.jpeg", of: sample), mediaType: "image/jpeg")
            }
            registry.step("a PNG image is attached") { context in
                context.attach(try asset("cucumber.png", of: sample), mediaType: "image/png")
            }
        case "hooks", "hooks-attachment", "hooks-conditional", "hooks-named", "hooks-skipped", "hooks-undefined",
            "skipped-failing-hook":
            hooks(&registry, sample: sample)
        case "global-hooks", "global-hooks-afterall-error", "global-hooks-attachments", "global-hooks-beforeall-error":
            globalHooks(&registry, sample: sample)
        case "minimal": registry.step("I have {int} cukes in my belly") { _ in }
        case "parameter-types": parameterTypes(&registry)
        case "pending":
            registry.step("an implemented non-pending step") { _ in }
            registry.step("an implemented step that is skipped") { _ in }
            registry.step("an unimplemented pending step") { _ in throw PendingStep("") }
        case "pending-exception": registry.step("an unimplemented pending step") { _ in throw PendingStep("TODO") }
        case "regular-expression": registry.step(regex: "^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$") { _ in }
        case "retry": retry(&registry)
        case "retry-ambiguous":
            registry.step("an ambiguous step") { _ in }
            registry.step("an ambiguous step") { _ in }
        case "retry-pending": registry.step("a pending step") { _ in throw PendingStep("") }
        case "rules": rules(&registry)
        case "skipped":
            registry.step("a step that does not skip") { _ in }
            registry.step("a step that is skipped") { _ in }
            registry.step("I skip a step") { _ in throw SkippedStep() }
        case "skipped-exception": registry.step("I skip a step") { _ in throw SkippedStep("skipping") }
        case "stack-traces": registry.step("a step throws an exception") { _ in throw StepFailure(.error, "BOOM") }
        case "unknown-parameter-type":
            registry.step("{airport} is closed because of a strike") { _ in
                throw StepFailure(.error, "Should not be called because airport parameter type has not been defined")
            }
        case "undefined", "undefined-multiple":
            registry.step("an implemented step") { _ in }
            registry.step("a step that will be skipped") { _ in }
        case "unused-steps":
            registry.step("a step that is used") { _ in }
            registry.step("a step that is not used") { _ in }
        default: break
        }
        return registry
    }

    /// A file beside the sample's feature (an image, a PDF).
    static func asset(_ name: String, of sample: String) throws -> Data {
        try Data(contentsOf: SharedTestdata.url("testdata/cucumber-compatibility-kit/samples/\(sample)/\(name)"))
    }

    /// The status samples' steps, in the order each sample defines them.
    private static func statuses(_ registry: inout StepRegistry, order: [String]) {
        for name in order {
            switch name {
            case "a step": registry.step(regex: "^a step$") { _ in }
            case "failing": registry.step(regex: "^a failing step$") { _ in throw StepFailure(.error, "whoops") }
            case "pending": registry.step(regex: "^a pending step$") { _ in throw PendingStep("") }
            case "skipped": registry.step(regex: "^a skipped step$") { _ in throw SkippedStep() }
            default:
                registry.step(regex: "^an ambiguous (.*?)$") { _ in }
                registry.step(regex: "^(.*?) ambiguous step$") { _ in }
            }
        }
    }

    private static func attachments(_ registry: inout StepRegistry) {
        registry.step("the string {string} is attached as {string}") { context in
            context.attach(try context.argument(0, as: String.self), mediaType: try context.argument(1))
        }
        registry.step("the string {string} is logged") { context in context.log(try context.argument(0)) }
        registry.step("text with ANSI escapes is logged") { context in
            context.log(
                "This displays a \u{1b}[31mr\u{1b}[0m\u{1b}[91ma\u{1b}[0m\u{1b}[33mi\u{1b}[0m\u{1b}[32mn\u{1b}[0m"
                    + "\u{1b}[34mb\u{1b}[0m\u{1b}[95mo\u{1b}[0m\u{1b}[35mw\u{1b}[0m")
        }
        registry.step("the following string is attached as {string}:") { context in
            context.attach(context.docString?.content ?? "", mediaType: try context.argument(0))
        }
        registry.step("an array with {int} bytes is attached as {string}") { context in
            let size: Int = try context.argument(0)
            context.attach(Data((0..<size).map { UInt8(truncatingIfNeeded: $0) }), mediaType: try context.argument(1))
        }
        registry.step("a PDF document is attached and renamed") { context in
            context.attach(
                try asset("document.pdf", of: "attachments"), mediaType: "application/pdf", fileName: "renamed.pdf")
        }
        registry.step("a link to {string} is attached") { context in context.link(try context.argument(0)) }
        registry.step("the string {string} is attached as {string} before a failure") { context in
            context.attach(try context.argument(0, as: String.self), mediaType: try context.argument(1))
            throw StepFailure(.error, "whoops")
        }
    }
}

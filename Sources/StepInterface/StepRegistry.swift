// Part of the interface between the runner and step libraries (docs/architecture.md).
import CucumberExpressions
import Gherkin

/// What a step library hands the runner: parameter types, step definitions, hooks and
/// how to make each worker's environment. Built once, then read-only.
public struct StepRegistry: Sendable {
    package var parameterTypes = ParameterTypeRegistry()
    package private(set) var definitions: [StepDefinition] = []
    package private(set) var hooks: [Hook] = []
    /// `beforeAll` and `afterAll` hooks, in registration order.
    package private(set) var runHooks: [RunHook] = []
    /// Problems found while registering (a bad expression, a duplicate parameter type):
    /// the runner reports them before running anything, as a run that cannot start.
    package private(set) var registrationErrors: [String] = []
    /// Parameter types, step definitions and hooks in the order they were registered
    /// (the Cucumber Messages list them so).
    package private(set) var registrationOrder: [Registration] = []
    /// The step definitions left out because their expressions name a parameter type
    /// nobody defined: the steps they would match are undefined, and the run says why.
    package var undefinedParameterTypes: [(name: String, expression: String, sourceLocation: String)] {
        registrationOrder.compactMap {
            guard case .undefinedParameterType(let name, let expression, let location) = $0 else { return nil }
            return (name, expression, location)
        }
    }
    /// The words QA write for the library's own, for "did you mean".
    public var synonyms = StepSynonyms()
    /// The page an HTML fragment a step attaches is shown in (the library's style around
    /// it, before and after): the HTML report puts each `text/html` attachment that is not
    /// a whole document (`<!DOCTYPE`, `<html`) between the two. Nil shows fragments as
    /// they are.
    public var fragmentPage: (prefix: String, suffix: String)?
    /// Makes each worker's environment; the default gives an empty world per scenario.
    public var environmentFactory: WorkerEnvironmentFactory = { _ in PlainEnvironment() }

    public init() {}

    /// Adds a custom parameter type (`{yen}`).
    public mutating func defineParameterType(_ type: ParameterType, fileID: String = #fileID, line: Int = #line) {
        do {
            try parameterTypes.define(type)
            registrationOrder.append(.parameterType(name: type.name, sourceLocation: "\(fileID):\(line)"))
        } catch {
            registrationErrors.append("parameter type {\(type.name)}: \(error)")
        }
    }

    /// Defines a step by Cucumber Expression: `step("I add {int} {string} to the cart") { … }`.
    /// `checkArgument` finds what is wrong with a step's table or doc string before it runs
    /// (`--dry-run` reports it); the body must still check what it reads. `checkTableValues`
    /// finds a table cell the body could not read, for `--dry-run` alone. `alsoWritten`:
    /// other wordings of the same step (`StepWordings`), with the same parameters (in
    /// another order only for a body that reads its arguments by type).
    public mutating func step(
        _ expression: String, alsoWritten: [String] = [], group: String = "", example: String? = nil,
        checkArgument: (@Sendable (PickleStepArgument?) -> String?)? = nil,
        checkTableValues: (@Sendable (PickleStepArgument?) -> String?)? = nil,
        checkStepValues: (@Sendable ([any Sendable]) -> String?)? = nil, outcomeRole: OutcomeRole? = nil,
        fileID: String = #fileID, line: Int = #line, _ body: @escaping StepBody
    ) {
        do {
            let primary = try CucumberExpression(expression, registry: parameterTypes)
            let alternatives = try alsoWritten.map { try CucumberExpression($0, registry: parameterTypes) }
            let compiled: any StepExpression =
                alternatives.isEmpty ? primary : StepWordings(primary: primary, alternatives: alternatives)
            add(
                StepDefinition(
                    expression: compiled, body: body, sourceLocation: "\(fileID):\(line)", group: group,
                    example: example, checkArgument: checkArgument, checkTableValues: checkTableValues,
                    checkStepValues: checkStepValues, outcomeRole: outcomeRole))
        } catch {
            if let name = (error as? CucumberExpressionError)?.undefinedParameterType {
                // Cucumber's rule: the step stays undefined and the run goes on
                // (`undefinedParameterTypes`).
                registrationOrder.append(
                    .undefinedParameterType(name: name, expression: expression, sourceLocation: "\(fileID):\(line)"))
            } else {
                registrationErrors.append("\(fileID):\(line): step \"\(expression)\": \(error)")
            }
        }
    }

    /// Defines a step by regular expression (anchored at both ends).
    public mutating func step(
        regex pattern: String, group: String = "", example: String? = nil,
        fileID: String = #fileID, line: Int = #line, _ body: @escaping StepBody
    ) {
        do {
            let compiled = try RegularExpression(pattern, registry: parameterTypes)
            step(expression: compiled, group: group, example: example, fileID: fileID, line: line, body)
        } catch {
            registrationErrors.append("\(fileID):\(line): step /\(pattern)/: \(error)")
        }
    }

    /// Defines a step by an already built expression (any `StepExpression`), for step
    /// libraries with their own matching and for tests.
    public mutating func step(
        expression: any StepExpression, group: String = "", example: String? = nil,
        fileID: String = #fileID, line: Int = #line, _ body: @escaping StepBody
    ) {
        add(
            StepDefinition(
                expression: expression, body: body, sourceLocation: "\(fileID):\(line)", group: group,
                example: example))
    }

    private mutating func add(_ definition: StepDefinition) {
        registrationOrder.append(.definition(definitions.count))
        definitions.append(definition)
    }

    /// Runs `body` before each scenario (whose tags match `tags`, when given).
    public mutating func before(
        tags: String? = nil, name: String? = nil, fileID: String = #fileID, line: Int = #line,
        _ body: @escaping @Sendable (ScenarioContext) async throws -> Void
    ) {
        addHook(.beforeScenario, tags: tags, name: name, at: "\(fileID):\(line)", body)
    }

    /// Runs `body` after each scenario (whose tags match `tags`, when given), also after a
    /// failure. A hook that throws fails the scenario.
    public mutating func after(
        tags: String? = nil, name: String? = nil, fileID: String = #fileID, line: Int = #line,
        _ body: @escaping @Sendable (ScenarioContext) async throws -> Void
    ) {
        addHook(.afterScenario, tags: tags, name: name, at: "\(fileID):\(line)", body)
    }

    private mutating func addHook(
        _ phase: Hook.Phase, tags: String?, name: String?, at sourceLocation: String,
        _ body: @escaping @Sendable (ScenarioContext) async throws -> Void
    ) {
        registrationOrder.append(.hook(hooks.count))
        hooks.append(Hook(phase: phase, tagExpression: tags, sourceLocation: sourceLocation, name: name, body: body))
    }
}

/// One thing a step library registered, by its place in the registry.
package enum Registration: Sendable, Equatable {
    case parameterType(name: String, sourceLocation: String)
    /// An index into `StepRegistry.definitions`.
    case definition(Int)
    /// An index into `StepRegistry.hooks`.
    case hook(Int)
    /// An index into `StepRegistry.runHooks`.
    case runHook(Int)
    /// A step definition left out because its expression names a parameter type nobody
    /// defined.
    case undefinedParameterType(name: String, expression: String, sourceLocation: String)
}

extension StepRegistry {
    /// Runs `body` once before the first scenario. A hook that throws fails the run: no
    /// scenario runs (the `afterAll` hooks still do).
    public mutating func beforeAll(
        name: String? = nil, fileID: String = #fileID, line: Int = #line,
        _ body: @escaping @Sendable (RunContext) async throws -> Void
    ) {
        addRunHook(RunHook(phase: .beforeRun, name: name, sourceLocation: "\(fileID):\(line)", body: body))
    }

    /// Runs `body` once after the last scenario (also when a `beforeAll` hook failed).
    /// A hook that throws fails the run.
    public mutating func afterAll(
        name: String? = nil, fileID: String = #fileID, line: Int = #line,
        _ body: @escaping @Sendable (RunContext) async throws -> Void
    ) {
        addRunHook(RunHook(phase: .afterRun, name: name, sourceLocation: "\(fileID):\(line)", body: body))
    }

    private mutating func addRunHook(_ hook: RunHook) {
        registrationOrder.append(.runHook(runHooks.count))
        runHooks.append(hook)
    }
}

/// A world with no state, for step libraries that need none.
package final class EmptyWorld: ScenarioWorld {
    package init() {}
}

/// The default environment: nothing to start, an `EmptyWorld` per scenario.
package struct PlainEnvironment: WorkerEnvironment {
    package init() {}
    package func makeWorld() async throws -> any ScenarioWorld { EmptyWorld() }
    package func discard(_ world: any ScenarioWorld) async {}
    package func shutdown() async {}
}

/// What a `beforeAll` or `afterAll` hook gets: somewhere to attach.
public struct RunContext: Sendable, Attaching {
    /// Collects what the hook attaches (`attach`, `log`, `link`).
    public package(set) var attachmentSink = AttachmentSink()
    package init() {}
}

/// A hook that runs once for the whole run, before the first scenario or after the last.
package struct RunHook: Sendable {
    package enum Phase: Sendable { case beforeRun, afterRun }
    package var phase: Phase
    package var name: String?
    /// Where the hook is defined (`StepLibrary/Hooks.swift:12`).
    package var sourceLocation: String
    package var body: @Sendable (RunContext) async throws -> Void
}

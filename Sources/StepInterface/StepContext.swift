// Part of the interface between the runner and step libraries (docs/architecture.md).
import Gherkin

/// Where a step is written: `features/cart.feature:12`.
public struct SourceLine: Hashable, Sendable, CustomStringConvertible {
    public var uri: String
    public var line: Int
    public init(uri: String, line: Int) {
        self.uri = uri
        self.line = line
    }
    public var description: String { "\(uri):\(line)" }
}

/// Everything a step body gets: its transformed arguments, its table or doc string, the
/// scenario's world and the limits it runs under.
public struct StepContext: Sendable, Attaching {
    /// The transformed parameter values, in order (`Int` for `{int}`, `String` for `{string}`…).
    public var arguments: [any Sendable]
    public var dataTable: PickleTable?
    public var docString: PickleDocString?
    public var world: any ScenarioWorld
    /// The step text as written, placeholders filled in (without the keyword).
    public var text: String
    /// The keyword as written (`"Given "`, `"前提"`).
    public var keyword: String
    /// Where the step is written.
    public var location: SourceLine
    /// The per-step limit (`--timeout`), for steps that wait (display assertions).
    public var timeout: Duration
    /// The step's 0-based position in its scenario, which a later failure may name
    /// (`StepFailure.stepIndex`).
    public var index: Int
    /// Collects what the step attaches (`attach`, `log`, `link`).
    public package(set) var attachmentSink = AttachmentSink()

    public init(
        arguments: [any Sendable], dataTable: PickleTable?, docString: PickleDocString?,
        world: any ScenarioWorld, text: String, keyword: String, location: SourceLine, timeout: Duration,
        index: Int = 0
    ) {
        self.index = index
        self.arguments = arguments
        self.dataTable = dataTable
        self.docString = docString
        self.world = world
        self.text = text
        self.keyword = keyword
        self.location = location
        self.timeout = timeout
    }

    /// The argument at `index` as a `T`, or a clear `StepFailure(kind: .error)`.
    public func argument<T>(_ index: Int, as type: T.Type = T.self) throws -> T {
        guard arguments.indices.contains(index) else {
            throw StepFailure(
                .error, "the step definition expects an argument #\(index + 1), but the step has \(arguments.count)")
        }
        guard let value = arguments[index] as? T else {
            throw StepFailure(
                .error, "argument #\(index + 1) is a \(Swift.type(of: arguments[index])), not a \(T.self)")
        }
        return value
    }

    /// The scenario's world as the step library's concrete type.
    public func world<W: ScenarioWorld>(as type: W.Type = W.self) throws -> W {
        guard let typed = world as? W else {
            throw StepFailure(.error, "the scenario world is a \(Swift.type(of: world)), not a \(W.self)")
        }
        return typed
    }
}

/// What a hook gets: the scenario and its world (and, for `after` hooks, how it went).
public struct ScenarioContext: Sendable, Attaching {
    package var pickle: Pickle
    public var world: any ScenarioWorld
    /// `nil` in `before` hooks; in `after` hooks, whether every step passed so far.
    public var passed: Bool?
    /// Collects what the hook attaches (`attach`, `log`, `link`).
    public package(set) var attachmentSink = AttachmentSink()
    package init(pickle: Pickle, world: any ScenarioWorld, passed: Bool?) {
        self.pickle = pickle
        self.world = world
        self.passed = passed
    }
}

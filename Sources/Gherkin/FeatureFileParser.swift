// The Gherkin module's entry point, used by SpecRunner and the gherkin command (docs/architecture.md).
// The pipeline behind them: TokenScanner → TokenMatcher → GherkinParser (+ AstBuilder) →
// PickleCompiler.
import Synchronization

/// Everything known about one feature file after reading it.
public struct ParsedFeatureFile: Sendable {
    public var uri: String
    /// The file's text, when it was valid UTF-8.
    public var source: String?
    /// The document, when the file parsed (nil when there were errors).
    public var document: GherkinDocument?
    /// The compiled pickles, in file order (empty when there were errors).
    public var pickles: [Pickle]
    /// Every problem found, in file order.
    public var errors: [ParseError]

    public init(uri: String, source: String?, document: GherkinDocument?, pickles: [Pickle], errors: [ParseError]) {
        self.uri = uri
        self.source = source
        self.document = document
        self.pickles = pickles
        self.errors = errors
    }
}

/// Hands out AST and pickle ids. Injected so output is deterministic in tests.
public final class IdGenerator: Sendable {
    private let counter = Atomic<Int>(0)
    private let useUUIDs: Bool

    private init(useUUIDs: Bool) { self.useUUIDs = useUUIDs }

    /// "0", "1", "2", … (the reference's `--predictable-ids`).
    public static func incrementing() -> IdGenerator { IdGenerator(useUUIDs: false) }

    /// Random version 4 UUIDs in lower case, as Cucumber's tools emit by default.
    public static func uuids() -> IdGenerator { IdGenerator(useUUIDs: true) }

    public func next() -> String {
        if useUUIDs { return RandomUUID.next() }
        return Self.decimal(counter.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    /// `String(value)` for a counter, written straight into the string's storage (the generic
    /// integer printing shows up in profiles: every AST node and pickle draws an id).
    private static func decimal(_ value: Int) -> String {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return String(unsafeUninitializedCapacity: digits) { buffer in
            var remaining = value
            for index in stride(from: digits - 1, through: 0, by: -1) {
                buffer[index] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
                remaining /= 10
            }
            return digits
        }
    }
}

/// Reads one feature file. Never throws and never traps: every problem (invalid UTF-8,
/// unknown language, syntax errors) comes back in `errors`.
public func parseFeatureFile(bytes: [UInt8], uri: String, ids: IdGenerator = .incrementing()) -> ParsedFeatureFile {
    FeatureFileReader(uri: uri, ids: ids).read(bytes)
}

// PLACEHOLDER: the Gherkin helper replaces this with the real pipeline
// (scanner → matcher → parser → AST builder → pickle compiler). The signatures are the
// contract other modules code against; keep them.
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
    private let counter = Mutex(0)
    private let useUUIDs: Bool

    private init(useUUIDs: Bool) { self.useUUIDs = useUUIDs }

    /// "0", "1", "2", … (the reference's `--predictable-ids`).
    public static func incrementing() -> IdGenerator { IdGenerator(useUUIDs: false) }

    public func next() -> String {
        let value = counter.withLock { value in
            defer { value += 1 }
            return value
        }
        return String(value)
    }
}

/// Reads one feature file. Never throws and never traps: every problem (invalid UTF-8,
/// unknown language, syntax errors) comes back in `errors`.
public func parseFeatureFile(bytes: [UInt8], uri: String, ids: IdGenerator = .incrementing()) -> ParsedFeatureFile {
    ParsedFeatureFile(uri: uri, source: nil, document: nil, pickles: [], errors: [])
}

// The Gherkin module's entry point, used by SpecRunner and the gherkin command (docs/architecture.md).
// The pipeline behind them: TokenScanner → TokenMatcher → GherkinParser (+ AstBuilder) →
// PickleCompiler.
import Synchronization

/// Everything known about one feature file after reading it.
public struct ParsedFeatureFile: Sendable {
    public var uri: String
    /// The file's text, when it was valid UTF-8.
    ///
    /// Built on first use from the file's bytes (kept by reference, not copied): most
    /// readers only want the document and pickles, and a copy of every file costs as much
    /// as a tenth of the parse.
    public var source: String? {
        get { storedSource ?? sourceBytes.map { String(decoding: $0, as: UTF8.self) } }
        set {
            storedSource = newValue
            sourceBytes = nil
        }
    }
    /// The file's text as UTF-8 bytes, when it was valid UTF-8: for a reader of bytes,
    /// without building `source`.
    public var sourceUTF8: [UInt8]? { sourceBytes ?? storedSource.map { Array($0.utf8) } }
    private var storedSource: String?
    /// Valid UTF-8, when `source` is to be built from it.
    private var sourceBytes: [UInt8]?
    /// The document, when the file parsed (nil when there were errors).
    public var document: GherkinDocument?
    /// The compiled pickles, in file order (empty when there were errors).
    public var pickles: [Pickle]
    /// Every problem found, in file order.
    public var errors: [ParseError]
    /// How many ids the reading drew: exact when its generator served it alone (each file
    /// read with a generator of its own, as a run plans them).
    public var idsDrawn = 0

    public init(uri: String, source: String?, document: GherkinDocument?, pickles: [Pickle], errors: [ParseError]) {
        self.uri = uri
        self.storedSource = source
        self.document = document
        self.pickles = pickles
        self.errors = errors
    }

    /// A file whose source is `validBytes`, which the caller checked are valid UTF-8.
    init(uri: String, validBytes: [UInt8], document: GherkinDocument?, pickles: [Pickle], errors: [ParseError]) {
        self.uri = uri
        self.sourceBytes = validBytes
        self.document = document
        self.pickles = pickles
        self.errors = errors
    }
}

/// Hands out AST and pickle ids. Injected so output is deterministic in tests.
public final class IdGenerator: Sendable {
    private let counter = Atomic<Int>(0)
    let usesUUIDs: Bool

    private init(useUUIDs: Bool, first: Int = 0) {
        self.usesUUIDs = useUUIDs
        counter.store(first, ordering: .relaxed)
    }

    /// "0", "1", "2", … (the reference's `--predictable-ids`).
    public static func incrementing() -> IdGenerator { IdGenerator(useUUIDs: false) }

    /// `first`, then the numbers after it: for a block reserved from another generator.
    public static func incrementing(from first: Int) -> IdGenerator { IdGenerator(useUUIDs: false, first: first) }

    /// Random version 4 UUIDs in lower case, as Cucumber's tools emit by default.
    public static func uuids() -> IdGenerator { IdGenerator(useUUIDs: true) }

    public func next() -> String {
        if usesUUIDs {
            var uuids = RandomUUIDs()
            return uuids.next()
        }
        return SmallString.decimal(counter.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    /// Reserves `count` consecutive counter values and returns the first (see `IdCursor`);
    /// `reserve(0)` is the value the next id takes.
    public func reserve(_ count: Int) -> Int {
        counter.wrappingAdd(count, ordering: .relaxed).oldValue
    }

    /// Returns `start..<end`, the unused end of a reservation, unless values past it were
    /// reserved since (then they stay unused: ids only need to be unique).
    func giveBack(from start: Int, reservedUpTo end: Int) {
        _ = counter.compareExchange(expected: end, desired: start, ordering: .relaxed)
    }
}

/// Reads one feature file. Never throws and never traps: every problem (invalid UTF-8,
/// unknown language, syntax errors) comes back in `errors`.
public func parseFeatureFile(bytes: [UInt8], uri: String, ids: IdGenerator = .incrementing()) -> ParsedFeatureFile {
    FeatureFileReader(uri: uri, ids: ids).read(bytes)
}

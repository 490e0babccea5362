/// Runs the whole pipeline on one file's bytes: check the encoding, parse, compile.
public struct FeatureFileReader: Sendable {
    public var uri: String
    public var ids: IdGenerator

    public init(uri: String, ids: IdGenerator) {
        self.uri = uri
        self.ids = ids
    }

    public func read(_ bytes: [UInt8]) -> ParsedFeatureFile {
        // Fast path: validate while building the string; locate a problem only when there is one.
        let validated = String(validating: bytes, as: UTF8.self)
        if validated == nil || SourceCheck.containsNUL(bytes), let problem = SourceCheck.problem(in: bytes) {
            let error = ParserError(message: problem.message, location: problem.location)
            return ParsedFeatureFile(
                uri: uri, source: problem.isEncodingError ? nil : String(decoding: bytes, as: UTF8.self),
                document: nil, pickles: [],
                errors: [ParseError(uri: uri, location: error.location, message: error.fullMessage)]
            )
        }
        let source = validated ?? String(decoding: bytes, as: UTF8.self)
        var parser = GherkinParser(bytes: bytes, uri: uri, ids: ids)
        guard let document = parser.parse() else {
            let errors = parser.errors.map { ParseError(uri: uri, location: $0.location, message: $0.fullMessage) }
            return ParsedFeatureFile(uri: uri, source: source, document: nil, pickles: [], errors: errors)
        }
        let pickles = PickleCompiler(ids: ids).compile(document, uri: uri)
        return ParsedFeatureFile(uri: uri, source: source, document: document, pickles: pickles, errors: [])
    }

    /// The tokens the parser accepted, formatted as the reference's `.tokens` files
    /// (one per line, ending with `EOF`), or the errors when the file does not parse.
    public func formattedTokens(_ bytes: [UInt8]) -> String {
        var parser = GherkinParser(bytes: bytes, uri: uri, ids: ids, recordingTokens: true)
        _ = parser.parse()
        return parser.acceptedTokens.map { TokenFormatter.format($0, in: bytes) }.joined(separator: "\n") + "\n"
    }
}

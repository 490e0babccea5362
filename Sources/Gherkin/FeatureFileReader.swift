/// Runs the whole pipeline on one file's bytes: check the encoding, parse, compile.
public struct FeatureFileReader: Sendable {
    public var uri: String
    public var ids: IdGenerator

    public init(uri: String, ids: IdGenerator) {
        self.uri = uri
        self.ids = ids
    }

    public func read(_ bytes: [UInt8]) -> ParsedFeatureFile {
        // Fast path: one check of the whole file; locate a problem only when there is one.
        if !SourceCheck.isClean(bytes), let problem = SourceCheck.problem(in: bytes) {
            let error = ParserError(message: problem.message, location: problem.location)
            return ParsedFeatureFile(
                uri: uri, source: problem.isEncodingError ? nil : String(decoding: bytes, as: UTF8.self),
                document: nil, pickles: [],
                errors: [ParseError(uri: uri, location: error.location, message: error.fullMessage)]
            )
        }
        var parser = GherkinParser(bytes: bytes, uri: uri, ids: IdCursor(ids))
        guard let document = parser.parse() else {
            var cursor = parser.idCursor
            cursor.finish()
            let errors = parser.errors.map {
                ParseError(uri: uri, location: $0.location, message: $0.fullMessage, detail: $0.detail)
            }
            return ParsedFeatureFile(uri: uri, validBytes: bytes, document: nil, pickles: [], errors: errors)
        }
        var compiler = PickleCompiler(ids: parser.idCursor)
        let pickles = compiler.compile(document, uri: uri)
        compiler.ids.finish()
        return ParsedFeatureFile(uri: uri, validBytes: bytes, document: document, pickles: pickles, errors: [])
    }

    /// The tokens the parser accepted, formatted as the reference's `.tokens` files
    /// (one per line, ending with `EOF`), or the errors when the file does not parse.
    public func formattedTokens(_ bytes: [UInt8]) -> String {
        var parser = GherkinParser(bytes: bytes, uri: uri, ids: IdCursor(ids), recordingTokens: true)
        _ = parser.parse()
        var cursor = parser.idCursor
        cursor.finish()
        return parser.acceptedTokens.map { TokenFormatter.format($0, in: bytes) }.joined(separator: "\n") + "\n"
    }
}

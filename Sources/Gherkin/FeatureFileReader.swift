/// Runs the whole pipeline on one file's bytes: check the encoding, parse, compile.
public struct FeatureFileReader: Sendable {
    public var uri: String
    public var ids: IdGenerator

    public init(uri: String, ids: IdGenerator) {
        self.uri = uri
        self.ids = ids
    }

    public func read(_ bytes: [UInt8]) -> ParsedFeatureFile {
        let first = ids.reserve(0)
        var parsed = parse(bytes)
        parsed.idsDrawn = ids.reserve(0) - first
        return parsed
    }

    private func parse(_ bytes: [UInt8]) -> ParsedFeatureFile {
        // Fast path: one check of the whole file; locate a problem only when there is one.
        if !SourceCheck.isClean(bytes), let problem = SourceCheck.problem(in: bytes) {
            let error = ParserError(message: problem.message, location: problem.location, kind: .unreadableSource)
            return ParsedFeatureFile(
                uri: uri, source: problem.isEncodingError ? nil : String(decoding: bytes, as: UTF8.self),
                document: nil, pickles: [],
                errors: [ParseError(uri: uri, location: error.location, message: error.fullMessage, kind: error.kind)]
            )
        }
        var parser = GherkinParser(bytes: bytes, uri: uri, ids: IdCursor(ids))
        guard let document = parser.parse() else {
            var cursor = parser.idCursor
            cursor.finish()
            let errors = parser.errors.map {
                ParseError(uri: uri, location: $0.location, message: $0.fullMessage, kind: $0.kind)
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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FeatureFileReader {
    /// The largest feature file read: 4 MiB, about 60,000 lines of steps, far above any
    /// feature a person writes, and small enough that a run never holds a runaway file
    /// (`/dev/zero`, a log renamed `.feature`) in memory.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// Why a file's bytes were not read.
    public enum ReadRefusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Larger than `maximumFileSize` (nil: it grew past it while read).
        case tooLarge(size: Int?)
        /// Not a regular file: a named pipe, a device, a socket or a folder (by name).
        case notRegularFile(kind: String)
        /// `open` or `read` failed with this `errno`.
        case system(Int32)

        public var description: String {
            switch self {
            case .tooLarge(let size):
                let limit = "the limit of \(FeatureFileReader.maximumFileSize >> 20) MiB for a feature file"
                guard let size else { return "it is larger than \(limit)" }
                let tenths = (size * 10 + (1 << 19)) >> 20
                return "it is \(tenths / 10).\(tenths % 10) MiB, above \(limit)"
            case .notRegularFile(let kind):
                return "it is \(kind), not a regular file: feature files are read only from regular files"
            case .system(let number):
                return strerror(number).map { String(cString: $0) } ?? "error \(number)"
            }
        }
    }

    /// Reads the file at `path`, at most `maximumFileSize` bytes of it: a pipe, a device
    /// or a socket is refused without being opened (a pipe would wait for a writer, a
    /// device such as `/dev/zero` never ends), as is a file above the limit.
    public static func readFile(atPath path: String) -> Result<[UInt8], ReadRefusal> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.system(errno)) }
        if let kind = kindName(info.st_mode) { return .failure(.notRegularFile(kind: kind)) }
        guard Int(info.st_size) <= maximumFileSize else { return .failure(.tooLarge(size: Int(info.st_size))) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        defer { close(descriptor) }
        // Asked again of what was opened: the path may have changed in between.
        guard fstat(descriptor, &info) == 0 else { return .failure(.system(errno)) }
        if let kind = kindName(info.st_mode) { return .failure(.notRegularFile(kind: kind)) }
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), maximumFileSize) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= maximumFileSize else { return .failure(.tooLarge(size: nil)) }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumFileSize + 1 - bytes.count))
            }
            let read = bytes.withUnsafeMutableBytes { raw in
                readSome(descriptor, raw.baseAddress.map { $0 + count }, raw.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// `a named pipe`, `a device`, `a socket`, `a folder`; nil for a regular file.
    private static func kindName(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "not a file"
        }
    }
}

/// `read(2)`, by a name no method of `FeatureFileReader` hides.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system questions `spec-run gherkin` asks; `local` answers them from disk.
public struct FeatureFileSystem: Sendable {
    public enum Kind: Sendable {
        case missing
        case file
        case directory
    }

    /// Why a file could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { reason }
    }

    public var kind: @Sendable (String) -> Kind
    /// The `*.feature` files below a directory, recursively, sorted by path.
    public var featureFiles: @Sendable (String) -> [String]
    public var read: @Sendable (String) throws -> [UInt8]

    public init(
        kind: @escaping @Sendable (String) -> Kind, featureFiles: @escaping @Sendable (String) -> [String],
        read: @escaping @Sendable (String) throws -> [UInt8]
    ) {
        self.kind = kind
        self.featureFiles = featureFiles
        self.read = read
    }

    public func kind(of path: String) -> Kind { kind(path) }
    public func featureFiles(under directory: String) -> [String] { featureFiles(directory) }
    public func read(_ path: String) throws -> [UInt8] { try read(path) }

    /// The real file system, through the C library (no Foundation, so the library stays light).
    public static let local = FeatureFileSystem(
        kind: { path in LocalFiles.kind(of: path) },
        featureFiles: { directory in
            var found: [String] = []
            LocalFiles.collectFeatureFiles(in: directory, depth: 0, into: &found)
            return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        },
        read: { path in try LocalFiles.readAll(path) }
    )
}

/// `stat`, `opendir` and `read`, wrapped.
private enum LocalFiles {
    /// Deeper than this is a symbolic-link loop, not a feature folder.
    static let maximumDepth = 64

    static func kind(of path: String) -> FeatureFileSystem.Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    static func collectFeatureFiles(in directory: String, depth: Int, into found: inout [String]) {
        guard depth < maximumDepth, let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = prefix + name
            switch kind(of: path) {
            case .directory: collectFeatureFiles(in: path, depth: depth + 1, into: &found)
            case .file where name.hasSuffix(".feature"): found.append(path)
            default: break
            }
        }
    }

    static func readAll(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw error(path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(path)
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    private static func error(_ path: String) -> FeatureFileSystem.ReadError {
        let reason = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        return FeatureFileSystem.ReadError(path: path, reason: reason)
    }
}

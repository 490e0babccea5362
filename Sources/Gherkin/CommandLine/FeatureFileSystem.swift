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

    /// At most `FeatureFileReader.maximumFileSize` bytes; never a pipe or a device.
    static func readAll(_ path: String) throws -> [UInt8] {
        switch FeatureFileReader.readFile(atPath: path) {
        case .success(let bytes): return bytes
        case .failure(let refusal): throw FeatureFileSystem.ReadError(path: path, reason: refusal.description)
        }
    }
}

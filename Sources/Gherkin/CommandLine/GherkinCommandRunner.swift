import Dispatch
import Synchronization
import Wire

/// Runs `spec-run gherkin`: finds the feature files, parses them and streams NDJSON.
/// The file system and the output streams are injected so the logic is testable.
public struct GherkinCommandRunner {
    /// Where the command reads from and writes to.
    public struct Environment {
        public var fileSystem: FeatureFileSystem
        /// Writes out what the writer holds (the runner empties it after): called with about
        /// `outputChunkSize` bytes at a time, and with the rest at the end.
        public var writeOutput: (borrowing JSONWriter) -> Void
        public var writeError: (String) -> Void

        public init(
            fileSystem: FeatureFileSystem, writeOutput: @escaping (borrowing JSONWriter) -> Void,
            writeError: @escaping (String) -> Void
        ) {
            self.fileSystem = fileSystem
            self.writeOutput = writeOutput
            self.writeError = writeError
        }
    }

    public static let commandName = "spec-run gherkin"
    /// The output is handed on in chunks of about this size: large enough that writing costs
    /// a system call per megabyte, small enough to stay in memory for any corpus.
    public static let outputChunkSize = 1 << 20

    /// How many files are read side by side before their output is written.
    static let batchSize = 64

    public var environment: Environment

    public init(environment: Environment) {
        self.environment = environment
    }

    /// Parses `arguments` and runs; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        switch GherkinCommandOptions.parse(arguments) {
        case .help:
            var json = JSONWriter()
            json.append(text: GherkinCommandOptions.usage + "\n")
            environment.writeOutput(json)
            return 0
        case .usageError(let message):
            environment.writeError("\(Self.commandName): \(message)\n\(GherkinCommandOptions.usage)\n")
            return 2
        case .run(let options):
            return run(options)
        }
    }

    public func run(_ options: GherkinCommandOptions) -> Int32 {
        var files: [String] = []
        for path in options.paths {
            switch environment.fileSystem.kind(of: path) {
            case .missing:
                environment.writeError("\(Self.commandName): no such file or directory: \(path)\n")
                return 2
            case .file:
                files.append(path)
            case .directory:
                files += environment.fileSystem.featureFiles(under: path)
            }
        }
        let ids: IdGenerator = options.predictableIds ? .incrementing() : .uuids()
        var status: Int32 = 0
        var json = JSONWriter(capacity: Self.outputChunkSize + (1 << 18))
        // Predictable ids continue from file to file, so those files are read in order;
        // random ones let a batch of files be read on every core, then written in order.
        let batch = options.predictableIds ? 1 : Self.batchSize
        for start in stride(from: 0, to: files.count, by: batch) {
            let range = start..<min(start + batch, files.count)
            for output in encode(files[range], ids: ids, options: options) {
                if let error = output.error {
                    environment.writeError("\(Self.commandName): \(error)\n")
                    status = 2
                    continue
                }
                if output.parseFailed, status == 0 { status = 1 }
                json.raw(bytes: output.bytes)
                if json.count >= Self.outputChunkSize {
                    environment.writeOutput(json)
                    json.removeAll()
                }
            }
        }
        if json.count > 0 { environment.writeOutput(json) }
        return status
    }

    /// One file's envelopes, or why it could not be read.
    private struct FileOutput: Sendable {
        var bytes: [UInt8] = []
        var parseFailed = false
        var error: String?
    }

    /// Reads, parses and encodes `files`, on all cores when there are several; in order.
    private func encode(_ files: ArraySlice<String>, ids: IdGenerator, options: GherkinCommandOptions) -> [FileOutput] {
        let fileSystem = environment.fileSystem
        let one: @Sendable (String) -> FileOutput = { file in
            let parsed: ParsedFeatureFile
            do {
                parsed = FeatureFileReader(uri: file, ids: ids).read(try fileSystem.read(file))
            } catch {
                return FileOutput(error: "cannot read \(file): \(error)")
            }
            var json = JSONWriter(capacity: 1 << 16)
            MessageEncoder.write(
                parsed, into: &json, includeSource: options.includeSource, includeDocument: options.includeDocument,
                includePickles: options.includePickles)
            return FileOutput(bytes: json.bytes, parseFailed: !parsed.errors.isEmpty)
        }
        guard files.count > 1 else { return files.map(one) }
        let paths = Array(files)
        let outputs = Mutex([FileOutput](repeating: FileOutput(), count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let output = one(paths[index])
            outputs.withLock { $0[index] = output }
        }
        return outputs.withLock { $0 }
    }
}

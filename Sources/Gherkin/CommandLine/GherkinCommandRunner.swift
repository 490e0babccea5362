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
        for file in files {
            let parsed: ParsedFeatureFile
            do {
                parsed = FeatureFileReader(uri: file, ids: ids).read(try environment.fileSystem.read(file))
            } catch {
                environment.writeError("\(Self.commandName): cannot read \(file): \(error)\n")
                status = 2
                continue
            }
            if !parsed.errors.isEmpty, status == 0 { status = 1 }
            MessageEncoder.write(
                parsed, into: &json, includeSource: options.includeSource, includeDocument: options.includeDocument,
                includePickles: options.includePickles
            )
            if json.count >= Self.outputChunkSize {
                environment.writeOutput(json)
                json.removeAll()
            }
        }
        if json.count > 0 { environment.writeOutput(json) }
        return status
    }
}

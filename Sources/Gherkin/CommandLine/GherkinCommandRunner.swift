/// Runs `spec-run gherkin`: finds the feature files, parses them and streams NDJSON.
/// The file system and the output streams are injected so the logic is testable.
public struct GherkinCommandRunner {
    /// Where the command reads from and writes to.
    public struct Environment {
        public var fileSystem: FeatureFileSystem
        public var writeOutput: ([UInt8]) -> Void
        public var writeError: (String) -> Void

        public init(
            fileSystem: FeatureFileSystem, writeOutput: @escaping ([UInt8]) -> Void,
            writeError: @escaping (String) -> Void
        ) {
            self.fileSystem = fileSystem
            self.writeOutput = writeOutput
            self.writeError = writeError
        }
    }

    public static let commandName = "spec-run gherkin"

    public var environment: Environment

    public init(environment: Environment) {
        self.environment = environment
    }

    /// Parses `arguments` and runs; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        switch GherkinCommandOptions.parse(arguments) {
        case .help:
            environment.writeOutput(Array((GherkinCommandOptions.usage + "\n").utf8))
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
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = try environment.fileSystem.read(file)
            } catch {
                environment.writeError("\(Self.commandName): cannot read \(file): \(error)\n")
                status = 2
                continue
            }
            let parsed = FeatureFileReader(uri: file, ids: ids).read(bytes)
            if !parsed.errors.isEmpty, status == 0 { status = 1 }
            environment.writeOutput(
                MessageEncoder.envelopes(
                    for: parsed, includeSource: options.includeSource, includeDocument: options.includeDocument,
                    includePickles: options.includePickles
                )
            )
        }
        return status
    }
}

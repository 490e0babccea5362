import Foundation

/// Locates `../shared` (the conformance data, schemas and peer tools that live beside the
/// repository) without copying any of it into the repository.
public enum SharedTestdata {
    /// The package root, derived from this file's location (`Tests/TestSupport/…`), with
    /// symbolic links resolved so development packages that link the sources still find it.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `../shared`, or `$SPEC_RUN_SHARED` when set.
    public static var root: URL {
        if let override = ProcessInfo.processInfo.environment["SPEC_RUN_SHARED"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    /// A path below `../shared`, e.g. `url("testdata/gherkin/good")`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// Whether `../shared` is present. In CI it must be: tests that need it fail there
    /// instead of passing vacuously.
    public static var isPresent: Bool {
        FileManager.default.fileExists(atPath: url("testdata").path)
    }

    /// Files directly inside `relativeDirectory` whose names end with `suffix`, sorted.
    /// Returns an empty list when the folder is missing (callers check `isPresent`).
    public static func files(in relativeDirectory: String, suffix: String) -> [URL] {
        let directory = url(relativeDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
    }
}

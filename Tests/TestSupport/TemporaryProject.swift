import Foundation

/// A fresh temporary folder holding the given files (paths relative to it), for tests that
/// run spec-run on feature files of their own.
public enum TemporaryProject {
    public static func make(_ files: [String: String], label: String = "spec-run-project") throws -> URL {
        let directory = try BuiltBinary.temporaryDirectory(label)
        for (name, contents) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return directory
    }
}

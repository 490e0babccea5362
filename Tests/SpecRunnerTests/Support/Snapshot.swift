import Foundation
import Testing

/// Compares text with a snapshot stored beside the tests in `__Snapshots__/NAME.txt`;
/// `RECORD_SNAPSHOTS=1` (re)records instead of comparing.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")

    static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        guard let recorded = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "no snapshot \(url.path): run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        #expect(text == recorded, "differs from \(url.lastPathComponent)", sourceLocation: sourceLocation)
    }
}

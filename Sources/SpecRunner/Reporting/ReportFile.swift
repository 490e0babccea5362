import Foundation
import Glibc

/// Writes a report so readers never see half of it: a temporary file beside the target,
/// then `rename(2)`.
public enum ReportFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Creates the folder when needed, writes `contents` to a temporary sibling and
    /// renames it over `path`.
    public static func write(_ contents: String, to path: String) throws(WriteError) {
        try write(to: path) { write in write(contents) }
    }

    /// The same, for contents made in pieces: each piece `produce` hands over is written
    /// at once, so the whole text is never held in memory.
    public static func write(to path: String, _ produce: ((String) -> Void) -> Void) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        var written = descriptor >= 0
        if written {
            produce { piece in
                guard written else { return }
                var text = piece
                // Written straight from the string's UTF-8 storage.
                written = text.withUTF8 { FileDescriptorOutput.writeAll($0, to: descriptor) }
            }
        }
        // Read before `close` can overwrite errno, and only when something failed.
        let reason = written ? "" : String(cString: strerror(errno))
        if descriptor >= 0 { close(descriptor) }
        guard written else {
            unlink(temporary.path)
            throw WriteError(description: "cannot write \(temporary.path): \(reason)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw WriteError(description: "cannot move the report to \(path): \(reason)")
        }
    }
}

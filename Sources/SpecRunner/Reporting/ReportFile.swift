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
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        var text = contents
        // Written straight from the string's UTF-8 storage: reports can be megabytes.
        let written = text.withUTF8 { bytes in write(bytes, toNewFile: temporary.path) }
        guard written else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw WriteError(description: "cannot write \(temporary.path): \(reason)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw WriteError(description: "cannot move the report to \(path): \(reason)")
        }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, toNewFile path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return FileDescriptorOutput.writeAll(bytes, to: descriptor)
    }
}

import Foundation
import Glibc

/// Writes a report so readers never see half of it: a temporary file beside the target,
/// then `rename(2)`.
public enum ReportFile {
    /// Takes a piece of a report as UTF-8 bytes.
    typealias Bytes = (UnsafeBufferPointer<UInt8>) -> Void
    /// Hands each piece of a report to the function it is given.
    typealias BytesProducer = (Bytes) -> Void

    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Creates the folder when needed, writes `contents` to a temporary sibling and
    /// renames it over `path`.
    public static func write(_ contents: String, to path: String) throws(WriteError) {
        var text = contents
        try write(to: path, bytes: { write in text.withUTF8 { write($0) } })
    }

    /// The same, for contents made in pieces of UTF-8 bytes (`ReportedRunReporter.render`):
    /// each piece `produce` hands over is written at once, so the whole text is never held
    /// in memory.
    ///
    /// A path that leads to something other than a regular file (`/dev/stdout`,
    /// `/dev/null`) is written to as it is: renaming over it would replace the device or
    /// pipe with a file (as root, `/dev/stdout` itself). The run refuses any other pipe or
    /// device before it starts (`ReportPath`). A symbolic link to a file keeps being
    /// a link: the file it leads to is replaced.
    static func write(to path: String, bytes produce: BytesProducer) throws(WriteError) {
        let failure: String?
        switch destination(of: path) {
        case .stream:
            failure = write(produce, opening: path, flags: 0)
        case .ownOutput(let descriptor):
            // After what this process has written there already.
            failure = write(produce, to: descriptor)
        case .file(let target): return try replace(URL(fileURLWithPath: target), shownAs: path, produce)
        }
        if let failure { throw WriteError(description: "cannot write \(path): \(failure)") }
    }

    /// Why a report could not be written at `path`, found before the run: its folder
    /// cannot be made, or a file cannot be created in it (a read-only folder, `/sys`, a
    /// path under a file). nil when it can, and for anything but a regular file (a device
    /// or a pipe is only found out by writing), so that a long run never ends by losing
    /// its report.
    package static func problem(writing path: String) -> WriteError? {
        guard case .file(let target) = destination(of: path) else { return nil }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        do throws(WriteError) { try create(folder) } catch { return error }
        let probe = folder.appendingPathComponent(
            ".\(URL(fileURLWithPath: target).lastPathComponent).\(getpid()).check")
        let descriptor = open(probe.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return WriteError(
                description: "cannot create a file in \(folder.path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe.path)
        return nil
    }

    private enum Destination {
        /// Something that is not a regular file: opened and written to.
        case stream
        /// What this process's standard output or error goes to (`--junit /dev/stdout`):
        /// written through that descriptor, after what is there. Replacing a log file, or
        /// opening it afresh, would wipe the log; opening a pipe afresh could wait for a
        /// reader.
        case ownOutput(Int32)
        /// A regular file, or none yet, at this path (links followed).
        case file(String)
    }

    private static func destination(of path: String) -> Destination {
        var info = stat()
        if stat(path, &info) == 0 {
            if let descriptor = ReportPath.ownOutput(info) { return .ownOutput(descriptor) }
            guard info.st_mode & S_IFMT == S_IFREG else { return .stream }
            guard let resolved = realpath(path, nil) else { return .file(path) }
            defer { free(resolved) }
            return .file(String(cString: resolved))
        }
        // A link to a file not written yet: the file is made where the link points.
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return .file(path) }
        if target.hasPrefix("/") { return .file(target) }
        return .file(URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path)
    }

    private static func create(_ folder: URL) throws(WriteError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            // The reason in the system's words, not Foundation's sentence around it.
            let reasons: [CocoaError.Code: String] = [
                .fileWriteNoPermission: "permission denied", .fileWriteVolumeReadOnly: "read-only file system",
                .fileWriteOutOfSpace: "no space left on device",
                .fileWriteFileExists: "a file of that name is in the way",
            ]
            let reason = (error as? CocoaError).flatMap { reasons[$0.code] } ?? error.localizedDescription
            throw WriteError(description: "cannot create the folder \(folder.path): \(reason)")
        }
    }

    /// Opens `path` (with `flags` besides writing), writes every piece to it and closes it:
    /// nil, or why it failed.
    private static func write(_ produce: BytesProducer, opening path: String, flags: Int32) -> String? {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        return write(produce, to: descriptor)
    }

    /// Writes every piece to `descriptor` until one fails: nil, or why it failed (read
    /// before `close` can overwrite errno).
    private static func write(_ produce: BytesProducer, to descriptor: Int32) -> String? {
        var written = true
        produce { piece in
            guard written else { return }
            written = FileDescriptorOutput.writeAll(piece, to: descriptor)
        }
        return written ? nil : String(cString: strerror(errno))
    }

    /// Writes a temporary sibling of `url` and renames it over `url`.
    private static func replace(
        _ url: URL, shownAs path: String, _ produce: BytesProducer
    ) throws(WriteError) {
        let folder = url.deletingLastPathComponent()
        try create(folder)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        if let reason = write(produce, opening: temporary.path, flags: O_CREAT | O_TRUNC) {
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

/// Writes text to a file descriptor with `write(2)`, retrying short writes; a closed pipe
/// (`spec-run | head`) ends the console output, never the run or its report.
public enum FileDescriptorOutput {
    /// Ignores SIGPIPE so a closed standard output turns into a failed write.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Writes `text`; nil, or why it stopped (a full disk, a closed pipe), which a caller
    /// whose text is a report reads and a console ignores.
    @discardableResult
    public static func write(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes in writeAll(bytes, to: descriptor) ? nil : String(cString: strerror(errno)) }
    }

    /// Writes every byte unless the descriptor fails; true when all were written.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}

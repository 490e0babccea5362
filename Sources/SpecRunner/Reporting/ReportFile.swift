import Foundation
import Glibc

/// Writes a report so readers never see half of it: a temporary file beside the target,
/// then `rename(2)`.
enum ReportFile {
    /// Hands each piece of a report, as UTF-8 bytes, to the function it is given.
    typealias BytesProducer = ((UnsafeBufferPointer<UInt8>) -> Void) -> Void

    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// Creates the folder when needed, writes `contents` to a temporary sibling and
    /// renames it over `path`.
    static func write(_ contents: String, to path: String) throws(WriteError) {
        try write(to: path) { write in write(contents) }
    }

    /// The same, for contents made in pieces: each piece `produce` hands over is written
    /// at once, so the whole text is never held in memory.
    ///
    /// A path that leads to something other than a regular file (`/dev/stdout`,
    /// `/dev/null`) is written to as it is: renaming over it would replace the device or
    /// pipe with a file (as root, `/dev/stdout` itself). The run refuses any other pipe or
    /// device before it starts (`ReportPathCheck`). A symbolic link to a file keeps being
    /// a link: the file it leads to is replaced.
    static func write(to path: String, _ produce: ((String) -> Void) -> Void) throws(WriteError) {
        try withoutActuallyEscaping(produce) { produce throws(WriteError) in
            try write(
                to: path,
                bytes: { write in
                    produce { piece in
                        var text = piece
                        // Written straight from the string's UTF-8 storage.
                        text.withUTF8 { write($0) }
                    }
                })
        }
    }

    /// The same, for contents made as UTF-8 bytes (`DocumentReporter.renderBytes`).
    static func write(to path: String, bytes produce: BytesProducer) throws(WriteError) {
        switch destination(of: path) {
        case .stream: try stream(to: path, produce)
        case .ownOutput(let descriptor): try write(to: descriptor, shownAs: path, produce)
        case .file(let target): try replace(URL(fileURLWithPath: target), shownAs: path, produce)
        }
    }

    /// Why a report could not be written at `path`, found before the run: its folder
    /// cannot be made, or a file cannot be created in it (a read-only folder, `/sys`, a
    /// path under a file). nil when it can, and for anything but a regular file (a device
    /// or a pipe is only found out by writing), so that a long run never ends by losing
    /// its report.
    static func problem(writing path: String) -> WriteError? {
        guard case .file(let target) = destination(of: path) else { return nil }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return WriteError(description: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
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
            for descriptor: Int32 in [1, 2] {
                var own = stat()
                if fstat(descriptor, &own) == 0, own.st_dev == info.st_dev, own.st_ino == info.st_ino {
                    return .ownOutput(descriptor)
                }
            }
            guard info.st_mode & S_IFMT == S_IFREG else { return .stream }
            guard let resolved = realpath(path, nil) else { return .file(path) }
            defer { free(resolved) }
            return .file(String(cString: resolved))
        }
        // A link to a file not written yet: the file is made where the link points.
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return .file(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return .file(path) }
        let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return .file(target) }
        return .file(URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path)
    }

    /// Writes to an open descriptor, after what it has written already.
    private static func write(
        to descriptor: Int32, shownAs path: String, _ produce: BytesProducer
    ) throws(WriteError) {
        var written = true
        produce { piece in
            guard written else { return }
            written = FileDescriptorOutput.writeAll(piece, to: descriptor)
        }
        guard written else {
            throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes to what `path` opens, as it is.
    private static func stream(to path: String, _ produce: BytesProducer) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var written = true
        produce { piece in
            guard written else { return }
            written = FileDescriptorOutput.writeAll(piece, to: descriptor)
        }
        let reason = written ? "" : String(cString: strerror(errno))
        close(descriptor)
        guard written else { throw WriteError(description: "cannot write \(path): \(reason)") }
    }

    /// Writes a temporary sibling of `url` and renames it over `url`.
    private static func replace(
        _ url: URL, shownAs path: String, _ produce: BytesProducer
    ) throws(WriteError) {
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
                written = FileDescriptorOutput.writeAll(piece, to: descriptor)
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

import Glibc

/// Writes text to a file descriptor with `write(2)`, retrying short writes; a closed pipe
/// (`spec-run | head`) ends the console output, never the run or its report.
enum FileDescriptorOutput {
    /// Ignores SIGPIPE so a closed standard output turns into a failed write.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text`; gives up silently when the descriptor is closed.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in _ = writeAll(bytes, to: descriptor) }
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

/// Wakes a thread blocked in `poll`: another thread writes a byte, the poller drains it.
struct WakeSignal: Sendable {
    let reader: Socket
    let writer: Socket

    init() throws {
        let (reader, writer) = try Socket.pair()
        try reader.setNonBlocking()
        try writer.setNonBlocking()
        self.reader = reader
        self.writer = writer
    }

    /// Makes the poller's next (or current) `poll` return. A full pipe means a wake-up
    /// is already pending, so a write that would block is simply dropped.
    func signal() {
        var byte: UInt8 = 1
        _ = withUnsafeBytes(of: &byte) { try? writer.write($0) }
    }

    /// Consumes pending wake-ups.
    func drain() {
        var scratch = [UInt8](repeating: 0, count: 256)
        for _ in 0..<16 {
            let result = scratch.withUnsafeMutableBytes { try? reader.read(into: $0) }
            guard case .bytes(let count) = result, count == scratch.count else { return }
        }
    }

    func close() {
        reader.close()
        writer.close()
    }
}

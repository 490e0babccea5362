import Glibc
import Testing
import Transport

/// `Socket.accept`: a connection that is non-blocking and close-on-exec, with Nagle's
/// algorithm off because its listening socket has it off (Linux copies the option).
@Suite("Accepted sockets")
struct AcceptedSocketTests {
    @Test("an accepted connection is non-blocking, close-on-exec and has TCP_NODELAY")
    func acceptedOptions() async throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let client = try Socket.connect(host: "127.0.0.1", port: try listener.localPort(), timeoutMilliseconds: 2000)
        defer { client.close() }
        let peer = try #require(try await listener.acceptWithinASecond())
        defer { peer.close() }

        #expect(fcntl(peer.fileDescriptor, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(peer.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
        var noDelay: Int32 = 0
        var size = socklen_t(4)
        #expect(getsockopt(peer.fileDescriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, &size) == 0)
        #expect(noDelay != 0)
        // Nothing to read yet: a blocking socket would hang here instead.
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try peer.read(into: $0) } == .wouldBlock)
    }

    @Test("with nothing pending, accept answers nil at once")
    func nothingPending() throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        #expect(try listener.accept() == nil)
    }
}

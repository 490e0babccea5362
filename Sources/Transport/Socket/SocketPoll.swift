import Glibc

/// One socket to watch in `Socket.poll`, and what was found.
public struct SocketPollEntry: Sendable {
    public let socket: Socket
    public var wantsWrite: Bool
    /// Data (or end of stream, or an error) is waiting to be read.
    public internal(set) var isReadable = false
    public internal(set) var isWritable = false

    public init(socket: Socket, wantsWrite: Bool = false) {
        self.socket = socket
        self.wantsWrite = wantsWrite
    }
}

extension Socket {
    /// Waits until one of `entries` is ready or `timeoutMilliseconds` pass (-1: no
    /// limit), and marks each entry's readiness. Reading is always watched.
    public static func poll(_ entries: inout [SocketPollEntry], timeoutMilliseconds: Int32) throws {
        var descriptors = entries.map {
            pollfd(
                fd: $0.socket.fileDescriptor, events: Int16(POLLIN) | ($0.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
        }
        let result = Glibc.poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        if result < 0 {
            guard errno == EINTR else { throw SocketError.lastError("poll") }
        }
        let readMask = Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)
        for index in entries.indices {
            let events = descriptors[index].revents
            entries[index].isReadable = events & readMask != 0
            entries[index].isWritable = events & (Int16(POLLOUT) | Int16(POLLERR)) != 0
        }
    }
}

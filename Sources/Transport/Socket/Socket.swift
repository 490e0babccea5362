import Glibc

/// A stream socket file descriptor; every Glibc call of the transport goes through here.
///
/// A value type over the descriptor: copying it does not duplicate the descriptor, and
/// `close()` must be called exactly once by whoever owns it.
public struct Socket: Sendable, Hashable {
    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// What a non-blocking read produced.
    public enum ReadResult: Sendable, Equatable {
        case bytes(Int)
        case wouldBlock
        case endOfStream
    }

    // MARK: Creating

    /// A TCP socket listening on `host` (an IPv4 or IPv6 address; `localhost` means
    /// 127.0.0.1) and `port` (0 lets the OS choose).
    public static func listen(host: String, port: UInt16, backlog: Int32 = 512) throws -> Socket {
        let address = try SocketAddress(host: host, port: port)
        let socket = try tcp(family: address.family)
        do {
            var one: Int32 = 1
            guard setsockopt(socket.fileDescriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(4)) == 0 else {
                throw SocketError.lastError("setsockopt", detail: "SO_REUSEADDR")
            }
            try address.withSockaddr { pointer, length in
                guard Glibc.bind(socket.fileDescriptor, pointer, length) == 0 else {
                    throw SocketError.lastError("bind", detail: "\(host):\(port)")
                }
            }
            guard Glibc.listen(socket.fileDescriptor, backlog) == 0 else {
                throw SocketError.lastError("listen", detail: "\(host):\(port)")
            }
            try socket.setNonBlocking()
            // Linux copies the option to every connection accepted from this socket, so
            // `accept` need not set it on each.
            try socket.setNoDelay()
            return socket
        } catch {
            socket.close()
            throw error
        }
    }

    /// A TCP connection to `host:port`, made within `timeoutMilliseconds`; the returned
    /// socket is non-blocking with Nagle's algorithm off. `delayingAcknowledgements`: see
    /// `startConnect`.
    public static func connect(
        host: String, port: UInt16, timeoutMilliseconds: Int32, delayingAcknowledgements: Bool = true
    ) throws -> Socket {
        let (socket, inProgress) = try startConnect(
            host: host, port: port, delayingAcknowledgements: delayingAcknowledgements)
        do {
            if inProgress {
                guard try socket.wait(forWriting: true, timeoutMilliseconds: timeoutMilliseconds) else {
                    throw SocketError(call: "connect", errorNumber: ETIMEDOUT, detail: "\(host):\(port)")
                }
                try socket.finishConnect(detail: "\(host):\(port)")
            }
            return socket
        } catch {
            socket.close()
            throw error
        }
    }

    /// Starts a non-blocking TCP connection to `host:port` (Nagle's algorithm off);
    /// `inProgress` when it completes later: wait until the socket is writable, then
    /// call `finishConnect`.
    ///
    /// `delayingAcknowledgements` (the default) holds back the TCP handshake's last ACK
    /// until the first request carries it: right for a client that sends at once, but the
    /// server sees a connection that never sends only when its SYN-ACK is sent again
    /// (about a second later). A peer that stays silent (a test's idle connection) passes
    /// false.
    public static func startConnect(
        host: String, port: UInt16, delayingAcknowledgements: Bool = true
    ) throws -> (socket: Socket, inProgress: Bool) {
        try startConnect(
            to: try SocketAddress(host: host, port: port), detail: "\(host):\(port)",
            delayingAcknowledgements: delayingAcknowledgements)
    }

    /// The same to one of a host's addresses (`SocketAddress.candidates`).
    static func startConnect(
        to address: SocketAddress, detail: String, delayingAcknowledgements: Bool = true
    ) throws -> (socket: Socket, inProgress: Bool) {
        let socket = try tcp(family: address.family, nonBlocking: true)
        do {
            // Before connecting, so even the handshake request goes out without delay.
            try socket.setNoDelay()
            if delayingAcknowledgements { socket.preferDelayedAcknowledgements() }
            let connected = try address.withSockaddr { pointer, length -> Bool in
                if Glibc.connect(socket.fileDescriptor, pointer, length) == 0 { return true }
                guard errno == EINPROGRESS else {
                    throw SocketError.lastError("connect", detail: detail)
                }
                return false
            }
            return (socket, !connected)
        } catch {
            socket.close()
            throw error
        }
    }

    /// Throws the error of a non-blocking connect that has finished (writable).
    public func finishConnect(detail: String) throws {
        var pending: Int32 = 0
        var size = socklen_t(4)
        guard getsockopt(fileDescriptor, SOL_SOCKET, SO_ERROR, &pending, &size) == 0 else {
            throw SocketError.lastError("getsockopt", detail: "SO_ERROR")
        }
        guard pending == 0 else {
            throw SocketError(call: "connect", errorNumber: pending, detail: detail)
        }
    }

    /// A connected pair of Unix stream sockets (for tests and wake-ups).
    public static func pair() throws -> (Socket, Socket) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw SocketError.lastError("socketpair")
        }
        return (Socket(fileDescriptor: fds[0]), Socket(fileDescriptor: fds[1]))
    }

    private static func tcp(family: Int32, nonBlocking: Bool = false) throws -> Socket {
        let flags = nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0
        let fd = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | flags, 0)
        guard fd >= 0 else { throw SocketError.lastError("socket") }
        return Socket(fileDescriptor: fd)
    }

    // MARK: Options

    public func setNonBlocking() throws {
        let flags = fcntl(fileDescriptor, F_GETFL)
        guard flags >= 0, fcntl(fileDescriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw SocketError.lastError("fcntl", detail: "O_NONBLOCK")
        }
    }

    /// Turns off Nagle's algorithm: our frames are whole messages, and waiting to
    /// coalesce them only adds latency to request/response round trips.
    public func setNoDelay() throws {
        var one: Int32 = 1
        guard setsockopt(fileDescriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(4)) == 0 else {
            throw SocketError.lastError("setsockopt", detail: "TCP_NODELAY")
        }
    }

    /// Lets the kernel hold back the acknowledgement of what this socket receives until it
    /// has something to send (the ACK then rides on it) or a second segment arrives,
    /// instead of answering each of a new connection's first segments with a bare ACK.
    /// Linux turns it off again after a handshake or a pause, so it is set at each point
    /// that matters on a client: before `connect` (the handshake's last ACK then rides on
    /// the request the caller writes next) and once its WebSocket handshake is done (a
    /// display, which only receives snapshots, then acknowledges every other one). Four
    /// loopback segments fewer a scenario (docs/performance.md). (A server's accepted
    /// socket gains nothing: its ACKs already ride on its answers.) Best effort: a kernel
    /// that refuses it just acknowledges sooner.
    public func preferDelayedAcknowledgements() {
        var zero: Int32 = 0
        _ = setsockopt(fileDescriptor, Int32(IPPROTO_TCP), TCP_QUICKACK, &zero, socklen_t(4))
    }

    /// The local port (after binding to port 0).
    public func localPort() throws -> UInt16 {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fileDescriptor, $0, &length) }
        }
        guard result == 0 else { throw SocketError.lastError("getsockname") }
        // The port stands at the same place in `sockaddr_in` and `sockaddr_in6`.
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }

    // MARK: I/O

    /// Accepts one pending connection (non-blocking, close-on-exec), or `nil` when none
    /// waits. It has Nagle's algorithm off like the listening socket it came from
    /// (`listen`), and a new connection's file status flags are all clear, so one
    /// `F_SETFL` sets them: three calls per connection, not five. (`accept4` would make it
    /// one, but Glibc's Swift module leaves it out.)
    public func accept() throws -> Socket? {
        let fd = Glibc.accept(fileDescriptor, nil, nil)
        if fd >= 0 {
            let socket = Socket(fileDescriptor: fd)
            guard fcntl(fd, F_SETFD, FD_CLOEXEC) == 0, fcntl(fd, F_SETFL, O_NONBLOCK) == 0 else {
                let error = SocketError.lastError("fcntl", detail: "accepted connection")
                socket.close()
                throw error
            }
            return socket
        }
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED: return nil
        default: throw SocketError.lastError("accept")
        }
    }

    /// Reads what is available into `buffer`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> ReadResult {
        while true {
            let count = Glibc.recv(fileDescriptor, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw SocketError.lastError("recv")
            }
        }
    }

    /// Writes as much of `bytes` as the socket takes now; returns the count written (0
    /// when it would block). Never raises SIGPIPE.
    public func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        guard !bytes.isEmpty else { return 0 }
        while true {
            let count = Glibc.send(fileDescriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            default: throw SocketError.lastError("send")
            }
        }
    }

    /// Writes all of `bytes`, waiting up to `timeoutMilliseconds` each time the socket is full.
    public func writeAll(_ bytes: [UInt8], timeoutMilliseconds: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = try bytes.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            offset += written
            if written == 0, try !wait(forWriting: true, timeoutMilliseconds: timeoutMilliseconds) {
                throw SocketError(call: "send", errorNumber: ETIMEDOUT)
            }
        }
    }

    /// Waits until the socket is readable (or writable); `false` on timeout.
    public func wait(forWriting: Bool, timeoutMilliseconds: Int32) throws -> Bool {
        var entry = pollfd(fd: fileDescriptor, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
        while true {
            let result = Glibc.poll(&entry, 1, timeoutMilliseconds)
            if result >= 0 { return result > 0 }
            guard errno == EINTR else { throw SocketError.lastError("poll") }
        }
    }

    /// Stops sending (a TCP FIN) while still reading.
    public func shutdownWrite() {
        _ = Glibc.shutdown(fileDescriptor, Int32(SHUT_WR))
    }

    public func close() {
        _ = Glibc.close(fileDescriptor)
    }
}

import Synchronization

/// A server whose turns are run by the in-process clients waiting for it, instead of by
/// a thread that sleeps in `poll` until their bytes wake it.
///
/// A request to a server in the same process costs, with a thread of its own, two
/// wake-ups (the server's on the request, the client's on the answer); on two cores
/// these hand-offs, not the work, were most of a round trip. Here the client that has
/// just sent runs the server's turn itself (the same accept, read, handle and write
/// over the same loopback sockets) and then reads its answer, with no thread between.
/// A backstop thread runs a turn whenever a millisecond passes, so a peer that does not
/// drive (a browser, a test's raw socket) is still served.
///
/// Turns are serialised by a lock; a client that finds it held (another turn running)
/// just waits on its socket as usual.
final class ColocatedServer: Sendable {
    let port: UInt16
    private let loop: Mutex<WebSocketServerLoop?>
    /// Turns run by clients since the backstop last looked.
    private let clientTurns = Atomic<Int>(0)
    /// Odd while a turn (or the shutdown) runs, even between them; it grows by two with
    /// each. The server writes to its sockets only then, so a client that found its socket
    /// empty at an even value has nothing new to read while the value stays the same.
    private let turnSequence = Atomic<Int>(0)

    init(port: UInt16, loop: sending WebSocketServerLoop) {
        self.port = port
        self.loop = Mutex(loop)
    }

    /// What a client's call to `runTurn` found.
    enum TurnResult {
        /// The turn handled something: look for the answer, then turn again.
        case progressed
        /// Nothing was ready (or the server has stopped): the answer can only come later.
        case idle
        /// Another thread's turn is running; it may serve this caller too, else its own
        /// turn comes next: yield and try again, rather than wait on the socket.
        case busy
    }

    /// Runs one non-blocking turn unless another is running or the server stopped.
    func runTurn() -> TurnResult {
        clientTurns.add(1, ordering: .relaxed)
        guard let progressed = loop.withLockIfAvailable({ loop in sequenced { loop?.turn(timeout: 0) ?? false } })
        else {
            return .busy
        }
        return progressed ? .progressed : .idle
    }

    /// The turn sequence when no turn is running (see `turnSequence`), else nil.
    var quietSequence: Int? {
        let value = turnSequence.load(ordering: .acquiring)
        return value.isMultiple(of: 2) ? value : nil
    }

    /// Runs `body` (which holds the loop's lock) with the sequence odd.
    private func sequenced<Result>(_ body: () -> Result) -> Result {
        turnSequence.add(1, ordering: .sequentiallyConsistent)
        defer { turnSequence.add(1, ordering: .releasing) }
        return body()
    }

    /// The backstop's tick: a turn only when no client has run one since the last tick
    /// (while clients drive, their turns serve every socket, and a backstop turn would
    /// only take the lock from under a client about to run its own).
    /// Returns whether clients had been running turns (then the backstop may look less
    /// often: their turns serve every socket, the quiet peers' too).
    @discardableResult
    func backstopTick() -> Bool {
        guard clientTurns.exchange(0, ordering: .relaxed) == 0 else { return true }
        _ = loop.withLockIfAvailable { loop in sequenced { loop?.turn(timeout: 0) ?? false } }
        return false
    }

    /// Shuts the loop down once (waiting for a turn that is running) and forgets it.
    func shutDown() {
        loop.withLock { loop in
            sequenced { loop?.shutDown() }
            loop = nil
        }
    }

    // MARK: Which servers are in this process

    private static let registered = Mutex<[UInt16: ColocatedServer]>([:])

    /// The colocated server a loopback connection to `host:port` reaches, if it is one.
    static func serving(host: String, port: UInt16) -> ColocatedServer? {
        guard host == "127.0.0.1" || host == "localhost" else { return nil }
        return registered.withLock { $0[port] }
    }

    static func register(_ server: ColocatedServer) {
        registered.withLock { $0[server.port] = server }
    }

    static func unregister(_ server: ColocatedServer) {
        registered.withLock { servers in
            if servers[server.port] === server { servers[server.port] = nil }
        }
    }
}

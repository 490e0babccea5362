import Glibc
import Synchronization

/// Waiting for one socket to become ready: first on the calling thread for a short,
/// bounded time (a loopback peer usually answers within it, with no thread hand-off),
/// then parked on the client reactor so no pool thread stays blocked.
enum SocketWait {
    /// The longest a caller's thread blocks in `poll` before parking on the reactor.
    static let directBudget = Duration.milliseconds(2)

    /// How long a wait reads without blocking before it blocks in `poll`, for a peer on
    /// `host`. A loopback peer answers within the whole direct budget, and a thread that
    /// blocks leaves its core idle: on a virtual machine an idle core can take 0.3–1 ms to
    /// wake (a display upgrade answered after 76 µs was read after 420 µs; a `--jobs 1`
    /// run of 2,000 scenarios blocked 336 times, 41 ms in all, with a 40 µs spin, and not
    /// once with 2 ms). A remote peer's answer takes a network round trip, which spinning
    /// cannot shorten: 40 µs, then `poll`.
    static func spinBudget(forHost host: String) -> Duration {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" ? directBudget : .microseconds(40)
    }

    /// Whether `socket` became readable (or writable, when `writable`) before `deadline`.
    static func ready(
        _ socket: Socket, writable: Bool, until deadline: ContinuousClock.Instant, reactor: WebSocketClientReactor,
        colocated: ColocatedServer? = nil, spin: Duration
    ) async throws -> Bool {
        let start = ContinuousClock.now
        if let colocated {
            // The server is in this process: run its turns here while they find work (or
            // while another thread's turn runs), within the direct budget. The turn comes
            // first: what we wait for (an accept, an answer) is usually what it does.
            let until = min(deadline, start + directBudget)
            turning: while ContinuousClock.now < until {
                let turn = colocated.runTurn()
                if try socket.wait(forWriting: writable, timeoutMilliseconds: 0) { return true }
                switch turn {
                case .progressed: continue
                case .busy: sched_yield()
                case .idle: break turning
                }
            }
        }
        let directUntil = min(deadline, start + directBudget)
        // Busy first (a loopback server answers within it), yielding to a peer that
        // shares this core; then block in poll.
        let spinUntil = colocated == nil ? min(directUntil, start + spin) : start
        while ContinuousClock.now < spinUntil {
            if try socket.wait(forWriting: writable, timeoutMilliseconds: 0) { return true }
            sched_yield()
        }
        if try socket.wait(
            forWriting: writable, timeoutMilliseconds: WebSocketClientCore.milliseconds(until: directUntil))
        {
            return true
        }
        while ContinuousClock.now < deadline {
            let token = reactor.makeToken()
            let fired = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                reactor.watch(
                    token, socket: socket, readable: !writable, writable: writable, deadline: deadline,
                    participant: OneShotWaiter(continuation))
            }
            if fired { return true }
        }
        return false
    }
}

/// Resumes one continuation when the reactor fires: `true` when the socket is ready,
/// `false` when the deadline passed.
private final class OneShotWaiter: WebSocketClientReactorParticipant {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = Mutex(continuation)
    }

    func reactorFired(readable: Bool, writable: Bool) {
        let taken = continuation.withLock { $0.take() }
        taken?.resume(returning: readable || writable)
    }
}

import Synchronization
import Wire

/// The requests a worker's scenarios send to its simulator (docs/steps.md, "Isolation and
/// speed"): which endpoints they reached since their last reset, so that a built-in
/// simulator's untouched endpoint is not reset again; and how many there have been, so
/// that a display whose socket was empty at count N skips its read while the count is N
/// (protocol.md sends a snapshot only because of a request, before its answer). A
/// `--target` may be shared with other clients: its displays are not given the count.
///
/// Shared by reference between the worker's environment and its scenarios' worlds: a
/// request made by an abandoned attempt after its scenario ended still counts, which can
/// only cause a reset or a read, never skip one.
final class EndpointUsage: Sendable {
    private let registerUsed = Atomic<Bool>(true)
    private let calendarUsed = Atomic<Bool>(true)
    private let sent = Atomic<Int>(0)

    /// Marks the endpoint a request is about to go to, and counts the request. A calendar
    /// request may change the register too (checking out a reservation fills the cart), so
    /// it marks both.
    func mark(_ endpoint: Endpoint) {
        sent.add(1, ordering: .sequentiallyConsistent)
        registerUsed.store(true, ordering: .sequentiallyConsistent)
        if endpoint == .calendar { calendarUsed.store(true, ordering: .sequentiallyConsistent) }
    }

    /// Counts answers read after their requests (`RequestPipeline`): a display drained
    /// while they were unread may have found its socket empty before their snapshots came.
    func countAnswers() {
        sent.add(1, ordering: .sequentiallyConsistent)
    }

    /// The number of requests marked so far.
    var requestCount: Int { sent.load(ordering: .sequentiallyConsistent) }

    /// The endpoints used since the last call (both, the first time), forgotten as they
    /// are answered: the caller resets them now.
    func takeUsed() -> (register: Bool, calendar: Bool) {
        (
            registerUsed.exchange(false, ordering: .sequentiallyConsistent),
            calendarUsed.exchange(false, ordering: .sequentiallyConsistent)
        )
    }
}

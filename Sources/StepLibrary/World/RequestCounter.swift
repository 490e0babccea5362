import Synchronization

/// Counts the requests a worker's scenarios send to a built-in simulator, so that a
/// display knows when nothing can have arrived since it last found its socket empty.
///
/// protocol.md sends a snapshot only because of a request (or on connecting), and the
/// simulator hands it to the displays before it answers; a built-in simulator serves this
/// worker alone. So a display whose socket was empty when the count was N still holds
/// nothing new while the count is N, and its drain at each step's start, which usually
/// finds nothing, is skipped without a `recv`. A `--target` may be shared with other
/// clients, whose requests update our displays too: its displays get no counter and read
/// every time.
///
/// Shared by reference like `EndpointUsage`: a request made by an abandoned attempt still
/// counts, which can only cause a read, never skip one.
final class RequestCounter: Sendable {
    private let sent = Atomic<Int>(0)

    /// Counts a request about to be sent.
    func requestSending() {
        sent.add(1, ordering: .sequentiallyConsistent)
    }

    /// The number of requests counted so far.
    var count: Int { sent.load(ordering: .sequentiallyConsistent) }
}

import Synchronization

/// Which endpoints a worker's scenarios have sent requests to since their last reset, so
/// that a built-in simulator's untouched endpoint is not reset again (a register-only
/// scenario leaves the calendar as the reset left it).
///
/// Shared by reference between the worker's environment and its scenarios' worlds: a
/// request made by an abandoned attempt after its scenario ended still marks its endpoint.
final class EndpointUsage: Sendable {
    private let registerUsed = Atomic<Bool>(true)
    private let calendarUsed = Atomic<Bool>(true)

    /// Marks the endpoint a request is about to go to. A calendar request may change the
    /// register too (checking out a reservation fills the cart), so it marks both.
    func mark(_ endpoint: Endpoint) {
        registerUsed.store(true, ordering: .sequentiallyConsistent)
        if endpoint == .calendar { calendarUsed.store(true, ordering: .sequentiallyConsistent) }
    }

    /// The endpoints used since the last call (both, the first time), forgotten as they
    /// are answered: the caller resets them now.
    func takeUsed() -> (register: Bool, calendar: Bool) {
        (
            registerUsed.exchange(false, ordering: .sequentiallyConsistent),
            calendarUsed.exchange(false, ordering: .sequentiallyConsistent)
        )
    }

    /// Marks both, after a reset that may not have happened.
    func markAll() {
        mark(.calendar)
    }
}

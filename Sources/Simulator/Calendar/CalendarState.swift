/// Everything the reservations calendar knows: staff, bookings, sizes, scrolling, the
/// simulated booking service and the loading view state.
public struct CalendarState: Equatable, Sendable {
    public var staff: [StaffMember] = []
    /// The booked reservations, in booking order.
    public var reservations: [Reservation] = []
    /// Reservations already checked out into the register (予約のお会計).
    public var checkedOut: Set<ExactText> = []
    public var metrics = CalendarMetrics()
    public var viewport = ViewportSize()
    /// The grid's scroll offset; the header shares x and the staff column shares y.
    public var scrollX = 0.0
    public var scrollY = 0.0
    public var service = BookingServiceMode.normal
    public var viewState = CalendarViewState.empty
    /// Whether a load is waiting for a hanging service to be released.
    public var loadPending = false

    public init() {}

    /// The reservation with `id`.
    public func reservation(_ id: String) -> Reservation? {
        reservations.first { $0.id.hasSameCodePoints(as: id) }
    }

    /// The layout of the booked reservations (whatever the loading state).
    public var layout: CalendarLayout {
        CalendarLayout(staff: staff, reservations: reservations, metrics: metrics)
    }

    /// The scroll positions and what they reveal.
    public var visibleViewport: CalendarViewport {
        CalendarViewport(self, layout: layout)
    }
}

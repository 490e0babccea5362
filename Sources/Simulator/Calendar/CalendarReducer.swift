/// The calendar's one reduce function (domain.md §3): booking rules in their documented
/// order, sizes, synchronised scrolling and the loading state machine.
///
/// Checks run before mutations; after every change the scroll offsets are clamped to the
/// new content, as a scroll view does when its content shrinks.
public enum CalendarReducer {
    public static func reduce(_ state: inout CalendarState, _ action: CalendarAction) throws(Rejection) {
        switch action {
        case .staffSet(let staff):
            try setStaff(&state, staff)
        case .reservationBooked(let reservation):
            try book(&state, reservation)
        case .menuSet(let id, let menu):
            guard let index = state.reservations.firstIndex(where: { $0.id.hasSameCodePoints(as: id) }) else {
                throw unknownReservation(id, in: state)
            }
            state.reservations[index].menu = menu
        case .bookingCancelled(let id):
            guard state.reservation(id) != nil else { throw unknownReservation(id, in: state) }
            state.reservations.removeAll { $0.id.hasSameCodePoints(as: id) }
            state.checkedOut.remove(ExactText(id))
        case .metricsSet(let metrics):
            guard metrics.hourWidth > 0, metrics.itemHeight > 0, metrics.padding >= 0,
                metrics.hourWidth.isFinite, metrics.itemHeight.isFinite, metrics.padding.isFinite,
                metrics.hourWidth <= 1e6, metrics.itemHeight <= 1e6, metrics.padding <= 1e6
            else {
                throw Rejection(
                    .invalidMetrics,
                    "Hour width and item height must be more than 0 and padding at least 0, all at most 1,000,000 "
                        + "(got \(number(metrics.hourWidth)), \(number(metrics.itemHeight)), \(number(metrics.padding)))."
                )
            }
            state.metrics = metrics
        case .viewportResized(let size):
            guard size.width > 0, size.height > 0, size.width <= 1e9, size.height <= 1e9 else {
                throw Rejection(
                    .invalidViewport,
                    "The viewport must be more than 0 and at most 1,000,000,000 wide and high "
                        + "(got \(number(size.width)) × \(number(size.height))).")
            }
            state.viewport = size
        case .scrolled(let pane, let x, let y):
            scroll(&state, pane, x: x, y: y)
        case .serviceSet(let mode):
            state.service = mode
        case .loadStarted:
            startLoad(&state)
        case .serviceReleased:
            // protocol.md gives `release` no rejection: with no load waiting, there is
            // nothing to let answer, and nothing changes.
            if state.loadPending { settleLoad(&state) }
        case .calendarReset:
            state = CalendarState()
        }
        clampScroll(&state)
    }

    /// A size as a message gives it: `1200`, `0.5`, `1e+12`, not `1200.0`.
    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func unknownReservation(_ id: String, in state: CalendarState) -> Rejection {
        Rejection(
            .unknownReservation,
            "There is no reservation \"\(id)\"." + NameGuess.hint(for: id, among: state.reservations.map(\.id)))
    }

    private static func scroll(_ state: inout CalendarState, _ pane: ScrollPane, x: Double?, y: Double?) {
        // The staff column only moves vertically and the header only horizontally.
        switch pane {
        case .grid:
            if let x { state.scrollX = x }
            if let y { state.scrollY = y }
        case .staff:
            if let y { state.scrollY = y }
        case .header:
            if let x { state.scrollX = x }
        }
    }

    static func clampScroll(_ state: inout CalendarState) {
        // Offsets at (+0, +0), where most calendars stay, are in range whatever the layout:
        // skip laying it out.
        guard state.scrollX.bitPattern != 0 || state.scrollY.bitPattern != 0 else { return }
        let maximum = CalendarViewport.maximumOffsets(state, layout: state.layout)
        let x = state.scrollX.isFinite ? state.scrollX : 0
        let y = state.scrollY.isFinite ? state.scrollY : 0
        state.scrollX = min(max(x, 0), maximum.x)
        state.scrollY = min(max(y, 0), maximum.y)
    }

    /// Starts a load: modes normal, empty and failing settle at once; hang waits for release.
    private static func startLoad(_ state: inout CalendarState) {
        state.viewState = .loading(previous: state.viewState.content)
        if state.service == .hang {
            state.loadPending = true
        } else {
            settleLoad(&state)
        }
    }

    /// Answers the load as the service is set now (a released hang answers normally).
    private static func settleLoad(_ state: inout CalendarState) {
        state.loadPending = false
        switch state.service {
        case .normal, .hang:
            state.viewState = state.reservations.isEmpty ? .empty : .loaded(state.reservations)
        case .empty:
            state.viewState = .empty
        case .failing(let message):
            state.viewState = .failed(previous: state.viewState.content, error: message)
        }
    }
}

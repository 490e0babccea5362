/// What happened on the calendar, named after the act.
public enum CalendarAction: Equatable, Sendable {
    case staffSet([StaffMember])
    case reservationBooked(Reservation)
    case menuSet(reservation: String, menu: [Product])
    case bookingCancelled(String)
    case metricsSet(CalendarMetrics)
    case viewportResized(ViewportSize)
    /// A pane was scrolled; nil keeps that axis where it is.
    case scrolled(ScrollPane, x: Double?, y: Double?)
    case serviceSet(BookingServiceMode)
    case loadStarted
    case serviceReleased
    case calendarReset
}

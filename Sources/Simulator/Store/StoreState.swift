/// The simulator's single source of truth: the register and the calendar.
///
/// Every screen (the customer display, the calendar's layout and view state) is derived
/// from this value; nothing is pushed by hand.
public struct StoreState: Equatable, Sendable {
    public var register = RegisterState()
    public var calendar = CalendarState()

    public init() {}
}

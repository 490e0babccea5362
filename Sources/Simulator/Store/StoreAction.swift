/// Anything that can happen to the store, by area.
public enum StoreAction: Equatable, Sendable {
    case register(RegisterAction)
    case calendar(CalendarAction)
    /// A reservation was checked out (予約のお会計): its menu goes into the register's cart.
    case reservationCheckedOut(String)
}

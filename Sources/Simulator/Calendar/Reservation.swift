/// A booking from the booking service: one staff member, one span of the day.
public struct Reservation: Equatable, Sendable {
    public var id: String
    public var staff: String
    /// Minutes since 0:00.
    public var start: Int
    /// Minutes since 0:00; later than `start`, at most 24:00.
    public var end: Int
    public var customer: String?
    /// The menu items, put into the cart when the reservation is checked out.
    public var menu: [Product]

    public init(id: String, staff: String, start: Int, end: Int, customer: String? = nil, menu: [Product] = []) {
        self.id = id
        self.staff = staff
        self.start = start
        self.end = end
        self.customer = customer
        self.menu = menu
    }

    /// Whether the real, half-open intervals share an instant: 10:00–11:00 and 11:00–12:00
    /// do not.
    public func overlaps(_ other: Reservation) -> Bool {
        start < other.end && other.start < end
    }
}

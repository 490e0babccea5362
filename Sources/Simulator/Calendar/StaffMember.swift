/// A calendar row: a staff member and how many reservations they can take at once
/// (同時可能予約数).
public struct StaffMember: Equatable, Sendable {
    public var name: String
    public var capacity: Int

    public init(name: String, capacity: Int = 1) {
        self.name = name
        self.capacity = capacity
    }
}

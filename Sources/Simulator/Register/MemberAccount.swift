/// A loyalty account: its id and its points balance (1 point = ¥1).
public struct MemberAccount: Equatable, Sendable {
    public var id: String
    public var points: Int

    public init(id: String, points: Int) {
        self.id = id
        self.points = points
    }
}

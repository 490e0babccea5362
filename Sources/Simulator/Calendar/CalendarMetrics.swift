/// The calendar's drawing sizes, in points.
public struct CalendarMetrics: Equatable, Sendable {
    public var hourWidth: Double
    public var itemHeight: Double
    public var padding: Double

    public init(hourWidth: Double = 120, itemHeight: Double = 44, padding: Double = 4) {
        self.hourWidth = hourWidth
        self.itemHeight = itemHeight
        self.padding = padding
    }

    /// The height one lane takes in a row.
    public var laneHeight: Double { itemHeight + padding }

    /// The grid's full width: 24 hours.
    public var contentWidth: Double { 24 * hourWidth }
}

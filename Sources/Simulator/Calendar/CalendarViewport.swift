import Wire

/// The scroll positions of the three synchronised panes and what they reveal.
public struct CalendarViewport: Equatable, Sendable {
    public var gridX: Double
    public var gridY: Double
    /// Always the grid's x: the time header scrolls with it.
    public var headerX: Double
    /// Always the grid's y: the staff column scrolls with it.
    public var staffY: Double
    /// Staff whose row intersects the grid's visible height, in row order.
    public var visibleStaff: [String]
    /// The first visible minute (rounded down).
    public var visibleFrom: Int
    /// The last visible minute (rounded up), at most 24:00.
    public var visibleTo: Int

    /// What `state` shows with its layout.
    public init(_ state: CalendarState, layout: CalendarLayout) {
        gridX = state.scrollX
        gridY = state.scrollY
        headerX = state.scrollX
        staffY = state.scrollY
        let bottom = state.scrollY + state.viewport.height
        visibleStaff = layout.rows.filter { $0.y < bottom && state.scrollY < $0.y + $0.height }.map(\.staff)
        let hourWidth = state.metrics.hourWidth
        visibleFrom = Self.minute(state.scrollX / hourWidth * 60, roundingUp: false)
        visibleTo = Self.minute((state.scrollX + state.viewport.width) / hourWidth * 60, roundingUp: true)
    }

    /// Whole minutes within the day; a hair of tolerance absorbs floating-point error so a
    /// scroll to 9:00 reads back as 09:00, not 08:59.
    static func minute(_ value: Double, roundingUp: Bool) -> Int {
        let tolerance = 1e-6
        let rounded = roundingUp ? (value - tolerance).rounded(.up) : (value + tolerance).rounded(.down)
        guard rounded.isFinite else { return ClockTime.endOfDay }
        return Int(min(max(rounded, 0), Double(ClockTime.endOfDay)))
    }

    /// The largest scroll offsets: content minus viewport, never negative.
    public static func maximumOffsets(_ state: CalendarState, layout: CalendarLayout) -> (x: Double, y: Double) {
        (max(0, layout.contentWidth - state.viewport.width), max(0, layout.contentHeight - state.viewport.height))
    }
}

import Wire

/// Where every reservation is drawn: one row per staff member, time along x, overlapping
/// bookings stacked in lanes (domain.md §3, Layout).
public struct CalendarLayout: Equatable, Sendable {
    /// One drawn reservation.
    public struct Item: Equatable, Sendable {
        public var id: String
        public var x: Double
        public var width: Double
        public var lane: Int
        public var y: Double
        public var height: Double
    }

    /// One staff member's row.
    public struct Row: Equatable, Sendable {
        public var staff: String
        public var y: Double
        public var height: Double
        public var lanes: Int
        public var items: [Item]
    }

    /// Reservations shorter than this are drawn this long, for readability and tap area.
    public static let minimumDrawnMinutes = 30

    public var rows: [Row]
    public var contentWidth: Double

    /// The sum of the row heights.
    public var contentHeight: Double { rows.last.map { $0.y + $0.height } ?? 0 }

    /// Lays out `reservations` in `staff` order with `metrics`.
    public init(staff: [StaffMember], reservations: [Reservation], metrics: CalendarMetrics) {
        var byStaff: [ExactText: [Reservation]] = [:]
        for reservation in reservations { byStaff[ExactText(reservation.staff), default: []].append(reservation) }
        var rows: [Row] = []
        rows.reserveCapacity(staff.count)
        var top = 0.0
        for member in staff {
            let row = Self.row(for: member.name, byStaff[ExactText(member.name)] ?? [], top: top, metrics: metrics)
            rows.append(row)
            top += row.height
        }
        self.rows = rows
        self.contentWidth = metrics.contentWidth
    }

    /// The drawn end: at least 30 minutes after the start, clipped at 24:00.
    public static func drawnEnd(of reservation: Reservation) -> Int {
        min(max(reservation.end, reservation.start + minimumDrawnMinutes), ClockTime.endOfDay)
    }

    private static func row(for staff: String, _ reservations: [Reservation], top: Double, metrics: CalendarMetrics)
        -> Row
    {
        let sorted = reservations.sorted { left, right in
            left.start != right.start
                ? left.start < right.start : left.id.unicodeScalars.lexicographicallyPrecedes(right.id.unicodeScalars)
        }
        // Each lane remembers the drawn end of its last item; overlap is judged on drawn
        // intervals so short bookings that touch on screen stack instead of overprinting.
        var laneEnds: [Int] = []
        var items: [Item] = []
        items.reserveCapacity(sorted.count)
        for reservation in sorted {
            let end = drawnEnd(of: reservation)
            let lane: Int
            if let free = laneEnds.firstIndex(where: { $0 <= reservation.start }) {
                lane = free
                laneEnds[free] = end
            } else {
                lane = laneEnds.count
                laneEnds.append(end)
            }
            items.append(
                Item(
                    id: reservation.id, x: Double(reservation.start) / 60 * metrics.hourWidth,
                    width: Double(end - reservation.start) / 60 * metrics.hourWidth, lane: lane,
                    y: top + Double(lane) * metrics.laneHeight, height: metrics.itemHeight))
        }
        let lanes = max(laneEnds.count, 1)
        return Row(staff: staff, y: top, height: Double(lanes) * metrics.laneHeight, lanes: lanes, items: items)
    }

    /// The item drawn for reservation `id`.
    public func item(_ id: String) -> Item? {
        for row in rows {
            if let item = row.items.first(where: { $0.id.hasSameCodePoints(as: id) }) { return item }
        }
        return nil
    }

    /// The row of staff member `name`.
    public func row(_ name: String) -> Row? {
        rows.first { $0.staff.hasSameCodePoints(as: name) }
    }
}

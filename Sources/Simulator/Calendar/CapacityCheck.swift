/// The most reservations that overlap at any one instant, judged on the real half-open
/// times (10:00–11:00 and 11:00–12:00 never overlap).
enum CapacityCheck {
    static func peakOverlap(_ reservations: [Reservation]) -> Int {
        var events: [(time: Int, delta: Int)] = []
        events.reserveCapacity(reservations.count * 2)
        for reservation in reservations {
            events.append((reservation.start, 1))
            events.append((reservation.end, -1))
        }
        // Ends sort before starts at the same minute: half-open intervals.
        events.sort { $0.time != $1.time ? $0.time < $1.time : $0.delta < $1.delta }
        var current = 0
        var peak = 0
        for event in events {
            current += event.delta
            peak = max(peak, current)
        }
        return peak
    }
}

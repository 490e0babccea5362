import Wire

// Staff and booking rules.
extension CalendarReducer {
    static func setStaff(_ state: inout CalendarState, _ staff: [StaffMember]) throws(Rejection) {
        for member in staff {
            guard !member.name.isEmpty else { throw Rejection(.invalidStaff, "A staff name must not be empty.") }
            // 0 is a staff member who takes no bookings (every booking is `overCapacity`).
            guard member.capacity >= 0 else {
                throw Rejection(
                    .invalidCapacity, "The capacity of \(member.name) must not be negative (got \(member.capacity)).")
            }
        }
        var seen = Set<ExactText>(minimumCapacity: staff.count)
        for member in staff where !seen.insert(ExactText(member.name)).inserted {
            throw Rejection(.duplicateStaff, "The staff list names \(member.name) more than once.")
        }
        state.staff = staff
        // A staff member left out takes their reservations away: every reservation is
        // someone's on the list, as a booking for anyone else is `unknownStaff`.
        let kept = Set(staff.map { ExactText($0.name) })
        let dropped = state.reservations.filter { !kept.contains(ExactText($0.staff)) }
        guard !dropped.isEmpty else { return }
        state.reservations.removeAll { !kept.contains(ExactText($0.staff)) }
        for reservation in dropped { state.checkedOut.remove(ExactText(reservation.id)) }
    }

    static func book(_ state: inout CalendarState, _ reservation: Reservation) throws(Rejection) {
        guard reservation.start >= 0, reservation.end <= ClockTime.endOfDay, reservation.end > reservation.start
        else {
            throw Rejection(
                .invalidTime,
                "A reservation must end after it starts, within 0:00–24:00 (got \(describe(reservation.start))"
                    + "–\(describe(reservation.end))).")
        }
        guard let member = state.staff.first(where: { $0.name.hasSameCodePoints(as: reservation.staff) }) else {
            throw Rejection(
                .unknownStaff,
                "There is no staff member \"\(reservation.staff)\"."
                    + NameGuess.hint(for: reservation.staff, among: state.staff.map(\.name)))
        }
        guard state.reservation(reservation.id) == nil else {
            throw Rejection(.duplicateReservation, "Reservation \"\(reservation.id)\" already exists.")
        }
        let sameStaff = state.reservations.filter {
            $0.staff.hasSameCodePoints(as: member.name) && $0.overlaps(reservation)
        }
        guard CapacityCheck.peakOverlap(sameStaff + [reservation]) <= member.capacity else {
            throw Rejection(
                .overCapacity,
                "\(member.name) can take \(member.capacity) reservation\(member.capacity == 1 ? "" : "s") at once; "
                    + "\"\(reservation.id)\" (\(describe(reservation.start))–\(describe(reservation.end))) "
                    + "would make more overlap.")
        }
        state.reservations.append(reservation)
    }

    /// A time for messages; out-of-day values are shown as they were given.
    private static func describe(_ minutes: Int) -> String {
        minutes >= 0 ? ClockTime.text(minutes) : String(minutes)
    }
}

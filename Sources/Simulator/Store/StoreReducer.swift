/// The root reduce function: routes each action to its area's reducer.
public enum StoreReducer {
    /// Applies `action`, or throws its rejection and leaves `state` exactly as it was.
    public static func reduce(
        _ state: inout StoreState, _ action: StoreAction, _ environment: SimulatorEnvironment
    ) throws(Rejection) {
        // The area reducers check everything before their first mutation, so they work on
        // the state in place (no copy of every array they touch). The reservation checkout
        // adds line after line, and a later one can be refused: it works on a copy, so "a
        // rejected action changes nothing" holds for it too.
        switch action {
        case .register(let registerAction):
            try RegisterReducer.reduce(&state.register, registerAction, environment)
        case .calendar(let calendarAction):
            try CalendarReducer.reduce(&state.calendar, calendarAction)
        case .reservationCheckedOut(let id):
            var next = state
            try checkOut(&next, reservation: id, environment)
            state = next
        }
    }

    /// Puts the reservation's menu into the cart as ad-hoc lines and links the order to it.
    private static func checkOut(
        _ state: inout StoreState, reservation id: String, _ environment: SimulatorEnvironment
    ) throws(Rejection) {
        guard state.register.phase == .notEntered else {
            throw Rejection(
                .wrongPhase,
                RegisterPhase.refusal(
                    "check out reservation \"\(id)\"", in: state.register.phase.name, allowed: ["notEntered"]))
        }
        guard let reservation = state.calendar.reservation(id) else {
            throw CalendarReducer.unknownReservation(id, in: state.calendar)
        }
        guard !state.calendar.checkedOut.contains(ExactText(id)) else {
            throw Rejection(.alreadyCheckedOut, "Reservation \"\(id)\" has already been checked out.")
        }
        for item in reservation.menu {
            try RegisterReducer.reduce(
                &state.register, .itemAdded(name: item.name, price: item.price, quantity: 1), environment)
        }
        state.register.reservations.append(id)
        state.calendar.checkedOut.insert(ExactText(id))
    }
}

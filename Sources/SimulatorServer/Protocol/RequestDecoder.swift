import Simulator
import Wire

/// Maps a request to a store action (nil for one that changes nothing, as `getState`) and
/// the extra member its response carries.
enum RequestDecoder {
    /// What a successful response adds beside `state`.
    enum Extra {
        case none
        case layout
        case viewport
        case viewState
    }

    static let services: [String: BookingServiceMode] = [
        "normal": .normal, "empty": .empty, "failing": .failing(message: ""), "hang": .hang,
    ]

    static func decode(_ action: String, on endpoint: Endpoint, _ fields: RequestFields) throws(ProtocolError) -> (
        action: StoreAction?, extra: Extra
    ) {
        switch endpoint {
        case .register: return (try register(action, fields).map { .register($0) }, .none)
        case .calendar: return try calendar(action, fields)
        }
    }

    private static func register(_ action: String, _ fields: RequestFields) throws(ProtocolError) -> RegisterAction? {
        guard let name = RegisterActionName(rawValue: action) else {
            throw .unknownAction(action, endpoint: "register", known: RegisterActionName.allCases.map(\.rawValue))
        }
        switch name {
        case .setCatalog:
            return .catalogSet(try fields.products("products", required: true))
        case .addItem:
            return .itemAdded(
                name: try fields.string("name"), price: try fields.optionalInt("price"),
                quantity: try fields.optionalInt("quantity") ?? 1)
        case .setQuantity:
            return .quantityChanged(name: try fields.string("name"), quantity: try fields.int("quantity"))
        case .removeItem:
            return .itemRemoved(name: try fields.string("name"))
        case .setCartDiscount:
            let amount = try fields.optionalInt("amount")
            let percent = try fields.optionalInt("percent")
            switch (amount, percent) {
            case (let amount?, nil): return .cartDiscountSet(.amount(amount))
            case (nil, let percent?): return .cartDiscountSet(.percent(percent))
            case (nil, nil): throw .invalid("amount", "or \"percent\" is required (give exactly one).")
            case (_?, _?): throw .invalid("amount", "and \"percent\" were both given (give exactly one).")
            }
        case .identifyMember:
            // A request that names no member means the step library's default one.
            return .memberIdentified(id: try fields.optionalString("member") ?? "M-1", points: try fields.int("points"))
        case .applyPoints: return .pointsApplied(try fields.int("points"))
        case .takePayment:
            return .paymentTaken(try fields.choice("method", of: PaymentMethod.self), amount: try fields.int("amount"))
        case .startRefund: return .refundStarted(order: try fields.string("order"))
        case .clearCartDiscount: return .cartDiscountCleared
        case .clearMember: return .memberCleared
        case .startCheckout: return .checkoutStarted
        case .editCart: return .cartEditRequested
        case .cancelPayments: return .paymentsCancelled
        case .completeWithoutPayment: return .completedWithoutPayment
        case .nextCustomer: return .nextCustomerServed
        case .confirmRefund: return .refundConfirmed
        case .cancelRefund: return .refundCancelled
        case .reset: return .registerReset
        case .getState: return nil
        }
    }

    private static func calendar(_ action: String, _ fields: RequestFields) throws(ProtocolError) -> (
        StoreAction?, Extra
    ) {
        guard let name = CalendarActionName(rawValue: action) else {
            throw .unknownAction(action, endpoint: "calendar", known: CalendarActionName.allCases.map(\.rawValue))
        }
        switch name {
        case .setStaff:
            let staff = try fields.objects("staff").map { member throws(ProtocolError) in
                StaffMember(name: try member.string("name"), capacity: try member.optionalInt("capacity") ?? 1)
            }
            return (.calendar(.staffSet(staff)), .none)
        case .book:
            let reservation = Reservation(
                id: try fields.string("reservation"), staff: try fields.string("staff"),
                start: try time(fields, "start"), end: try time(fields, "end"),
                customer: try fields.optionalString("customer"), menu: try fields.products("menu", required: false))
            return (.calendar(.reservationBooked(reservation)), .none)
        case .setMenu:
            let reservation = try fields.string("reservation")
            let menu = try fields.products("menu", required: true)
            return (.calendar(.menuSet(reservation: reservation, menu: menu)), .none)
        case .cancelBooking:
            return (.calendar(.bookingCancelled(try fields.string("reservation"))), .none)
        case .setMetrics:
            // protocol.md lists all three without "(optional)": a missing one is badParameter.
            let metrics = CalendarMetrics(
                hourWidth: try fields.double("hourWidth"), itemHeight: try fields.double("itemHeight"),
                padding: try fields.double("padding"))
            return (.calendar(.metricsSet(metrics)), .none)
        case .layout:
            return (nil, .layout)
        case .setViewport:
            let size = ViewportSize(width: try fields.double("width"), height: try fields.double("height"))
            return (.calendar(.viewportResized(size)), .viewport)
        case .scroll:
            let pane = try fields.choice("pane", of: ScrollPane.self)
            let x = try fields.optionalDouble("x")
            let y = try fields.optionalDouble("y")
            switch pane {
            case .grid where x == nil && y == nil:
                throw .invalid("x", "or \"y\" is required to scroll the grid.")
            case .staff where y == nil: throw .missing("y")
            case .header where x == nil: throw .missing("x")
            default: return (.calendar(.scrolled(pane, x: x, y: y)), .viewport)
            }
        case .setService:
            var mode = try fields.choice("mode", services)
            if case .failing = mode {
                mode = .failing(message: try fields.optionalString("message") ?? "The booking service is unavailable.")
            }
            return (.calendar(.serviceSet(mode)), .none)
        case .load: return (.calendar(.loadStarted), .viewState)
        case .release: return (.calendar(.serviceReleased), .viewState)
        case .viewState: return (nil, .viewState)
        case .checkoutReservation:
            return (.reservationCheckedOut(try fields.string("reservation")), .none)
        case .reset: return (.calendar(.calendarReset), .none)
        case .getState: return (nil, .none)
        }
    }

    private static func time(_ fields: RequestFields, _ field: String) throws(ProtocolError) -> Int {
        let text = try fields.string(field)
        switch ClockTime.reading(text) {
        case .minutes(let minutes):
            return minutes
        case .minutesOutOfRange:
            // Shaped like a time but past the hour, as 25:00 is past the day: the domain's
            // invalidTime, not a malformed parameter (docs/domain-decisions.md).
            throw ProtocolError(
                code: "invalidTime", message: "\"\(text)\" is not a time of day: minutes go from 00 to 59.",
                field: field)
        case .malformed:
            throw .invalid(field, "must be a time \"H:MM\" or \"HH:MM\" (got \"\(text)\").")
        }
    }
}

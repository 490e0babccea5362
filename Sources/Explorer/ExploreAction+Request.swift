import Wire

extension ExploreAction {
    /// Why a protocol request has no step to write it with.
    public struct Unwritable: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The action a protocol request on `endpoint` sends (the reverse of `request(id:)`),
    /// for a request some client sent, such as the register page's. Throws, naming the
    /// action and the field, for a request no step can say: an action without a step
    /// (`reset`, `scroll`, …), a member id other than the default, a booking with a
    /// customer or menu, a price together with a quantity other than 1, or a parameter
    /// missing or of the wrong kind.
    public init(endpoint: Endpoint, request: JSONObject) throws(Unwritable) {
        let action = try RequestReader(request: request).action()
        guard action.endpoint == endpoint else {
            throw Unwritable(
                description: "\(action.name) is a \(action.endpoint.rawValue) action, sent to /\(endpoint)")
        }
        self = action
    }

    /// Why `text` cannot be any text of a feature file, a scenario's name included: the
    /// reader refuses a file that holds a NUL byte.
    static func unwritableName(_ text: String) -> String? {
        text.unicodeScalars.contains("\0") ? "holds a NUL character, which no feature file can" : nil
    }
}

/// Reads a request's parameters for `ExploreAction.init(endpoint:request:)`.
private struct RequestReader {
    let request: JSONObject

    var name: String { request["action"]?.stringValue ?? "" }

    func action() throws(ExploreAction.Unwritable) -> ExploreAction {
        guard !name.isEmpty else { throw ExploreAction.Unwritable(description: "a request without an action") }
        guard
            let action = RegisterActionName(rawValue: name).map(ProtocolAction.register)
                ?? CalendarActionName(rawValue: name).map(ProtocolAction.calendar)
        else { throw ExploreAction.Unwritable(description: "\"\(name)\" is no action of the protocol") }
        if let bare = ExploreAction.bare.first(where: { $0.wire == action }) { return bare.action }
        switch action {
        case .register(.setCatalog): return .setCatalog(try entries("products", number: "price", default: nil))
        case .register(.addItem):
            let (item, price, quantity) = (try string("name"), try optionalInt("price"), try optionalInt("quantity"))
            if price != nil, let quantity, quantity != 1 {
                throw failure("quantity", "is \(quantity) with a price (a step adds an item at a price once)")
            }
            return .addItem(name: item, price: price, quantity: price == nil ? quantity : nil)
        case .register(.setQuantity): return .setQuantity(name: try string("name"), quantity: try int("quantity"))
        case .register(.removeItem): return .removeItem(name: try string("name"))
        case .register(.setCartDiscount):
            if let percent = request["percent"], request["amount"] == nil {
                guard let value = percent.intValue else { throw failure("percent", "is not a whole number") }
                return .discountPercent(value)
            }
            return .discountAmount(try int("amount"))
        case .register(.identifyMember):
            if let member = request["member"], member.stringValue != "M-1" {
                throw failure("member", "is not the default member \"M-1\" (the steps identify that one)")
            }
            return .identifyMember(points: try int("points"))
        case .register(.applyPoints): return .applyPoints(try int("points"))
        case .register(.takePayment):
            let method = try string("method")
            guard let payment = PaymentMethod(rawValue: method) else {
                throw failure("method", "is \"\(method)\" (expected cash, card or qr)")
            }
            return .takePayment(payment, amount: try int("amount"))
        case .register(.startRefund): return .startRefund(order: try string("order"))
        case .calendar(.setStaff): return .setStaff(try entries("staff", number: "capacity", default: 1))
        case .calendar(.book):
            for field in ["customer", "menu"] where request[field] != nil {
                throw failure(field, "is given (the booking step has none; set the menu with setMenu)")
            }
            return .book(
                id: try string("reservation"), staff: try string("staff"), start: try time("start"),
                end: try time("end"))
        case .calendar(.cancelBooking): return .cancelBooking(id: try string("reservation"))
        case .calendar(.setMenu):
            return .setMenu(id: try string("reservation"), try entries("menu", number: "price", default: nil))
        case .calendar(.setService):
            let mode = try string("mode")
            guard ["normal", "empty", "failing", "hang"].contains(mode) else {
                throw failure("mode", "is \"\(mode)\" (expected normal, empty, failing or hang)")
            }
            return .setService(mode: mode, message: mode == "failing" ? try string("message") : nil)
        case .calendar(.checkoutReservation): return .checkoutReservation(id: try string("reservation"))
        default:
            throw ExploreAction.Unwritable(description: "\(name) has no step in docs/steps.md a scenario can use")
        }
    }

    private func failure(_ field: String, _ problem: String) -> ExploreAction.Unwritable {
        ExploreAction.Unwritable(description: "\(name): \(field) \(problem)")
    }

    private func string(_ field: String) throws(ExploreAction.Unwritable) -> String {
        guard let value = request[field] else { throw failure(field, "is missing") }
        guard let text = value.stringValue else { throw failure(field, "is \(value.serialized), not a string") }
        if let problem = Self.unwritable(text) { throw failure(field, "\(value.serialized) \(problem)") }
        return text
    }

    /// Why `text` cannot be a step's `{string}` or a table cell: the writer quotes with one
    /// kind of quote, a line holds no line break, a cell loses the spaces at its ends, and a
    /// feature file holds no NUL.
    static func unwritable(_ text: String) -> String? {
        if let problem = ExploreAction.unwritableName(text) { return problem }
        if text.contains("\"") && text.contains("'") { return "holds both kinds of quote, which no step string can" }
        if text.contains(where: \.isNewline) { return "holds a line break, which no step can" }
        if text.first?.isWhitespace == true || text.last?.isWhitespace == true {
            return "starts or ends with a space, which a table cell drops"
        }
        return nil
    }

    private func int(_ field: String) throws(ExploreAction.Unwritable) -> Int {
        guard let value = try optionalInt(field) else { throw failure(field, "is missing") }
        return value
    }

    private func optionalInt(_ field: String) throws(ExploreAction.Unwritable) -> Int? {
        guard let value = request[field], !value.isNull else { return nil }
        guard let number = value.intValue else { throw failure(field, "is \(value.serialized), not a whole number") }
        return number
    }

    private func time(_ field: String) throws(ExploreAction.Unwritable) -> Int {
        let text = try string(field)
        guard let minutes = ClockTime.minutes(from: text) else { throw failure(field, "is \"\(text)\", not a time") }
        return minutes
    }

    /// `[{"name": …, number: …}]`; `fallback` for a missing number (a staff member's capacity).
    private func entries(_ field: String, number: String, default fallback: Int?) throws(ExploreAction.Unwritable)
        -> [ExploreAction.Entry]
    {
        guard let items = request[field]?.arrayValue else { throw failure(field, "is not a list") }
        return try items.enumerated().map { index, item throws(ExploreAction.Unwritable) in
            guard let entryName = item["name"]?.stringValue else {
                throw failure(field, "item \(index + 1) has no name")
            }
            if let problem = Self.unwritable(entryName) {
                throw failure(field, "item \(index + 1) \(JSONValue.string(entryName).serialized) \(problem)")
            }
            guard let value = item[number]?.intValue ?? (item[number] == nil ? fallback : nil) else {
                throw failure(field, "item \(index + 1) (\(entryName)) has no whole-number \(number)")
            }
            return ExploreAction.Entry(name: entryName, number: value)
        }
    }
}

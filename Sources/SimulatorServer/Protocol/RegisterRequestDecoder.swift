import Simulator
import Wire

/// Maps a `/register` request to a register action (nil for `getState`, which changes nothing).
enum RegisterRequestDecoder {
    static let methods: [String: PaymentMethod] = ["cash": .cash, "card": .card, "qr": .qr]

    static func decode(_ action: String, _ fields: RequestFields) throws(ProtocolError) -> RegisterAction? {
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
        case .clearCartDiscount: return .cartDiscountCleared
        case .identifyMember:
            // A request that names no member means the step library's default one.
            return .memberIdentified(id: try fields.optionalString("member") ?? "M-1", points: try fields.int("points"))
        case .clearMember: return .memberCleared
        case .startCheckout: return .checkoutStarted
        case .applyPoints: return .pointsApplied(try fields.int("points"))
        case .editCart: return .cartEditRequested
        case .takePayment:
            return .paymentTaken(try fields.choice("method", methods), amount: try fields.int("amount"))
        case .cancelPayments: return .paymentsCancelled
        case .completeWithoutPayment: return .completedWithoutPayment
        case .nextCustomer: return .nextCustomerServed
        case .startRefund: return .refundStarted(order: try fields.string("order"))
        case .confirmRefund: return .refundConfirmed
        case .cancelRefund: return .refundCancelled
        case .reset: return .registerReset
        case .getState: return nil
        }
    }
}

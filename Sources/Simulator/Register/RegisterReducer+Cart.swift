import Wire

// The cart-phase rules: catalog, lines and the cart-wide discount.
extension RegisterReducer {
    static func setCatalog(_ state: inout RegisterState, _ products: [Product]) throws(Rejection) {
        for product in products {
            try checkPrice(product.price, of: product.name)
        }
        var seen = Set<ExactText>(minimumCapacity: products.count)
        for product in products where !seen.insert(ExactText(product.name)).inserted {
            throw Rejection(.duplicateProduct, "The catalog lists \"\(product.name)\" more than once.")
        }
        // Lines already in the cart keep the price they were added at.
        state.catalog = products
    }

    static func addItem(_ state: inout RegisterState, name: String, price: Int?, quantity: Int) throws(Rejection) {
        let unitPrice: Int
        if let price {
            unitPrice = price
        } else if let product = state.catalog.first(where: { $0.name.hasSameCodePoints(as: name) }) {
            unitPrice = product.price
        } else {
            throw Rejection(
                .unknownProduct,
                "\"\(name)\" is not in the catalog (give a price to add it ad hoc)."
                    + NameGuess.hint(for: name, among: state.catalog.map(\.name)))
        }
        try checkPrice(unitPrice, of: name)
        try checkQuantity(quantity, atLeast: 1)
        guard let index = state.lines.firstIndex(where: { $0.name.hasSameCodePoints(as: name) }) else {
            try checkSubtotal(state, name: name, unitPrice: unitPrice, quantity: quantity, replacing: nil)
            state.lines.append(CartLine(name: name, unitPrice: unitPrice, quantity: quantity))
            return
        }
        let line = state.lines[index]
        guard line.unitPrice == unitPrice else {
            throw Rejection(
                .priceMismatch,
                "\"\(name)\" is already in the cart at \(YenText.format(line.unitPrice)), "
                    + "not \(YenText.format(unitPrice)).")
        }
        let combined = line.quantity + quantity
        guard combined <= RegisterLimits.maximumQuantity else {
            throw Rejection(
                .invalidQuantity,
                "Quantity must be at most \(RegisterLimits.maximumQuantity) "
                    + "(\"\(name)\" would have \(combined)).")
        }
        try checkSubtotal(state, name: name, unitPrice: unitPrice, quantity: combined, replacing: index)
        state.lines[index].quantity = combined
    }

    static func setQuantity(_ state: inout RegisterState, name: String, quantity: Int) throws(Rejection) {
        guard let index = state.lines.firstIndex(where: { $0.name.hasSameCodePoints(as: name) }) else {
            throw unknownLine(name, in: state)
        }
        try checkQuantity(quantity, atLeast: 0)
        if quantity == 0 {
            state.lines.remove(at: index)
        } else {
            let line = state.lines[index]
            try checkSubtotal(state, name: name, unitPrice: line.unitPrice, quantity: quantity, replacing: index)
            state.lines[index].quantity = quantity
        }
    }

    static func setDiscount(_ state: inout RegisterState, _ discount: CartDiscount) throws(Rejection) {
        switch discount {
        case .amount(let yen):
            guard yen >= 0 else {
                throw Rejection(
                    .invalidDiscount, "A discount amount must not be negative (got \(YenText.format(yen))).")
            }
            guard yen <= RegisterLimits.maximumAmount else {
                throw Rejection(
                    .invalidDiscount,
                    "A discount amount must be at most \(YenText.format(RegisterLimits.maximumAmount)) "
                        + "(got \(YenText.format(yen))).")
            }
        case .percent(let percent):
            guard (1...100).contains(percent) else {
                throw Rejection(.invalidDiscount, "A discount percentage must be between 1 and 100 (got \(percent)).")
            }
        }
        state.cartDiscount = discount
    }

    static func checkPrice(_ price: Int, of name: String) throws(Rejection) {
        guard price >= 0 else {
            throw Rejection(
                .invalidPrice, "The price of \"\(name)\" must not be negative (got \(YenText.format(price))).")
        }
        guard price <= RegisterLimits.maximumPrice else {
            throw Rejection(
                .invalidPrice,
                "The price of \"\(name)\" must be at most \(YenText.format(RegisterLimits.maximumPrice)) "
                    + "(got \(YenText.format(price))).")
        }
    }

    /// Refuses a line (new, or replacing the line at `replacing`) that would take the cart's
    /// subtotal past `RegisterLimits.maximumSubtotal`. The other lines already fit, so only
    /// the new line's total can overflow.
    static func checkSubtotal(
        _ state: RegisterState, name: String, unitPrice: Int, quantity: Int, replacing: Int?
    ) throws(Rejection) {
        var others = 0
        for (index, line) in state.lines.enumerated() where index != replacing {
            others += line.unitPrice * line.quantity
        }
        let (lineTotal, overflow) = unitPrice.multipliedReportingOverflow(by: quantity)
        guard !overflow, lineTotal <= RegisterLimits.maximumSubtotal - others else {
            throw Rejection(
                .invalidQuantity,
                "\(quantity) × \"\(name)\" at \(YenText.format(unitPrice)) would take the subtotal past "
                    + "\(YenText.format(RegisterLimits.maximumSubtotal)), the most the register can hold.")
        }
    }

    static func checkQuantity(_ quantity: Int, atLeast minimum: Int) throws(Rejection) {
        guard quantity >= minimum else {
            throw Rejection(.invalidQuantity, "Quantity must be at least \(minimum) (got \(quantity)).")
        }
        guard quantity <= RegisterLimits.maximumQuantity else {
            throw Rejection(
                .invalidQuantity, "Quantity must be at most \(RegisterLimits.maximumQuantity) (got \(quantity)).")
        }
    }
}

/// The cart-wide discount (全体割引): a fixed amount of yen or a percentage of the subtotal.
public enum CartDiscount: Equatable, Sendable {
    case amount(Int)
    case percent(Int)

    /// The discount on `subtotal`: the fixed amount or ⌊subtotal × percent / 100⌋, never more
    /// than the subtotal.
    public func discount(on subtotal: Int) -> Int {
        switch self {
        case .amount(let yen):
            return max(0, min(yen, subtotal))
        case .percent(let percent):
            // ⌊s × p / 100⌋ split as s = 100q + r, so huge subtotals cannot overflow.
            let exact = subtotal / 100 * percent + subtotal % 100 * percent / 100
            return max(0, min(exact, subtotal))
        }
    }
}

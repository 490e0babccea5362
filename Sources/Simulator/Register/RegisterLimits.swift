/// The largest number the register accepts, for a price, a quantity, a payment, a points
/// balance, points to use or a fixed discount, and the largest subtotal a cart may reach.
///
/// domain.md sets no upper limit, so the only one is what the protocol can carry exactly:
/// 2^53 − 1 (¥9,007,199,254,740,991), the largest whole number a JSON reader that holds
/// numbers as doubles (a browser's) reads without rounding. Any sum the register makes
/// from such values stays far inside `Int`.
public enum RegisterLimits {
    /// 2^53 − 1.
    public static let maximumNumber = 9_007_199_254_740_991
    /// The highest unit price.
    public static let maximumPrice = maximumNumber
    /// The highest quantity of one line.
    public static let maximumQuantity = maximumNumber
    /// The highest payment, points balance, points to use or fixed discount.
    public static let maximumAmount = maximumNumber
    /// The highest subtotal a cart may reach; a line that would pass it is `invalidQuantity`.
    public static let maximumSubtotal = maximumNumber
}

/// The largest values the register accepts, as a real register's keypad and receipt allow.
///
/// The limits keep every sum far inside `Int`, so no input can overflow the arithmetic.
public enum RegisterLimits {
    /// The highest unit price (¥9,999,999).
    public static let maximumPrice = 9_999_999
    /// The highest quantity of one line.
    public static let maximumQuantity = 9_999
    /// The highest payment, points balance, points to use or fixed discount (¥99,999,999).
    public static let maximumAmount = 99_999_999
}

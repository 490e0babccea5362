/// The values the explorer draws from: ordinary ones, boundaries, and hostile ones
/// (markup characters, quotes, full-width and long text), so that escaping, limits and
/// off-by-one rules are all reached.
enum ExploreValues {
    /// Product names. Each can be written in a step: none holds both quote kinds, `|`,
    /// `\` or `」`, and none starts or ends with a space.
    static let names = [
        "Coffee", "Tea", #"<b>Tea & "Cake"</b>"#, "ほうじ茶ラテ", "Ｃａｆé ＬＡＴＴＥ", "O'Brien's Scone",
        String(repeating: "Croissant", count: 14), "Bag",
    ]
    static let prices = [0, 1, 100, 450, 999, 1200, 99_999, -1]
    static let quantities = [1, 1, 2, 3, 99, 0, -1]
    static let points = [0, 1, 100, 300, 500, 5_000, -1]
    static let percents = [1, 10, 33, 50, 100, 0, 101, -1]
    static let discounts = [0, 50, 100, 1_000, 100_000, -100]
    static let staff = ["Sato", "鈴木"]
    static let reservations = ["R1", "R2", "R3"]
    static let times = [0, 9 * 60, 10 * 60, 10 * 60 + 10, 10 * 60 + 20, 10 * 60 + 30, 11 * 60, 23 * 60 + 50, 24 * 60]
    static let messages = ["timeout", "<script>&</script>", "接続できません"]
}

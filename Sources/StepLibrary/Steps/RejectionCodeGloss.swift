import StepInterface
import Wire

/// What each rejection code of the built-in simulator means, in English and Japanese.
///
/// A register's messages are English (they are the register's, not ours), so a Japanese
/// feature's failure names the code with its meaning first: `「emptyCart」（カートが空）で
/// 拒否されました`. `spec-run steps` lists them all, so that QA can write
/// `it is rejected with "CODE"` without reading the simulator. A code this list does not
/// know (another register build's own) is shown as it is.
enum RejectionCodeGloss {
    typealias Entry = (code: String, english: String, japanese: String)

    static func japanese(_ code: String) -> String? { byCode[code]?.japanese }

    /// The register's codes, in the order domain.md introduces them.
    static let register: [Entry] = [
        ("wrongPhase", "not possible at this point of the sale", "今の段階ではできない操作"),
        ("invalidPrice", "a price below 0 or too large", "価格が正しくない"),
        ("duplicateProduct", "two products with one name", "同じ商品名が2つある"),
        ("unknownProduct", "not in the catalog (and no price given)", "カタログにない商品"),
        ("invalidQuantity", "a quantity below 1 (below 0 when set), or a subtotal too large", "数量が正しくない"),
        ("priceMismatch", "already in the cart at another price", "カートに別の価格で入っている商品"),
        ("unknownLine", "no such line in the cart", "カートにない明細"),
        ("invalidDiscount", "an amount below 0 or too large, or a percentage outside 1–100", "割引が正しくない"),
        ("invalidAmount", "a balance or points below 0, a payment of 0 or less, or too large", "金額やポイントが正しくない"),
        ("invalidMember", "an empty member id", "会員が正しくない"),
        ("paymentsTaken", "payments were taken (void them first)", "支払いを受け付けた後（先に支払いを取り消す）"),
        ("emptyCart", "the cart is empty", "カートが空"),
        ("noMember", "no member is identified", "会員が呼び出されていない"),
        ("pointsExceedBalance", "more points than the balance", "ポイント残高を超えている"),
        ("pointsExceedTotal", "more points than the subtotal after the discount", "お支払い額を超えるポイント"),
        ("overpayment", "a card or QR payment above what remains", "残額を超えるカード・QR決済"),
        ("amountOwed", "part of the total is still unpaid", "まだ支払われていない金額がある"),
        ("cartNotEmpty", "a refund needs an empty cart", "カートが空でない"),
        ("unknownOrder", "no such order", "存在しない注文"),
        ("alreadyRefunded", "the order was refunded already", "返品済みの注文"),
    ]

    /// The calendar's codes.
    static let calendar: [Entry] = [
        ("invalidTime", "the end is not after the start, or outside 0:00–24:00", "時刻が正しくない"),
        ("unknownStaff", "no such staff member", "登録されていないスタッフ"),
        ("duplicateReservation", "a reservation with this id exists", "同じIDの予約がある"),
        ("overCapacity", "more overlapping reservations than the staff member's capacity", "スタッフの同時に受けられる予約数を超える"),
        ("unknownReservation", "no such reservation", "存在しない予約"),
        ("alreadyCheckedOut", "the reservation was checked out already", "お会計済みの予約"),
        ("invalidStaff", "a staff name that is empty", "スタッフの名前が空"),
        ("invalidCapacity", "a staff member's capacity below 0", "スタッフの同時可能予約数がマイナス"),
        ("duplicateStaff", "two staff members with one name", "同じ名前のスタッフが2人いる"),
        (
            "invalidMetrics", "an hour width or item height not above 0, a padding below 0, or any of them too large",
            "カレンダーの寸法が正しくない"
        ),
        ("invalidViewport", "a viewport that is not positive, or too large", "表示領域が正しくない"),
    ]

    /// The protocol's own codes, for a request the simulator cannot read.
    static let request: [Entry] = [
        (RequestErrorCode.badParameter.rawValue, "a value missing or of the wrong kind", "値がない、または種類が違う"),
        (RequestErrorCode.unknownAction.rawValue, "an action the endpoint does not have", "知らない操作"),
        (RequestErrorCode.badRequest.rawValue, "a message that is not a request", "要求として読めないメッセージ"),
    ]

    /// For a code no rejection has (`emptycart`, `EmptyCart `, `cartEmpty`): the known code
    /// it most likely means: the same words in any order and letter case, else within two
    /// edits (three would take `cartEmpty` to `cartNotEmpty`, its opposite).
    static func closestKnown(to code: String) -> String? {
        let code = FullWidthText.ascii(code)
        let known = byCode.keys.sorted()
        let words = Set(camelWords(code))
        if let sameWords = known.first(where: { Set(camelWords($0)) == words }) { return sameWords }
        let wanted = Array(code.lowercased().filter { !$0.isWhitespace })
        return known.map { ($0, EditDistance.between(wanted, Array($0.lowercased()), limit: 3)) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// `cartEmpty` → `cart`, `empty`: lowercased, split before capitals and at spaces.
    private static func camelWords(_ code: String) -> [String] {
        code.split(whereSeparator: \.isWhitespace).flatMap { word in
            word.reduce(into: [String]()) { words, character in
                if character.isUppercase || words.isEmpty { words.append("") }
                words[words.count - 1] += character.lowercased()
            }
        }
    }

    /// Whether the built-in simulator gives `code`.
    static func isKnown(_ code: String) -> Bool { byCode[code] != nil }

    /// The codes by area: its key (`spec-run steps --format json`), its heading in English
    /// and Japanese (`spec-run steps`), and its codes.
    static let areas: [(key: String, english: String, japanese: String, entries: [Entry])] = [
        ("register", "register", "レジ", register), ("calendar", "calendar", "カレンダー", calendar),
        ("request", "any request", "どの要求でも", request),
    ]

    private static let byCode: [String: Entry] = Dictionary(
        areas.flatMap(\.entries).map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}

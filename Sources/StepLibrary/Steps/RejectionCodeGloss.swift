import StepInterface

/// What each rejection code of the built-in simulator means, in English and Japanese.
///
/// A register's messages are English (they are the register's, not ours), so a Japanese
/// feature's failure names the code with its meaning first: `「emptyCart」（カートが空）で
/// 拒否されました`. `spec-run steps` lists them all, so that QA can write
/// `it is rejected with "CODE"` without reading the simulator. A code this list does not
/// know (another register build's own) is shown as it is.
enum RejectionCodeGloss {
    struct Entry: Sendable {
        var code: String
        var english: String
        var japanese: String
    }

    static func japanese(_ code: String) -> String? { byCode[code]?.japanese }

    /// The register's codes, in the order domain.md introduces them.
    static let register: [Entry] = [
        Entry(code: "wrongPhase", english: "not possible at this point of the sale", japanese: "今の段階ではできない操作"),
        Entry(code: "invalidPrice", english: "a price below 0 or too large", japanese: "価格が正しくない"),
        Entry(code: "duplicateProduct", english: "two products with one name", japanese: "同じ商品名が2つある"),
        Entry(code: "unknownProduct", english: "not in the catalog (and no price given)", japanese: "カタログにない商品"),
        Entry(
            code: "invalidQuantity", english: "a quantity below 1 (below 0 when set), or a subtotal too large",
            japanese: "数量が正しくない"),
        Entry(
            code: "priceMismatch", english: "already in the cart at another price",
            japanese: "カートに別の価格で入っている商品"),
        Entry(code: "unknownLine", english: "no such line in the cart", japanese: "カートにない明細"),
        Entry(
            code: "invalidDiscount", english: "an amount below 0 or too large, or a percentage outside 1–100",
            japanese: "割引が正しくない"),
        Entry(
            code: "invalidAmount", english: "a balance or points below 0, a payment of 0 or less, or too large",
            japanese: "金額やポイントが正しくない"),
        Entry(code: "invalidMember", english: "an empty member id", japanese: "会員が正しくない"),
        Entry(
            code: "paymentsTaken", english: "payments were taken (void them first)",
            japanese: "支払いを受け付けた後（先に支払いを取り消す）"),
        Entry(code: "emptyCart", english: "the cart is empty", japanese: "カートが空"),
        Entry(code: "noMember", english: "no member is identified", japanese: "会員が呼び出されていない"),
        Entry(code: "pointsExceedBalance", english: "more points than the balance", japanese: "ポイント残高を超えている"),
        Entry(
            code: "pointsExceedTotal", english: "more points than the subtotal after the discount",
            japanese: "お支払い額を超えるポイント"),
        Entry(
            code: "overpayment", english: "a card or QR payment above what remains",
            japanese: "残額を超えるカード・QR決済"),
        Entry(code: "amountOwed", english: "part of the total is still unpaid", japanese: "まだ支払われていない金額がある"),
        Entry(code: "cartNotEmpty", english: "a refund needs an empty cart", japanese: "カートが空でない"),
        Entry(code: "unknownOrder", english: "no such order", japanese: "存在しない注文"),
        Entry(code: "alreadyRefunded", english: "the order was refunded already", japanese: "返品済みの注文"),
    ]

    /// The calendar's codes.
    static let calendar: [Entry] = [
        Entry(
            code: "invalidTime", english: "the end is not after the start, or outside 0:00–24:00", japanese: "時刻が正しくない"),
        Entry(code: "unknownStaff", english: "no such staff member", japanese: "登録されていないスタッフ"),
        Entry(code: "duplicateReservation", english: "a reservation with this id exists", japanese: "同じIDの予約がある"),
        Entry(
            code: "overCapacity", english: "more overlapping reservations than the staff member's capacity",
            japanese: "スタッフの同時に受けられる予約数を超える"),
        Entry(code: "unknownReservation", english: "no such reservation", japanese: "存在しない予約"),
        Entry(code: "alreadyCheckedOut", english: "the reservation was checked out already", japanese: "お会計済みの予約"),
        Entry(code: "invalidStaff", english: "a staff name that is empty", japanese: "スタッフの名前が空"),
        Entry(
            code: "invalidCapacity", english: "a staff member's capacity below 0",
            japanese: "スタッフの同時可能予約数がマイナス"),
        Entry(code: "duplicateStaff", english: "two staff members with one name", japanese: "同じ名前のスタッフが2人いる"),
        Entry(
            code: "invalidMetrics",
            english: "an hour width or item height not above 0, a padding below 0, or any of them too large",
            japanese: "カレンダーの寸法が正しくない"),
        Entry(
            code: "invalidViewport", english: "a viewport that is not positive, or too large",
            japanese: "表示領域が正しくない"),
    ]

    /// The protocol's own codes, for a request the simulator cannot read.
    static let request: [Entry] = [
        Entry(code: "badParameter", english: "a value missing or of the wrong kind", japanese: "値がない、または種類が違う"),
        Entry(code: "unknownAction", english: "an action the endpoint does not have", japanese: "知らない操作"),
        Entry(code: "badRequest", english: "a message that is not a request", japanese: "要求として読めないメッセージ"),
    ]

    /// For a code no rejection has (`emptycart`, `EmptyCart `, `cartEmpty`): the known code
    /// it most likely means: the same words in any order and letter case, else within two
    /// edits (three would take `cartEmpty` to `cartNotEmpty`, its opposite).
    static func closestKnown(to code: String) -> String? {
        guard byCode[code] == nil else { return nil }
        let known = byCode.keys.sorted()
        let words = Set(camelWords(code))
        if let sameWords = known.first(where: { Set(camelWords($0)) == words }) { return sameWords }
        let wanted = Array(code.lowercased().filter { !$0.isWhitespace })
        return known.map { ($0, EditDistance.between(wanted, Array($0.lowercased()), limit: 3)) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// `cartEmpty` → `cart`, `empty`: lowercased, split before capitals and at spaces.
    private static func camelWords(_ code: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in code {
            if character.isWhitespace || character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            if !character.isWhitespace { current += character.lowercased() }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether the built-in simulator gives `code`.
    static func isKnown(_ code: String) -> Bool { byCode[code] != nil }

    private static let byCode: [String: Entry] = Dictionary(
        (register + calendar + request).map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}

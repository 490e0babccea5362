import StepLibrary
import Wire

/// Each action as the step of docs/steps.md that sends it, in English or Japanese, plain
/// or in its try form (for an action the rules refuse): a scenario's When lines.
struct StepWording {
    let language: StepLanguage

    func pick(_ english: String, _ japanese: String) -> String { language == .en ? english : japanese }

    /// `text` as a `{string}` argument: `"…"` (or `'…'` when it holds `"`) in English,
    /// `「…」` in Japanese.
    func quoted(_ text: String) -> String {
        if language == .ja, !text.contains("」") { return "「\(text)」" }
        return text.contains("\"") ? "'\(text)'" : "\"\(text)\""
    }

    func yen(_ amount: Int) -> String { YenText.format(amount) }

    func method(_ method: PaymentMethod) -> String {
        switch method {
        case .cash: pick("cash", "現金")
        case .card: pick("card", "カード")
        case .qr: pick("QR", "QR決済")
        }
    }

    /// The step's text (without keyword) and its table rows; nil for the two questions.
    func step(_ action: ExploreAction, trying: Bool) -> (text: String, table: [[String]])? {
        let t = trying
        switch action {
        case .setCatalog(let products):
            return (
                pick(t ? "I try to set the catalog:" : "the catalog:", t ? "商品カタログを設定しようとする:" : "商品カタログ:"),
                [["name", "price"]] + products.map { [$0.name, String($0.number)] }
            )
        case .addItem(let name, let price, let quantity):
            let item = quoted(name)
            if let price {
                return plain(
                    t, en: "add \(item) at \(yen(price)) to the cart", ja: "カートに\(yen(price))の\(item)を追加", jaVerb: .suru
                )
            }
            if let quantity {
                return plain(
                    t, en: "add \(quantity) \(item) to the cart", ja: "カートに\(item)を\(quantity)個追加", jaVerb: .suru)
            }
            return plain(t, en: "add \(item) to the cart", ja: "カートに\(item)を追加", jaVerb: .suru)
        case .setQuantity(let name, let quantity):
            return plain(
                t, en: "change the quantity of \(quoted(name)) to \(quantity)", ja: "\(quoted(name))の数量を\(quantity)に変更",
                jaVerb: .suru)
        case .removeItem(let name):
            return plain(t, en: "remove \(quoted(name)) from the cart", ja: "カートから\(quoted(name))を削除", jaVerb: .suru)
        case .discountAmount(let amount):
            return plain(t, en: "set a cart discount of \(yen(amount))", ja: "\(yen(amount))の全体割引を設定", jaVerb: .suru)
        case .discountPercent(let percent):
            return plain(t, en: "set a cart discount of \(percent)%", ja: "\(percent)%の全体割引を設定", jaVerb: .suru)
        case .clearDiscount: return plain(t, en: "clear the cart discount", ja: "全体割引を解除", jaVerb: .suru)
        case .identifyMember(let points):
            return plain(
                t, en: "identify a loyalty member with \(points) points", ja: "\(points)ポイントの会員を呼び出", jaVerb: .su)
        case .clearMember: return plain(t, en: "clear the member", ja: "会員を解除", jaVerb: .suru)
        case .startCheckout: return plain(t, en: "start checkout", ja: "お会計に進", jaVerb: .mu)
        case .applyPoints(let points):
            return plain(t, en: "apply \(points) points", ja: "\(points)ポイントを利用", jaVerb: .suru)
        case .editCart: return plain(t, en: "go back to edit the cart", ja: "内容を変更", jaVerb: .suru)
        case .takePayment(let payment, let amount):
            return (
                t
                    ? pick(
                        "the customer tries to pay \(yen(amount)) by \(method(payment))",
                        "お客さまが\(method(payment))で\(yen(amount))を支払おうとする")
                    : pick(
                        "the customer pays \(yen(amount)) by \(method(payment))",
                        "お客さまが\(method(payment))で\(yen(amount))を支払う"), []
            )
        case .cancelPayments: return plain(t, en: "cancel the payments", ja: "支払いを取り消", jaVerb: .su)
        case .completeWithoutPayment:
            return plain(t, en: "complete the order without payment", ja: "支払いなしで会計を完了", jaVerb: .suru)
        case .nextCustomer: return plain(t, en: "serve the next customer", ja: "次のお客さまに進", jaVerb: .mu)
        case .startRefund(let order):
            return plain(
                t, en: "start a refund of order \(quoted(order))", ja: "注文\(quoted(order))の返品を開始", jaVerb: .suru)
        case .confirmRefund: return plain(t, en: "confirm the refund", ja: "返品を確定", jaVerb: .suru)
        case .cancelRefund: return plain(t, en: "cancel the refund", ja: "返品を取り消", jaVerb: .su)
        default: return calendarStep(action, trying: t)
        }
    }

    private func calendarStep(_ action: ExploreAction, trying t: Bool) -> (text: String, table: [[String]])? {
        switch action {
        case .setStaff(let staff):
            return (
                pick(t ? "I try to set the staff:" : "the staff:", t ? "スタッフを設定しようとする:" : "スタッフ:"),
                [["name", "capacity"]] + staff.map { [$0.name, String($0.number)] }
            )
        case .book(let id, let staff, let start, let end):
            let (from, to) = (ClockTime.text(start), ClockTime.text(end))
            return plain(
                t, en: "book \(quoted(id)) with \(quoted(staff)) from \(from) to \(to)",
                ja: "\(quoted(id))を\(quoted(staff))に\(from)から\(to)まで予約", jaVerb: .suru)
        case .cancelBooking(let id):
            return plain(t, en: "cancel booking \(quoted(id))", ja: "予約\(quoted(id))を取り消", jaVerb: .su)
        case .setMenu(let id, let menu):
            return (
                t
                    ? pick("I try to set the menu of reservation \(quoted(id)):", "予約\(quoted(id))のメニューを設定しようとする:")
                    : pick("reservation \(quoted(id)) includes:", "予約\(quoted(id))のメニュー:"),
                [["name", "price"]] + menu.map { [$0.name, String($0.number)] }
            )
        case .setService(let mode, let message):
            switch mode {
            case "empty": return (pick("the booking service answers with no reservations", "予約サービスは予約がないと応答する"), [])
            case "failing":
                let text = quoted(message ?? "")
                return (pick("the booking service fails with \(text)", "予約サービスは\(text)で失敗する"), [])
            case "hang": return (pick("the booking service hangs", "予約サービスは応答しない"), [])
            default: return (pick("the booking service answers normally", "予約サービスは正常に応答する"), [])
            }
        case .load:
            return (
                t ? pick("I try to load the calendar", "カレンダーを読み込もうとする") : pick("the calendar loads", "カレンダーを読み込む"), []
            )
        case .release:
            return (
                t
                    ? pick("the booking service tries to respond", "予約サービスが応答しようとする")
                    : pick("the booking service responds", "予約サービスが応答する"), []
            )
        case .checkoutReservation(let id):
            return plain(t, en: "check out reservation \(quoted(id))", ja: "予約\(quoted(id))をお会計", jaVerb: .suru)
        default:
            return nil
        }
    }

    /// How a Japanese verb stem ends: する, す (呼び出す, 取り消す), む (進む).
    enum JapaneseVerb {
        case suru, su, mu
    }

    /// An `I …` step: English `I …` / `I try to …`; Japanese stem + する / しようとする
    /// (す → す / そうとする, む → む / もうとする).
    private func plain(_ trying: Bool, en: String, ja: String, jaVerb: JapaneseVerb) -> (
        text: String, table: [[String]]
    ) {
        if language == .en { return ((trying ? "I try to " : "I ") + en, []) }
        switch jaVerb {
        case .suru: return (ja + (trying ? "しようとする" : "する"), [])
        case .su: return (ja + (trying ? "そうとする" : "す"), [])
        case .mu: return (ja + (trying ? "もうとする" : "む"), [])
        }
    }
}

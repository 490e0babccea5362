import StepInterface
import Wire

/// The register's steps (steps.md, "Register"): the catalog, the cart, the member, the
/// payment, refunds and what the register remembers.
enum RegisterSteps {
    static func define(in book: inout StepBook) {
        defineCart(in: &book)
        defineMemberPaymentAndRefund(in: &book)
        defineOrderChecks(in: &book)
        defineMemberAndOutcomeChecks(in: &book)
    }

    static let catalogTable = TableShape(required: ["name", "price"], kinds: ["price": .yen])

    /// The rows of a `catalogTable` (a catalog, a reservation's menu) as the protocol's products.
    static func products(_ table: StepTable) throws -> JSONValue {
        .array(
            try table.rows.map {
                .object(["name": .string($0["name"] ?? ""), "price": JSONValue(try $0.yen("price"))])
            })
    }

    private static func defineCart(in book: inout StepBook) {
        book.action(
            .register, .setup, en: Phrase("the catalog:"), ja: Phrase("商品カタログ:"),
            tries: .written(en: "I try to set the catalog:", ja: "商品カタログを設定しようとする:"), table: catalogTable
        ) { context, world in
            let table = try StepTable(context, catalogTable, language: world.language)
            let outcome = try await world.perform(
                .register(.setCatalog), [("products", try products(table))], timeout: context.timeout)
            return TableRejection.pointed(outcome, in: table, language: world.language)
        }
        book.action(
            sending: .register(.addItem), en: Phrase("I add {string} to the cart", #"I add "Latte" to the cart"#),
            ja: Phrase("カートに{string}を追加する", "カートに「ラテ」を追加する")
        ) { context in [("name", .string(try context.argument(0)))] }
        book.action(
            sending: .register(.addItem),
            en: Phrase("I add {int} {string} to the cart", #"I add 2 "Latte" to the cart"#),
            ja: Phrase(
                "カートに{string}を{int}個追加する", "カートに「ラテ」を2個追加する",
                also: ["カートに{string}を{int}つ追加する", "カートに{string}を{int}点追加する"])
        ) { context in
            let (quantity, name) = (try context.firstInteger(), try context.first(String.self))
            return [("name", .string(name)), ("quantity", JSONValue(quantity))]
        }
        book.action(
            sending: .register(.addItem),
            en: Phrase("I add {string} at {yen} to the cart", #"I add "Bag" at ¥5 to the cart"#),
            ja: Phrase("カートに{yen}の{string}を追加する", "カートに¥5の「レジ袋」を追加する")
        ) { context in
            let (name, price) = (try context.first(String.self), try context.firstInteger())
            return [("name", .string(name)), ("price", JSONValue(price))]
        }
        book.action(
            sending: .register(.setQuantity),
            en: Phrase("I change the quantity of {string} to {int}", #"I change the quantity of "Latte" to 3"#),
            ja: Phrase(
                "{string}の数量を{int}に変更する", "「ラテ」の数量を3に変更する",
                also: ["{string}の数量を{int}個に変更する", "{string}の数量を{int}つに変更する", "{string}の数量を{int}点に変更する"])
        ) { context in [("name", .string(try context.argument(0))), ("quantity", JSONValue(try context.integer(1)))] }
        book.action(
            sending: .register(.removeItem),
            en: Phrase("I remove {string} from the cart", #"I remove "Latte" from the cart"#),
            ja: Phrase("カートから{string}を削除する", "カートから「ラテ」を削除する")
        ) { context in [("name", .string(try context.argument(0)))] }
        book.action(
            sending: .register(.setCartDiscount),
            en: Phrase("I set a cart discount of {yen}", "I set a cart discount of ¥100"),
            ja: Phrase("{yen}の全体割引を設定する", "¥100の全体割引を設定する")
        ) { context in [("amount", JSONValue(try context.argument(0, as: Int.self)))] }
        book.action(
            sending: .register(.setCartDiscount),
            en: Phrase("I set a cart discount of {int}%", "I set a cart discount of 10%"),
            ja: Phrase("{int}%の全体割引を設定する", "10%の全体割引を設定する")
        ) { context in [("percent", JSONValue(try context.integer(0)))] }
        book.action(
            sending: .register(.clearCartDiscount), en: Phrase("I clear the cart discount"), ja: Phrase("全体割引を解除する"))
    }

    private static func defineMemberPaymentAndRefund(in book: inout StepBook) {
        let identify: QAAction = { context, world in
            try await world.perform(
                .register(.identifyMember),
                [("points", JSONValue(try context.integer(0))), ("member", .string("M-1"))],
                timeout: context.timeout)
        }
        book.action(
            .register, .setup,
            en: Phrase(
                "the customer is a loyalty member with {int} points", "the customer is a loyalty member with 500 points"
            ),
            ja: Phrase("お客さまは{int}ポイントを持つ会員である", "お客さまは500ポイントを持つ会員である"), tries: .absent,
            related: (en: "I try to identify a loyalty member with {int} points", ja: "{int}ポイントの会員を呼び出そうとする"),
            identify)
        book.action(
            .register, .action,
            en: Phrase("I identify a loyalty member with {int} points", "I identify a loyalty member with 500 points"),
            ja: Phrase("{int}ポイントの会員を呼び出す", "500ポイントの会員を呼び出す"), identify)
        book.action(sending: .register(.clearMember), en: Phrase("I clear the member"), ja: Phrase("会員を解除する"))
        // The button says お会計へ.
        book.action(
            sending: .register(.startCheckout), en: Phrase("I start checkout", also: ["I proceed to checkout"]),
            ja: Phrase("お会計に進む", also: ["お会計へ進む"]))
        book.action(
            sending: .register(.applyPoints), en: Phrase("I apply {int} points", "I apply 300 points"),
            ja: Phrase("{int}ポイントを利用する", "300ポイントを利用する")
        ) { context in [("points", JSONValue(try context.integer(0)))] }
        book.action(sending: .register(.editCart), en: Phrase("I go back to edit the cart"), ja: Phrase("内容を変更する"))
        book.action(
            sending: .register(.takePayment),
            en: Phrase(
                "the customer pays {yen} by {method}", "the customer pays ¥1,000 by cash",
                also: ["the customer pays {yen} in/with {method}"]),
            ja: Phrase(
                "お客さまが{method}で{yen}を支払う", "お客さまが現金で¥1,000を支払う", also: ["お客さまが{yen}を{method}で支払う"])
        ) { context in
            let (amount, method) = (try context.firstInteger(), try context.first(PaymentMethod.self))
            return [("method", .string(method.rawValue)), ("amount", JSONValue(amount))]
        }
        book.action(sending: .register(.cancelPayments), en: Phrase("I cancel the payments"), ja: Phrase("支払いを取り消す"))
        book.action(
            sending: .register(.completeWithoutPayment), en: Phrase("I complete the order without payment"),
            ja: Phrase("支払いなしで会計を完了する"))
        book.action(sending: .register(.nextCustomer), en: Phrase("I serve the next customer"), ja: Phrase("次のお客さまに進む"))
        book.action(
            sending: .register(.startRefund),
            en: Phrase("I start a refund of order {string}", #"I start a refund of order "1001""#),
            ja: Phrase("注文{string}の返品を開始する", "注文「1001」の返品を開始する")
        ) { context in [("order", .string(try orderID(context)))] }
        book.action(sending: .register(.confirmRefund), en: Phrase("I confirm the refund"), ja: Phrase("返品を確定する"))
        book.action(sending: .register(.cancelRefund), en: Phrase("I cancel the refund"), ja: Phrase("返品を取り消す"))
    }

    /// An order id as a step writes it: quoted (`"1001"`, `「１００１」`, typed full-width, is
    /// order 1001: order ids are numbers) or a bare number.
    private static func orderID(_ context: StepContext) throws -> String {
        if let number = context.arguments.first as? Int { return String(number) }
        return FullWidthText.narrowed(try context.argument(0))
    }

    private static func defineOrderChecks(in book: inout StepBook) {
        book.step(
            .register, .check, en: Phrase("the last order is {string}", #"the last order is "1001""#),
            ja: Phrase("直前の注文は{string}である", "直前の注文は「1001」である")
        ) { context, world in
            let expected = try orderID(context)
            let state = try await world.query(.register(.getState), timeout: context.timeout).state
            let language = world.language
            let actual = try AnswerField.required(
                "lastOrder", in: state, shape: "lastOrder, an order id or null", language)
            let shown = actual.stringValue ?? actual.intValue.map(String.init)
            guard shown == expected else {
                throw language.failure(
                    "expected the last order to be \"\(expected)\", but it is \(shown.map { "\"\($0)\"" } ?? "none")",
                    "直前の注文は「\(expected)」のはずが、" + (shown.map { "「\($0)」でした" } ?? "注文がありませんでした"))
            }
        }
        book.step(
            .register, .check,
            en: Phrase(
                #"order {string} is refunded"#, #"order "1001" is refunded"#, also: ["order {int} is refunded"],
                note: "checks that a past order has been refunded"),
            ja: Phrase(
                "注文{string}は返品済みである", "注文「1001」は返品済みである", also: ["注文{int}は返品済みである"],
                note: "過去の注文が返品済みであることを確かめる")
        ) { context, world in
            let expected = try orderID(context)
            let state = try await world.query(.register(.getState), timeout: context.timeout).state
            let language = world.language
            let orders = try AnswerField.required(
                "orders", in: state, shape: "orders, every order as {\"id\", \"total\", \"refunded\", …}", language)
            let found = orders.arrayValue?.enumerated().first { _, order in
                (order["id"]?.stringValue ?? order["id"]?.intValue.map(String.init)) == expected
            }
            guard let (index, order) = found else {
                throw language.failure(
                    "expected order \"\(expected)\" to be refunded, but there is no such order",
                    "注文「\(expected)」は返品済みのはずが、その注文はありませんでした")
            }
            guard let refunded = order["refunded"]?.boolValue else {
                throw AnswerField.misshapen(
                    "orders[\(index)].refunded", order["refunded"], shape: "true or false", answer: "getState", language
                )
            }
            guard refunded else {
                throw language.failure(
                    "expected order \"\(expected)\" to be refunded, but it is not",
                    "注文「\(expected)」は返品済みのはずが、返品されていませんでした")
            }
        }
    }

    private static func defineMemberAndOutcomeChecks(in book: inout StepBook) {
        book.step(
            .register, .check,
            en: Phrase(
                "the member has {int} points", "the member has 200 points",
                note: "checks the points balance of the member last identified at the counter"),
            ja: Phrase("会員のポイント残高は{int}である", "会員のポイント残高は200である", note: "最後に呼び出した会員のポイント残高を確かめる")
        ) { context, world in
            let expected = try context.integer(0)
            let state = try await world.query(.register(.getState), timeout: context.timeout).state
            let language = world.language
            let members = try AnswerField.required(
                "members", in: state, shape: "members, every account as {\"id\", \"points\"}", language)
            let index = members.arrayValue?.firstIndex { $0["id"]?.stringValue == "M-1" }
            let account = index.flatMap { members.arrayValue?[$0] } ?? state["member"]
            guard let account, !account.isNull else {
                throw language.failure(
                    "expected the member to have \(expected) points, but no member was identified",
                    "会員のポイント残高は\(expected)のはずが、会員が呼び出されていません")
            }
            guard let balance = account["points"]?.intValue else {
                throw AnswerField.misshapen(
                    index.map { "members[\($0)].points" } ?? "member.points", account["points"], shape: "an integer",
                    answer: "getState", language)
            }
            guard balance == expected else {
                throw language.failure(
                    "expected the member to have \(expected) points, but the balance is \(balance)",
                    "会員のポイント残高は\(expected)のはずが、\(balance)でした")
            }
        }
        // A code the simulator never gives is found by `--dry-run` too.
        let knownCode: @Sendable ([any Sendable], StepLanguage) -> String? = { values, language in
            (values.first as? String).flatMap { OutcomeLedger.unknownCode($0, language: language) }
        }
        book.step(
            .register, .check, en: Phrase("it is rejected with {string}", #"it is rejected with "emptyCart""#),
            ja: Phrase("{string}で拒否される", "「emptyCart」で拒否される"), checkStepValues: knownCode, checksOutcome: true
        ) { context, world in
            if let failure = world.ledger.expectRejection(try context.argument(0), language: world.language) {
                throw failure
            }
        }
        book.step(
            .register, .check, en: Phrase("it succeeds"), ja: Phrase("成功する"), checksOutcome: true
        ) { _, world in
            if let failure = world.ledger.expectSuccess(language: world.language) { throw failure }
        }
    }
}

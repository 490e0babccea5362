/// What each of domain.md's rejection codes means, in Japanese: a register's messages are
/// English (they are the register's, not ours), so a Japanese feature's failure names the
/// code with its meaning first: `「emptyCart」（カートが空）で拒否されました`. A code this list
/// does not know (another register build's own) is shown as it is.
enum RejectionCodeGloss {
    static func japanese(_ code: String) -> String? { glosses[code] }

    private static let glosses: [String: String] = [
        "wrongPhase": "今の段階ではできない操作",
        "invalidPrice": "価格が正しくない",
        "duplicateProduct": "同じ商品名が2つある",
        "unknownProduct": "カタログにない商品",
        "invalidQuantity": "数量が正しくない",
        "priceMismatch": "カートに別の価格で入っている商品",
        "unknownLine": "カートにない明細",
        "invalidDiscount": "割引が正しくない",
        "invalidAmount": "金額やポイントが正しくない",
        "invalidMember": "会員が正しくない",
        "paymentsTaken": "支払いを受け付けた後（先に支払いを取り消す）",
        "emptyCart": "カートが空",
        "noMember": "会員が呼び出されていない",
        "pointsExceedBalance": "ポイント残高を超えている",
        "pointsExceedTotal": "お支払い額を超えるポイント",
        "overpayment": "残額を超えるカード・QR決済",
        "amountOwed": "まだ支払われていない金額がある",
        "cartNotEmpty": "カートが空でない",
        "unknownOrder": "存在しない注文",
        "alreadyRefunded": "返品済みの注文",
        "invalidTime": "時刻が正しくない",
        "unknownStaff": "登録されていないスタッフ",
        "duplicateReservation": "同じIDの予約がある",
        "overCapacity": "スタッフの同時に受けられる予約数を超える",
        "unknownReservation": "存在しない予約",
        "alreadyCheckedOut": "お会計済みの予約",
        "invalidStaff": "スタッフの設定が正しくない",
        "duplicateStaff": "同じ名前のスタッフが2人いる",
        "invalidMetrics": "カレンダーの寸法が正しくない",
        "invalidViewport": "表示領域が正しくない",
        "noPendingLoad": "応答を待っている読み込みがない",
    ]
}

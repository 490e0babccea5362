import Wire

/// For a `wrongPhase` refusal, the phase the action belongs to and the step that leads
/// there (domain.md's table of actions), in the step's language: paying before
/// `I start checkout` is the mistake QA make most, and the register's own message names
/// phases by their codes.
enum WrongPhaseHint {
    static func text(for action: ProtocolAction, language: StepLanguage) -> String? {
        guard case .register(let name) = action else { return nil }
        switch name {
        case .applyPoints, .takePayment, .completeWithoutPayment, .editCart, .cancelPayments:
            return language.pick(
                "This is done in the payment phase: `I start checkout` comes before it.",
                "これはお支払いのフェーズの操作です。その前に「お会計に進む」が要ります。")
        case .addItem, .setQuantity, .removeItem, .setCartDiscount, .clearCartDiscount, .startCheckout, .startRefund:
            return language.pick(
                "This is done in the cart phase: in the payment phase, `I go back to edit the cart` comes before it;"
                    + " after a completed sale, `I serve the next customer`.",
                "これはカートのフェーズの操作です。お支払いのフェーズなら先に「内容を変更する」、"
                    + "会計が完了した後なら先に「次のお客さまに進む」が要ります。")
        case .identifyMember, .clearMember:
            return language.pick(
                "This is done before the sale completes: after it, `I serve the next customer` comes first.",
                "これは会計が完了する前の操作です。完了した後なら先に「次のお客さまに進む」が要ります。")
        case .nextCustomer:
            return language.pick(
                "This follows a completed sale: the payments reach the total first.",
                "これは会計が完了した後の操作です。先にお支払いで合計に達している必要があります。")
        case .confirmRefund, .cancelRefund:
            return language.pick(
                "This follows `I start a refund of order \"…\"`.", "これは「注文「…」の返品を開始する」の後の操作です。")
        case .setCatalog, .reset, .getState:
            return nil
        }
    }
}

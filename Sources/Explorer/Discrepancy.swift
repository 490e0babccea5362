/// A rule the register under test broke, found at one action of an episode.
public struct Discrepancy: Sendable, Equatable, CustomStringConvertible {
    /// The rule, in QA's words (also what shrinking keeps: a shorter sequence counts
    /// only when it breaks the same rule).
    public var rule: Rule
    /// What was expected and what came, naming the field and the values.
    public var detail: String
    /// The 0-based index of the action in its episode.
    public var actionIndex: Int

    public var description: String { "\(rule.sentence): \(detail)" }

    /// The rules the explorer checks (docs/explore.md explains each), each as QA says it.
    public enum Rule: String, Sendable, CaseIterable {
        case answersEveryRequest = "each request gets one JSON answer, and the connection stays open"
        case answersInOrder = "each answer comes in request order and repeats its request's id"
        case acceptedOrRefused = "an action is accepted or refused as the rules say"
        case refusalCode = "a refused action names the rule's error code"
        case refusalChangesNothing = "a refused action changes nothing (state and display)"
        case amountsAddUp = "amounts add up (subtotal = lines, total = subtotal - discount - points, remaining, change)"
        case stateFollowsRules = "the register and calendar state follow the rules"
        case screenOfPhase = "the display shows the screen of the current phase"
        case pointsShownWhereRulesShow = "points are shown only on the payment screen, when points are applied"
        case fieldsShownWhereRulesShow = "each screen shows exactly the fields the rules list for it"
        case displayIsRenderOfState = "the display shows the current state's values, text shown literally"
        case noDuplicateSnapshot = "a snapshot equal to the last one is not sent"
        case displayUpdates = "the display updates when, and only when, the screen changes"
        case calendarViewState = "the calendar's view state follows the loading rules"
        case calendarLayout = "the calendar's layout follows the drawing rules"

        /// The rule as QA says it.
        public var sentence: String { rawValue }

        /// The rule in Japanese: the scenario's name in a finding written with `--lang ja`.
        public var japanese: String {
            switch self {
            case .answersEveryRequest: "各要求にJSONの応答が1つ届き、接続は開いたままである"
            case .answersInOrder: "各応答は要求の順に届き、要求の id を返す"
            case .acceptedOrRefused: "操作は規則どおりに受け付けられるか拒否される"
            case .refusalCode: "拒否された操作は規則のエラーコードを返す"
            case .refusalChangesNothing: "拒否された操作は何も変えない（状態も表示も）"
            case .amountsAddUp: "金額が合う（小計 = 明細の合計、合計 = 小計 − 割引 − ポイント、残り、お釣り）"
            case .stateFollowsRules: "レジとカレンダーの状態が規則どおりに変わる"
            case .screenOfPhase: "カスタマーディスプレイが今のフェーズの画面を表示する"
            case .pointsShownWhereRulesShow: "ポイントはポイントを利用したときのお支払い画面にだけ表示される"
            case .fieldsShownWhereRulesShow: "各画面は規則が挙げる項目を過不足なく表示する"
            case .displayIsRenderOfState: "カスタマーディスプレイは今の状態の値を表示し、文字はそのまま表示する"
            case .noDuplicateSnapshot: "直前と同じスナップショットは送られない"
            case .displayUpdates: "カスタマーディスプレイは画面が変わるときに、そのときだけ更新される"
            case .calendarViewState: "カレンダーの表示状態が読み込みの規則どおりに変わる"
            case .calendarLayout: "カレンダーの配置が描画の規則どおりになる"
            }
        }
    }
}

import StepInterface
import Wire

/// The calendar's loading steps: the booking service's behaviour, loads, and the view state.
/// (The file's name is the one these steps' source references give in Cucumber Messages.)
extension CalendarSteps {
    static func defineService(in book: inout StepBook) {
        let modes: [(en: String, ja: String, mode: String)] = [
            ("the booking service answers normally", "予約サービスは正常に応答する", "normal"),
            ("the booking service answers with no reservations", "予約サービスは予約がないと応答する", "empty"),
            ("the booking service hangs", "予約サービスは応答しない", "hang"),
        ]
        for entry in modes {
            book.action(
                sending: .calendar(.setService), .setup, en: Phrase(entry.en), ja: Phrase(entry.ja), tries: .absent
            ) { _ in [("mode", .string(entry.mode))] }
        }
        book.action(
            sending: .calendar(.setService), .setup,
            en: Phrase("the booking service fails with {string}", #"the booking service fails with "timeout""#),
            ja: Phrase("予約サービスは{string}で失敗する", "予約サービスは「タイムアウト」で失敗する"), tries: .absent
        ) { context in [("mode", "failing"), ("message", .string(try context.argument(0)))] }
        book.action(
            sending: .calendar(.load), en: Phrase("the calendar loads"), ja: Phrase("カレンダーを読み込む"),
            tries: .written(en: "I try to load the calendar", ja: "カレンダーを読み込もうとする"))
        book.action(
            sending: .calendar(.release), en: Phrase("the booking service responds"), ja: Phrase("予約サービスが応答する"),
            tries: .written(en: "the booking service tries to respond", ja: "予約サービスが応答しようとする"))
        // Each view a step expects, as the steps name it, and the view state that is it
        // (`kind`, and whether it has content; nil: either).
        let views: [(en: String, ja: String, kind: String, content: Bool?)] = [
            ("the loading view", "読み込み中画面", "loading", false),
            ("the content", "予約一覧", "loaded", true),
            ("the empty view", "空の画面", "empty", nil),
            ("the error view", "エラー画面", "failed", false),
            ("the content with a loading indicator", "予約一覧と読み込み中表示", "loading", true),
        ]
        for view in views {
            let (en, ja) = ("the calendar shows " + view.en, "カレンダーは" + view.ja + "を表示している")
            book.step(.calendar, .check, en: Phrase(en), ja: Phrase(ja)) { context, world in
                try await expectView(world, context, view.en, view.ja) {
                    $0.kind == view.kind && $0.hasContent == (view.content ?? $0.hasContent)
                }
            }
        }
        // A failed load's message: on the error view, or on the error banner over the content.
        for (en, ja, content) in [
            ("the error view with ", "エラー画面で", false), ("the content with the error banner ", "予約一覧とエラー", true),
        ] {
            book.step(
                .calendar, .check,
                en: Phrase("the calendar shows \(en){string}", "the calendar shows \(en)\"timeout\""),
                ja: Phrase("カレンダーは\(ja){string}を表示している", "カレンダーは\(ja)「タイムアウト」を表示している")
            ) { context, world in
                let message: String = try context.argument(0)
                try await expectView(world, context, "\(en)\"\(message)\"", "\(ja)「\(message)」") {
                    $0.kind == "failed" && $0.hasContent == content && $0.error == message
                }
            }
        }
    }

    /// Fails unless the calendar's view state passes `matches`, naming the view expected
    /// (`name`, `japaneseName`) and the one shown.
    private static func expectView(
        _ world: isolated QAWorld, _ context: StepContext, _ name: String, _ japaneseName: String,
        matches: (ViewState) -> Bool
    ) async throws {
        let state = try await viewState(world, context)
        guard !matches(state) else { return }
        throw world.language.failure(
            "expected the calendar to show \(name), but it shows \(state.summary(.en))",
            "カレンダーは\(japaneseName)を表示しているはずが、\(state.summary(.ja))を表示していました")
    }

    private struct ViewState {
        var kind: String
        var hasContent: Bool
        var error: String?

        func summary(_ language: StepLanguage) -> String {
            let error = error ?? ""
            switch (kind, hasContent) {
            case ("empty", _): return language.pick("the empty view", "空の画面")
            case ("loading", false): return language.pick("the loading view", "読み込み中画面")
            case ("loading", true): return language.pick("the content with a loading indicator", "予約一覧と読み込み中表示")
            case ("loaded", true): return language.pick("the content", "予約一覧")
            // A state protocol.md does not have: told as the register sent it, not as a view.
            case ("loaded", false):
                return language.pick(
                    "a loaded view without content (hasContent false)", "内容のない読み込み済み画面（hasContent false）")
            case ("failed", false): return language.pick("the error view (\"\(error)\")", "エラー画面（「\(error)」）")
            case ("failed", true):
                return language.pick("the content with the error banner \"\(error)\"", "予約一覧とエラー「\(error)」")
            default: return language.pick("an unknown view state \"\(kind)\"", "不明な表示状態「\(kind)」")
            }
        }
    }

    private static func viewState(_ world: isolated QAWorld, _ context: StepContext) async throws -> ViewState {
        let response = try await world.query(.calendar(.viewState), timeout: context.timeout)
        let view = response.member("viewState")
        guard let kind = view?["kind"]?.stringValue else {
            throw AnswerField.misshapen(
                "viewState.kind", view?["kind"], shape: "empty, loading, loaded or failed", answer: "viewState",
                world.language)
        }
        guard let hasContent = view?["hasContent"]?.boolValue else {
            throw AnswerField.misshapen(
                "viewState.hasContent", view?["hasContent"], shape: "true or false", answer: "viewState",
                world.language)
        }
        return ViewState(kind: kind, hasContent: hasContent, error: view?["error"]?.stringValue)
    }
}

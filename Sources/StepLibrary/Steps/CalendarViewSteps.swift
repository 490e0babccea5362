import StepInterface

/// The calendar's loading steps: the booking service's behaviour, loads, and the view state.
enum CalendarViewSteps {
    static func define(in book: inout StepBook) {
        defineService(in: &book)
        defineViewStates(in: &book)
    }

    private static func defineService(in book: inout StepBook) {
        let modes: [(en: String, ja: String, mode: String)] = [
            ("the booking service answers normally", "予約サービスは正常に応答する", "normal"),
            ("the booking service answers with no reservations", "予約サービスは予約がないと応答する", "empty"),
            ("the booking service hangs", "予約サービスは応答しない", "hang"),
        ]
        for entry in modes {
            book.action(
                .calendar, .given, en: Phrase(entry.en, entry.en), enTry: nil, ja: Phrase(entry.ja, entry.ja),
                jaTry: nil
            ) { context, world in
                try await CalendarSteps.act(world, context, "setService", [("mode", .string(entry.mode))])
            }
        }
        book.action(
            .calendar, .given,
            en: Phrase("the booking service fails with {string}", #"the booking service fails with "timeout""#),
            enTry: nil,
            ja: Phrase("予約サービスは{string}で失敗する", "予約サービスは「タイムアウト」で失敗する"), jaTry: nil
        ) { context, world in
            try await CalendarSteps.act(
                world, context, "setService", [("mode", "failing"), ("message", .string(try context.argument(0)))]
            )
        }
        book.action(
            .calendar, .when, en: Phrase("the calendar loads"),
            enTry: "I try to load the calendar",
            ja: Phrase("カレンダーを読み込む"), jaTry: "カレンダーを読み込もうとする"
        ) { context, world in
            try await CalendarSteps.act(world, context, "load")
        }
        book.action(
            .calendar, .when, en: Phrase("the booking service responds"),
            enTry: "the booking service tries to respond",
            ja: Phrase("予約サービスが応答する"), jaTry: "予約サービスが応答しようとする"
        ) { context, world in
            try await CalendarSteps.act(world, context, "release")
        }
    }

    /// The view a step expects: its name in each language, and whether a view state is it.
    private struct ExpectedView: Sendable {
        var name: String
        var japaneseName: String
        var matches: @Sendable (_ kind: String, _ hasContent: Bool) -> Bool
    }

    private static func defineViewStates(in book: inout StepBook) {
        let views: [ExpectedView] = [
            ExpectedView(name: "the loading view", japaneseName: "読み込み中画面") { kind, content in
                kind == "loading" && !content
            },
            ExpectedView(name: "the content", japaneseName: "予約一覧") { kind, content in kind == "loaded" && content },
            ExpectedView(name: "the empty view", japaneseName: "空の画面") { kind, _ in kind == "empty" },
            ExpectedView(name: "the error view", japaneseName: "エラー画面") { kind, content in
                kind == "failed" && !content
            },
            ExpectedView(name: "the content with a loading indicator", japaneseName: "予約一覧と読み込み中表示") {
                kind, content in kind == "loading" && content
            },
        ]
        for view in views {
            let en = "the calendar shows \(view.name)"
            let ja = "カレンダーは\(view.japaneseName)を表示している"
            book.step(.calendar, .then, en: Phrase(en, en), ja: Phrase(ja, ja)) { context, world in
                let state = try await viewState(world, context)
                guard view.matches(state.kind, state.hasContent) else {
                    let language = world.language
                    throw StepFailure(
                        .assertion,
                        language.pick(
                            "expected the calendar to show \(view.name), but it shows \(state.summary(.en))",
                            "カレンダーは\(view.japaneseName)を表示しているはずが、\(state.summary(.ja))を表示していました"))
                }
            }
        }
        defineFailedViews(in: &book)
    }

    /// The error view and the error banner over the content, each with its message: `en`
    /// and `ja` are the words of the view before the message.
    private static func defineFailedViews(in book: inout StepBook) {
        let views: [(en: String, ja: String, hasContent: Bool)] = [
            ("the error view with", "エラー画面で", false),
            ("the content with the error banner", "予約一覧とエラー", true),
        ]
        for view in views {
            book.step(
                .calendar, .then,
                en: Phrase("the calendar shows \(view.en) {string}", "the calendar shows \(view.en) \"timeout\""),
                ja: Phrase(
                    "カレンダーは\(view.ja){string}を表示している", "カレンダーは\(view.ja)「タイムアウト」を表示している")
            ) { context, world in
                let message: String = try context.argument(0)
                let state = try await viewState(world, context)
                guard state.kind == "failed", state.hasContent == view.hasContent, state.error == message else {
                    let language = world.language
                    throw StepFailure(
                        .assertion,
                        language.pick(
                            "expected the calendar to show \(view.en) \"\(message)\", but it shows \(state.summary(.en))",
                            "カレンダーは\(view.ja)「\(message)」を表示しているはずが、\(state.summary(.ja))を表示していました"))
                }
            }
        }
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
            case ("loaded", _): return language.pick("the content", "予約一覧")
            case ("failed", false): return language.pick("the error view (\"\(error)\")", "エラー画面（「\(error)」）")
            case ("failed", true):
                return language.pick("the content with the error banner \"\(error)\"", "予約一覧とエラー「\(error)」")
            default: return language.pick("an unknown view state \"\(kind)\"", "不明な表示状態「\(kind)」")
            }
        }
    }

    private static func viewState(_ world: QAWorld, _ context: StepContext) async throws -> ViewState {
        let response = try await world.query(.calendar, "viewState", timeout: context.timeout)
        guard let view = response.member("viewState"), let kind = view["kind"]?.stringValue else {
            throw StepFailure(.error, "the viewState response has no viewState.kind")
        }
        return ViewState(
            kind: kind, hasContent: view["hasContent"]?.boolValue ?? false, error: view["error"]?.stringValue)
    }
}

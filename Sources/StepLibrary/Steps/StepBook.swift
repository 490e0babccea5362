import Gherkin
import StepInterface
import Wire

/// The groups `spec-run steps` lists the catalogue under.
enum StepGroup: String, Sendable, CaseIterable {
    case register, display, calendar
}

/// The languages of the catalogue.
public enum StepLanguage: String, Sendable, CaseIterable {
    case en, ja
}

extension StepKind {
    /// The keyword of the step's example.
    func keyword(_ language: StepLanguage) -> String {
        switch self {
        case .setup: language.pick("Given", "前提")
        case .action, .try: language.pick("When", "もし")
        case .check: language.pick("Then", "ならば")
        }
    }
}

/// A step's wording in one language: its expression, an example of it (without keyword),
/// the other wordings QA write for it (`OtherWordings`), and what it does when the
/// expression does not say it all.
struct Phrase {
    var expression: String
    var example: String
    var also: [String]
    var note: String?

    /// `example` is left out for a phrase without parameters, which is its own example.
    init(_ expression: String, _ example: String? = nil, also: [String] = [], note: String? = nil) {
        self.expression = expression
        self.example = example ?? expression
        self.also = also
        self.note = note
    }
}

/// A step's body, run isolated to its scenario's world: the world's methods it calls are
/// plain calls on the world's executor, not a hop onto the world and back for each.
typealias QAStepBody = @Sendable (StepContext, isolated QAWorld) async throws -> Void
typealias QAAction = @Sendable (StepContext, isolated QAWorld) async throws -> ActionOutcome

/// Defines each step in English and Japanese at once, and each action with its try forms,
/// recording the catalogue as it goes.
struct StepBook: Sendable {
    var registry: StepRegistry
    private(set) var entries: [CatalogueEntry] = []

    init(registry: StepRegistry) { self.registry = registry }

    /// A step that is not an action: a check, a query or a setting that cannot be refused.
    /// `checkStepValues` says, for a `--dry-run` without `--target`, what the built-in
    /// simulator would judge wrong in the step's own values, in the step's language (nil:
    /// nothing); a value no register takes is checked in the body instead.
    /// `checksOutcome`: the step checks the last try step's outcome.
    mutating func step(
        _ group: StepGroup, _ kind: StepKind, en: Phrase, ja: Phrase, table: TableShape? = nil,
        checkStepValues: (@Sendable ([any Sendable], StepLanguage) -> String?)? = nil, checksOutcome: Bool = false,
        checksDisplay: Bool = false, fileID: String = #fileID, line: Int = #line, _ body: @escaping QAStepBody
    ) {
        for (language, phrase) in [(StepLanguage.en, en), (.ja, ja)] {
            let stepValues = checkStepValues.map { check in { @Sendable values in check(values, language) } }
            // The check as its failure names it: `it is rejected with "…"`, `「…」で拒否される`.
            let check = { phrase.expression.replacingOccurrences(of: "{string}", with: language.pick("\"…\"", "「…」")) }
            let outcomeRole =
                checksOutcome ? OutcomeRole.check(noAttempt: StepFailure.noTryStep(check(), language).message) : nil
            add(
                group, kind, language, phrase, table: table, stepValues: stepValues,
                outcomeRole: outcomeRole, step: nextStep, fileID: fileID, line: line,
                StepBook.wrap(body, language, group: group, displayCheck: checksDisplay))
        }
        nextStep += 1
    }

    /// An action's try forms: made from its plain expressions (`OtherWordings.tryExpression`),
    /// written out where no rule makes them (`I try to set the catalog:`), or none.
    enum TryForms {
        case made, absent
        case written(en: String, ja: String)

        /// The try form of `plain` in `language`, if it has one.
        func expression(of plain: Phrase, _ language: StepLanguage) -> String? {
            switch self {
            case .made: OtherWordings.tryExpression(ofPlain: plain.expression, language)
            case .written(let english, let japanese): language.pick(english, japanese)
            case .absent: nil
            }
        }
    }

    /// An action: the plain forms fail when the simulator rejects it; the try forms
    /// (`tries`) record the outcome for a later check. `related`: for a setting without a
    /// try form, the try form of the action that does the same, named when it is refused.
    mutating func action(
        _ group: StepGroup, _ kind: StepKind, en: Phrase, ja: Phrase, tries: TryForms = .made,
        related: (en: String, ja: String)? = nil, table: TableShape? = nil, sending request: ProtocolAction? = nil,
        fileID: String = #fileID, line: Int = #line, _ perform: @escaping QAAction
    ) {
        // A refusal fails the plain form; where a try form exists, the failure says how to
        // expect the refusal instead, in the step's own language, with the step as written
        // turned into its try form.
        func plain(_ language: StepLanguage, expression: String, tryForm: String?) -> StepBody {
            StepBook.wrap(
                { context, world in
                    if case .rejected(let code, let message) = try await perform(context, world) {
                        // A value's stray space first (what may be the cause), then how to expect the refusal.
                        let details = [
                            QuotedValueSpacing.note(in: context.arguments, language: language),
                            code == RejectionCode.wrongPhase.rawValue
                                ? request.flatMap { WrongPhaseHint.text(for: $0, language: language) } : nil,
                            tryForm.map {
                                let tryStep = StepBook.tryExample(Phrase(expression, context.text), tryExpression: $0)
                                return StepBook.expectRefusalHint(code: code, tryStep: tryStep, language: language)
                            },
                        ].compactMap { $0 }
                        throw language.failure(
                            "rejected with \"\(code)\": \(message)",
                            "\(language.code(code))で拒否されました: \(message)\(language.meant(in: message))", .rejected,
                            details: details.isEmpty ? nil : details.joined(separator: "\n"))
                    }
                }, language, group: group, plainAction: true)
        }
        func attempt(_ language: StepLanguage) -> StepBody {
            StepBook.wrap(
                { context, world in
                    let outcome = try await StepBook.$isTryForm.withValue(true) { try await perform(context, world) }
                    world.ledger.record(outcome, at: context.location, stepText: context.text, language: language)
                }, language, group: group)
        }
        for (language, phrase, relatedTry) in [(StepLanguage.en, en, related?.en), (.ja, ja, related?.ja)] {
            let tryExpression = tries.expression(of: phrase, language)
            // Its other wordings are its own (`also`) and the plain form QA make of the try form
            // (`I set the catalog:`); its try form's, the try form of each of them and the one
            // QA make of the plain form (`the calendar tries to load`).
            var plainPhrase = phrase
            if let tryExpression, let written = OtherWordings.plainForm(ofTry: tryExpression, language),
                written != phrase.expression
            {
                plainPhrase.also.append(written)
            }
            add(
                group, kind, language, plainPhrase, table: table, step: nextStep, fileID: fileID, line: line,
                plain(language, expression: phrase.expression, tryForm: tryExpression ?? relatedTry))
            guard let tryExpression else { continue }
            var tryWordings = phrase.also.compactMap {
                OtherWordings.tryForm(of: $0, plain: phrase.expression, try: tryExpression)
            }
            if language == .en, let written = OtherWordings.tryForm(ofPlain: phrase.expression),
                written != tryExpression
            {
                tryWordings.append(written)
            }
            let tryPhrase = Phrase(
                tryExpression, StepBook.tryExample(phrase, tryExpression: tryExpression), also: tryWordings)
            // What `--dry-run` says of a try step that nothing checks.
            let unchecked = language.pick(
                "unchecked outcome: no `it is rejected with \"CODE\"` or `it succeeds` checks this try step before the next"
                    + " try step or the scenario's end, so the scenario would fail at its end",
                "未確認の結果: この「…しようとする」ステップの結果を、次の「…しようとする」ステップかシナリオの終わりまでに"
                    + "「「CODE」で拒否される」か「成功する」で確かめていないため、シナリオは最後に失敗します")
            add(
                group, .try, language, tryPhrase, table: table, outcomeRole: .attempt(unchecked: unchecked),
                step: nextStep + 1, fileID: fileID, line: line, attempt(language))
        }
        nextStep += tries.expression(of: en, .en) == nil ? 1 : 2
    }

    /// An action that sends `request` with the parameters `read` from the step (none when
    /// not given), with the step's limit, in the group of the endpoint it goes to.
    mutating func action(
        sending request: ProtocolAction, _ kind: StepKind = .action, en: Phrase, ja: Phrase, tries: TryForms = .made,
        fileID: String = #fileID, line: Int = #line,
        _ read: @escaping @Sendable (StepContext) throws -> [(String, JSONValue)] = { _ in [] }
    ) {
        let group: StepGroup = request.endpoint == .register ? .register : .calendar
        action(group, kind, en: en, ja: ja, tries: tries, sending: request, fileID: fileID, line: line) {
            context, world in
            try await world.perform(request, try read(context), timeout: context.timeout)
        }
    }

    /// The number the next step's catalogue entries get (`CatalogueEntry.step`).
    private var nextStep = 0

    private mutating func add(
        _ group: StepGroup, _ kind: StepKind, _ language: StepLanguage, _ phrase: Phrase, table: TableShape?,
        stepValues: (@Sendable ([any Sendable]) -> String?)? = nil, outcomeRole: OutcomeRole? = nil,
        step: Int, fileID: String, line: Int, _ body: @escaping StepBody
    ) {
        let example = kind.keyword(language) + " " + phrase.example
        // A step without a table refuses one too: written under the wrong step, a table
        // would be ignored and the scenario pass on what the author did not mean.
        let check: @Sendable (PickleStepArgument?) -> String? = { argument in
            guard let table else { return Self.unexpected(argument, language: language) }
            return table.problem(in: argument, language: language)
        }
        let values = table.map { table in
            { @Sendable (argument: PickleStepArgument?) in table.valueProblem(in: argument, language: language) }
        }
        registry.step(
            phrase.expression, alsoWritten: OtherWordings.all(phrase, language, isCheck: kind == .check),
            group: group.rawValue, example: example,
            checkArgument: check, checkTableValues: values, checkStepValues: stepValues, outcomeRole: outcomeRole,
            fileID: fileID, line: line, body)
        entries.append(
            CatalogueEntry(
                group: group, language: language, expression: phrase.expression, example: example,
                table: table?.usage, optionalColumns: table?.optional ?? [], kind: kind,
                description: phrase.note ?? Self.describe(kind, group, language),
                alsoWritten: OtherWordings.named(phrase, language, isCheck: kind == .check),
                step: step))
    }

    /// What a step without a note of its own does, by its kind and group.
    static func describe(_ kind: StepKind, _ group: StepGroup, _ language: StepLanguage) -> String {
        let (english, japanese) =
            switch group {
            case .register: ("the register", "レジ")
            case .display: ("the customer display", "カスタマーディスプレイ")
            case .calendar: ("the calendar", "カレンダー")
            }
        switch kind {
        case .setup: return language.pick("sets up \(english)", "\(japanese)の前提を設定する")
        case .action:
            return language.pick("an action on \(english); a refusal fails the step", "\(japanese)の操作。拒否されるとステップが失敗する")
        case .try:
            return language.pick(
                "tries an action on \(english); check it with `it is rejected with \"CODE\"` or `it succeeds`",
                "\(japanese)の操作を試す。「「CODE」で拒否される」か「成功する」で結果を確かめる")
        case .check: return language.pick("checks \(english)", "\(japanese)を確かめる")
        }
    }

    /// Why a step that takes no table or doc string cannot have one; nil when it has none.
    static func unexpected(_ argument: PickleStepArgument?, language: StepLanguage) -> String? {
        switch argument {
        case .none: nil
        case .dataTable:
            language.pick(
                "this step takes no table: the table under it would be ignored (is it meant for another step?)",
                "このステップは表を受け取りません。表は無視されてしまいます（別のステップの表ではありませんか？）")
        case .docString:
            language.pick(
                "this step takes no doc string (\"\"\"): the text under it would be ignored",
                "このステップは \"\"\" で囲んだテキストを受け取りません。テキストは無視されてしまいます")
        }
    }

    /// How to write a refusal the scenario expects: the step's try form, then the check. A
    /// protocol code (`unknownAction`, `badParameter`, `badRequest`) is no refusal a
    /// scenario expects: the register did not take the request at all.
    static func expectRefusalHint(code: String, tryStep: String, language: StepLanguage) -> String {
        if RequestErrorCode(rawValue: code) != nil {
            return language.pick(
                "\"\(code)\" is the protocol's code, not a refusal by the register's rules: the register did not take"
                    + " the request (a build without this action, or a value it does not read), so no try step expects it.",
                "「\(code)」は操作の規則による拒否ではなく、レジが要求を受け付けなかったことを示すプロトコルのコードです"
                    + "（この操作のないビルド、または読めない値）。「…しようとする」で確かめるものではありません。")
        }
        // `<prodct>` left in the step by a row that has no such column: the value is the
        // mistake, not the register's refusal.
        if let open = tryStep.firstIndex(of: "<"), let close = tryStep[open...].firstIndex(of: ">"),
            tryStep.index(after: open) < close, !tryStep[open...close].contains(" ")
        {
            let placeholder = tryStep[open...close]
            return language.pick(
                "The step still holds \(placeholder): no Examples column of that name gives it a value (the table"
                    + " under 'Examples:' names its column as the step does).",
                "ステップに\(placeholder)が残っています。その名前の「例」の列がなく、値が入りません（「例:」の下の表の見出しに、ステップと同じ名前を書きます）。")
        }
        return language.pick(
            "If it should be refused, write `\(tryStep)` and check it with `it is rejected with \"\(code)\"`.",
            "拒否されるはずなら「\(tryStep)」と書き、続けて「「\(code)」で拒否される」で確かめます。")
    }

    /// Whether the action runs as a try step: a table action may then stop at the first
    /// refused row, so the state after it is what a QA engineer expects.
    @TaskLocal static var isTryForm = false

    /// The body as the runner calls it, for a definition in `language` (its failures').
    /// `plainAction`: an action whose answers may be read later (`RequestPipeline`).
    /// `displayCheck`: a check that may be made once the answers before it are read
    /// (`QAWorld.checkLater`).
    private static func wrap(
        _ body: @escaping QAStepBody, _ language: StepLanguage, group: StepGroup, plainAction: Bool = false,
        displayCheck: Bool = false
    ) -> StepBody {
        { context in
            try await run(
                body, context, language, group: group, plainAction: plainAction, displayCheck: displayCheck,
                on: try context.world(as: QAWorld.self))
        }
    }

    /// Starts the step and runs its body, all on the world's executor: one hop for the step.
    private static func run(
        _ body: @escaping QAStepBody, _ context: StepContext, _ language: StepLanguage, group: StepGroup,
        plainAction: Bool,
        displayCheck: Bool, on world: isolated QAWorld
    ) async throws {
        let verdict: RequestPipeline.Verdict? =
            plainAction ? { @Sendable (world: isolated QAWorld) in try await body(context, world) } : nil
        do {
            try await world.beginStep(context, language, group: group, verdict: verdict, displayCheck: displayCheck)
        } catch {
            await world.attachStates(for: error, in: context)
            throw error
        }
        let requestsBefore = world.usage.requestCount
        do { try await body(context, world) } catch {
            let sentAny = world.usage.requestCount > requestsBefore
            // A failure found for an earlier step is that step's, as it is. Otherwise the
            // pipeline is settled first: an earlier step that fails there fails first.
            if let earlier = error as? StepFailure, earlier.stepIndex != nil {
                await world.attachStates(for: earlier, in: context)
                throw earlier
            }
            if !(error is CancellationError) {
                try await world.settle()
                await world.attachStates(for: error, in: context)
            }
            // runner.md: a failure's body holds what the display showed. The display's own
            // checks say it already; any other failure (a refusal, an error) gets the
            // screen the display has now — but a calendar step's only while the register
            // has something on it: the welcome screen says nothing about a reservation. A
            // step that failed before it sent anything (a cell of its table it cannot
            // read) changed nothing the display could show.
            let plain = StepFailure.plain(error)
            guard sentAny, var failure = plain as? StepFailure, failure.kind != .assertion,
                let shown = await world.displayNow(language, unlessWelcome: group == .calendar)
            else { throw plain }
            failure.details = [failure.details, shown].compactMap { $0 }.joined(separator: "\n")
            throw failure
        }
    }

    /// The try form's example, made from the plain example by the same change of wording:
    /// in the literal text before the first parameter (`I add` → `I try to add`) or after
    /// the last one (`追加する` → `追加しようとする`).
    static func tryExample(_ plain: Phrase, tryExpression: String) -> String {
        guard plain.expression.contains("{") else { return tryExpression }
        var example = Substring(plain.example)
        let plainHead = plain.expression.prefix { $0 != "{" }
        let tryHead = tryExpression.prefix { $0 != "{" }
        if plainHead != tryHead {
            guard example.hasPrefix(plainHead) else { return tryExpression }
            example = tryHead + example.dropFirst(plainHead.count)
        }
        let plainTail = String(plain.expression.reversed().prefix { $0 != "}" }.reversed())
        let tryTail = String(tryExpression.reversed().prefix { $0 != "}" }.reversed())
        if plainTail != tryTail {
            guard example.hasSuffix(plainTail) else { return tryExpression }
            example = example.dropLast(plainTail.count) + tryTail
        }
        return String(example)
    }
}

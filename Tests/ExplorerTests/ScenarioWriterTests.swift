import StepLibrary
import Testing

@testable import Explorer

/// What `ScenarioWriter` says of a finding beyond its steps: the note on a rule only the
/// state shows, and which files at `--out` are findings it wrote.
@Suite struct ScenarioWriterTests {
    static let actions: [ExploreAction] = [.addItem(name: "Tea", price: 120, quantity: nil), .startCheckout]
    static let stateOnly = Discrepancy(rule: .amountsAddUp, detail: "remaining is 121 with total 120", actionIndex: 1)
    /// A finding as `--out` holds it.
    static let findingText = ScenarioWriter(language: .en).feature(
        actions, discrepancy: stateOnly, seed: 1, observedDisplay: nil)

    /// The display the model shows after `actions`.
    static func modelDisplay() -> String {
        var model = ModelRegister()
        var shown = model.begin()
        for (index, action) in actions.enumerated() {
            shown = model.apply(action, id: index + 1).snapshots.last ?? shown
        }
        return shown
    }

    @Test(arguments: [StepLanguage.en, .ja])
    func aRuleOnlyTheStateShowsIsNoted(_ language: StepLanguage) {
        let writer = ScenarioWriter(language: language)
        let note = language == .en ? "# Only the register's state shows this" : "# これはレジの状態にだけ現れます"
        let agreeing = writer.feature(
            Self.actions, discrepancy: Self.stateOnly, seed: 1, observedDisplay: Self.modelDisplay())
        #expect(agreeing.contains(note), "\(agreeing)")
        // A display that differs shows it, and so does a rule of the display.
        let differing = writer.feature(
            Self.actions, discrepancy: Self.stateOnly, seed: 1, observedDisplay: "<p>other</p>")
        #expect(!differing.contains(note), "\(differing)")
        var display = Self.stateOnly
        display.rule = .fieldsShownWhereRulesShow
        let ofDisplay = writer.feature(
            Self.actions, discrepancy: display, seed: 1, observedDisplay: Self.modelDisplay())
        #expect(!ofDisplay.contains(note), "\(ofDisplay)")
    }

    @Test(arguments: [StepLanguage.en, .ja])
    func aFindingIsKnownUntilItIsRenamedOrGrown(_ language: StepLanguage) {
        let written = ScenarioWriter(language: language).feature(
            Self.actions, discrepancy: Self.stateOnly, seed: 1, observedDisplay: nil)
        #expect(ScenarioWriter.isFinding(written), "\(written)")
        #expect(written.contains(language == .en ? "\nFeature: " : "\n機能: "), "\(written)")
        // A Japanese finding written with `フィーチャ:` is one too.
        #expect(ScenarioWriter.isFinding(written.replacingOccurrences(of: "\n機能: ", with: "\nフィーチャ: ")))
        let scenario = language == .en ? "  Scenario: " : "  シナリオ: "
        let grown = written + "\n" + scenario + "mine\n"
        #expect(!ScenarioWriter.isFinding(grown))
        let renamed = written.replacingOccurrences(of: Self.stateOnly.rule.sentence, with: "points after editing")
            .replacingOccurrences(of: Self.stateOnly.rule.japanese, with: "編集後のポイント")
        #expect(!ScenarioWriter.isFinding(renamed))
        let feature = written.replacingOccurrences(of: "Found by spec-run explore", with: "Checkout")
            .replacingOccurrences(of: "spec-run explore が見つけた問題", with: "お会計")
        #expect(!ScenarioWriter.isFinding(feature))
        #expect(!ScenarioWriter.isFinding("Feature: mine\n"))
        // Any block added, in either language's keywords, and another rule's name.
        for added in ["  Example: mine\n", "  Scenario Outline: mine\n", "  例: 私の\n", "  背景:\n"] {
            #expect(!ScenarioWriter.isFinding(written + added), "\(added)")
        }
        let other = written.replacingOccurrences(
            of: Self.stateOnly.rule.sentence, with: Discrepancy.Rule.screenOfPhase.sentence
        )
        .replacingOccurrences(of: Self.stateOnly.rule.japanese, with: Discrepancy.Rule.screenOfPhase.japanese)
        #expect(
            !ScenarioWriter.isFinding(
                other.replacingOccurrences(
                    of: "# spec-run explore --seed 1: " + Discrepancy.Rule.screenOfPhase.sentence,
                    with: "# spec-run explore --seed 1: " + Self.stateOnly.rule.sentence)))
    }
}

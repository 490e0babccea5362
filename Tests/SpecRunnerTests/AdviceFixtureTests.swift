import Foundation
import Gherkin
import Testing

@testable import SpecRunner

/// The advice a feature file gets while it is loaded, tested from fixture folders as
/// cucumber/gherkin tests its `testdata/bad`: `Fixtures/advice/<name>.feature` beside
/// `<name>.expected`, which holds every parse error (`error:`, or `scenario error:` for one
/// that fails only its scenario), warning (`warning:`) and
/// note on a description line planned as an undefined step (`note:`) the runner gives the
/// file, in order (`RECORD_SNAPSHOTS=1 swift test --filter Advice` re-records them).
@Suite("Advice from fixture folders")
struct AdviceFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/advice")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".feature") }.map { String($0.dropLast(".feature".count)) }.sorted()
    }

    @Test("the folder holds fixtures, each with its expected advice")
    func folderIsComplete() throws {
        #expect(Self.names.count >= 20, "\(Self.folder.path)")
        // While recording, `advice(name:)` writes the missing files, alongside this test.
        guard ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != "1" else { return }
        for name in Self.names {
            let expected = Self.folder.appendingPathComponent(name + ".expected").path
            #expect(FileManager.default.fileExists(atPath: expected), "\(name).expected is missing")
        }
    }

    @Test("each fixture gets the advice its .expected file holds", arguments: names)
    func advice(name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name + ".feature")))
        let actual = Self.advice(for: bytes, path: name + ".feature")
        let expectedFile = Self.folder.appendingPathComponent(name + ".expected")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        #expect(actual == expected)
    }

    /// The file's parse errors, warnings and lost-line notes, one a line.
    static func advice(for bytes: [UInt8], path: String) -> String {
        let planner = RunPlanner(registry: TestSteps.registry(), options: RunOptions())
        let parsed = parseFeatureFile(bytes: bytes, uri: path)
        let file = planner.planFile(FeatureFinder.Selection(path: path, lines: []), read: .success(parsed), index: 0)
        // `scenario error:` fails only its scenario (`ParseRecovery`), `error:` the whole file.
        let labelled = { (label: String, advice: [FileAdvice]) in advice.map { "\(label): \($0)" } }
        var lines =
            labelled("error", file.suite.parseErrors) + labelled("scenario error", file.suite.recoveredErrors)
            + labelled("warning", file.suite.warnings)
        let plan = planner.plan([file])
        for step in plan.undefined where step.isLostLine {
            lines += step.valueNotes.map { "note: \(step.text): \($0)" }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

/// The words QA write for a library's own come from the library, through its registry.
@Suite("Synonyms from the step library")
struct RegistrySynonymsTests {
    private func suggestions(synonyms: StepSynonyms) -> [String] {
        var registry = StepRegistry()
        registry.synonyms = synonyms
        registry.step("I book {string} for {int} people") { _ in }
        registry.step("I reset {string} for {int} people") { _ in }
        let planner = RunPlanner(registry: registry, options: RunOptions())
        let feature = "Feature: F\n  Scenario: S\n    Given I reserve \"R1\" for 2 people\n"
        let parsed = parseFeatureFile(bytes: Array(feature.utf8), uri: "f.feature")
        let file = planner.planFile(
            FeatureFinder.Selection(path: "f.feature", lines: []), read: .success(parsed), index: 0)
        return planner.plan([file]).undefined.first?.suggestions ?? []
    }

    @Test("did you mean reads the registry's synonyms: `reserve` is the library's `book`")
    func throughTheRegistry() {
        let book = "I book {string} for {int} people"
        #expect(suggestions(synonyms: StepSynonyms(words: ["reserve": "book"])).first == book)
        // Without them, the step spelt most like the word written comes first.
        #expect(suggestions(synonyms: StepSynonyms()).first == "I reset {string} for {int} people")
    }
}

import Foundation
import TestSupport
import Testing

/// `spec-run gherkin` and `spec-run steps`, run as the built binary.
@Suite("spec-run gherkin and spec-run steps (built binary)")
struct SubcommandEndToEndTests {
    static let good = SharedTestdata.url("testdata/gherkin/good")
    static let bad = SharedTestdata.url("testdata/gherkin/bad")

    /// The conformance files that have `suffix` expected beside them.
    static func names(in folder: URL, expecting suffixes: [String]) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { name in
            name.hasSuffix(".feature") && suffixes.allSatisfy { files.contains(name + $0) }
        }.sorted()
    }

    @Test(
        "gherkin: each good conformance file gives the reference's AST and pickles, exit 0",
        .requires(.sharedFolder))
    func gherkinGood() async throws {
        let names = Self.names(in: Self.good, expecting: [".ast.ndjson", ".pickles.ndjson"])
        try #require(names.count > 30, "\(names.count) good files in \(Self.good.path)")
        for name in names {
            let output = try await BuiltBinary.execute(
                ["gherkin", "--predictable-ids", "--no-source", Self.good.appendingPathComponent(name).path])
            #expect(output.status == 0 && output.stderr.isEmpty, "\(name): \(output.status) \(output.stderr)")
            let expected =
                try String(contentsOf: Self.good.appendingPathComponent(name + ".ast.ndjson"), encoding: .utf8)
                + String(contentsOf: Self.good.appendingPathComponent(name + ".pickles.ndjson"), encoding: .utf8)
            #expect(
                try NDJSONComparison.canonicalLines(output.stdout) == NDJSONComparison.canonicalLines(expected),
                "\(name)")
        }
    }

    @Test(
        "gherkin: each bad conformance file gives the reference's errors, exit 1", .requires(.sharedFolder))
    func gherkinBad() async throws {
        let names = Self.names(in: Self.bad, expecting: [".errors.ndjson"])
        try #require(names.count > 5, "\(names.count) bad files in \(Self.bad.path)")
        for name in names {
            let output = try await BuiltBinary.execute(
                ["gherkin", "--predictable-ids", "--no-source", Self.bad.appendingPathComponent(name).path])
            #expect(output.status == 1, "\(name): \(output.status) \(output.stderr)")
            let expected = try String(
                contentsOf: Self.bad.appendingPathComponent(name + ".errors.ndjson"), encoding: .utf8)
            #expect(
                try NDJSONComparison.canonicalLines(output.stdout) == NDJSONComparison.canonicalLines(expected),
                "\(name)")
        }
    }

    @Test("gherkin: a missing path and an unknown option exit 2 with the reason on standard error")
    func gherkinUsage() async throws {
        let missing = try await BuiltBinary.execute(["gherkin", "no/such.feature"])
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        #expect(missing.stderr == "spec-run gherkin: no such file or directory: no/such.feature\n", "\(missing.stderr)")
        let unknown = try await BuiltBinary.execute(["gherkin", "--no-such-option"])
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("spec-run gherkin: "), "\(unknown.stderr)")
    }

    /// The example lines of a `spec-run steps` listing: indented six spaces, under their
    /// expression; those followed by a table (eight spaces) are left out.
    static func examples(_ listing: String) -> [String] {
        let lines = listing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.indices.compactMap { index in
            let line = lines[index]
            guard line.hasPrefix("      "), !line.hasPrefix("       ") else { return nil }
            if index + 1 < lines.count, lines[index + 1].hasPrefix("        ") { return nil }
            return line.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("steps: the English and Japanese listings exit 0, and every example they print is a defined step")
    func stepsListings() async throws {
        // (language, the listing's first line, the feature's head, a try step's check)
        let languages = [
            ("en", "spec-run built-in steps\n", "Feature: examples\n", "Then it succeeds"),
            ("ja", "spec-run の組み込みステップ (# language: ja)\n", "# language: ja\n機能: 例\n", "ならば 成功する"),
        ]
        for (language, header, head, check) in languages {
            let listing = try await BuiltBinary.execute(["steps", "--lang", language])
            #expect(listing.status == 0 && listing.stderr.isEmpty, "\(language): \(listing.stderr)")
            #expect(listing.stdout.hasPrefix(header), "\(listing.stdout.prefix(200))")
            let examples = Self.examples(listing.stdout)
            #expect(examples.count > 40, "\(language): \(examples.count) examples")
            // One scenario an example; a try step's outcome checked and a check after a try
            // step, as the listing says.
            let isTry = { (example: String) in example.contains(/\b(try|tries) to\b|うとする$/) }
            let isCheck = { (example: String) in example.contains(/it is rejected with|it succeeds|で拒否される$|成功する$/) }
            let firstTry = try #require(examples.first(where: isTry), "\(language): no try step")
            let feature = examples.enumerated().map { index, example in
                var lines = isCheck(example) ? [firstTry, example] : [example]
                if isTry(example) { lines.append(check) }
                return "  Scenario: \(index)\n" + lines.map { "    \($0)\n" }.joined()
            }.joined()
            let scenarios =
                language == "ja" ? feature.replacingOccurrences(of: "  Scenario:", with: "  シナリオ:") : feature
            let directory = try TemporaryProject.make(["features/examples.feature": head + scenarios])
            let run = try await BuiltBinary.execute(
                ["--dry-run", "--junit", "-", "--format", "summary"], in: directory, environment: ["NO_COLOR": "1"])
            #expect(run.status == 0, "\(language): \(run.stdout)\(run.stderr)")
            #expect(
                run.stdout.hasPrefix(
                    "Dry run: nothing ran; every step is defined and every table can be read by its step.")
                    && run.stdout.hasSuffix("0 passed, 0 failed, \(examples.count) skipped\n"),
                "\(language): \(run.stdout)")
        }
        let english = try await BuiltBinary.execute(["steps"])
        #expect(english.status == 0 && english.stdout.hasPrefix("spec-run built-in steps\n"))
    }

    @Test("steps: an unknown language or argument exits 2 with the reason and the usage")
    func stepsUsage() async throws {
        let french = try await BuiltBinary.execute(["steps", "--lang", "fr"])
        #expect(french.status == 2 && french.stdout.isEmpty)
        #expect(
            french.stderr.hasPrefix(
                "spec-run steps: unknown language \"fr\" for --lang (use en or ja)\nusage: spec-run steps [--lang en|ja]"
            ),
            "\(french.stderr)")
        let stray = try await BuiltBinary.execute(["steps", "--extra"])
        #expect(stray.status == 2 && stray.stderr.hasPrefix("spec-run steps: unknown option \"--extra\"\n"))
        let yaml = try await BuiltBinary.execute(["steps", "--format", "yaml"])
        #expect(yaml.status == 2 && yaml.stdout.isEmpty)
        #expect(
            yaml.stderr.hasPrefix("spec-run steps: unknown format \"yaml\" for --format (use text or json)\nusage: "),
            "\(yaml.stderr)")
        let nothing = try await BuiltBinary.execute(["steps", "--format"])
        #expect(
            nothing.status == 2 && nothing.stderr.hasPrefix("spec-run steps: --format needs a value (text or json)"))
    }

    @Test("steps WORD lists only the steps and rejection codes with the word, in either language; none found exits 1")
    func stepsSearch() async throws {
        let points = try await BuiltBinary.execute(["steps", "points"])
        #expect(points.status == 0, "\(points.stderr)")
        let stepsFound = points.stdout.components(separatedBy: "\nRejection codes").first ?? ""
        let expressions = stepsFound.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(expressions.contains("  I apply {int} points"))
        #expect(expressions.contains("  the member has {int} points"))
        #expect(!expressions.contains("  I start checkout"))
        // Found by the words its {field} takes, and by its description.
        #expect(expressions.contains("  the display shows {field} {yen}"))
        #expect(
            expressions.filter { !$0.lowercased().contains("points") } == [
                "  the display shows {field} {yen}", "  the display does not show {field}",
            ],
            "\(expressions)")
        // The rejection codes the word finds, and no other.
        #expect(
            points.stdout.contains("\n    pointsExceedBalance   more points than the balance\n"), "\(points.stdout)")
        #expect(!points.stdout.contains("emptyCart  "), "\(points.stdout)")
        let code = try await BuiltBinary.execute(["steps", "overpayment"])
        #expect(
            code.status == 0 && code.stdout.contains("    overpayment           a card or QR payment"), "\(code.stdout)"
        )
        let japanese = try await BuiltBinary.execute(["steps", "--lang", "ja", "points"])
        #expect(japanese.stdout.contains("\n  {int}ポイントを利用する\n"), "\(japanese.stdout)")
        let byJapanese = try await BuiltBinary.execute(["steps", "--lang", "en", "ポイント", "利用"])
        #expect(byJapanese.stdout.contains("\n  I apply {int} points\n"), "\(byJapanese.stdout)")
        #expect(!byJapanese.stdout.contains("the member has"), "\(byJapanese.stdout)")
        // Japanese words without --lang: the Japanese steps, with the display step whose
        // {field} may be ポイント.
        let inJapanese = try await BuiltBinary.execute(["steps", "ポイント"])
        #expect(inJapanese.stdout.contains("\n  {int}ポイントを利用する\n"), "\(inJapanese.stdout)")
        #expect(inJapanese.stdout.contains("\n  カスタマーディスプレイに{field}{yen}が表示される\n"), "\(inJapanese.stdout)")
        #expect(!inJapanese.stdout.contains("I apply {int} points"), "\(inJapanese.stdout)")
        // Quoted words are words all the same.
        let quoted = try await BuiltBinary.execute(["steps", "member points"])
        #expect(quoted.status == 0 && quoted.stdout.contains("\n  the member has {int} points\n"), "\(quoted.stderr)")
        let none = try await BuiltBinary.execute(["steps", "teleport"])
        #expect(none.status == 1 && none.stdout.isEmpty)
        #expect(none.stderr == "spec-run steps: no step or rejection code has \"teleport\"\n")
        let noneInJapanese = try await BuiltBinary.execute(["steps", "瞬間移動"])
        #expect(noneInJapanese.stderr == "spec-run steps: 「瞬間移動」を含むステップも拒否コードもありません\n")
        // QA's word for the library's finds the library's steps.
        let cancel = try await BuiltBinary.execute(["steps", "キャンセル"])
        #expect(cancel.stdout.contains("\n  予約{string}を取り消す\n"), "\(cancel.stdout)\(cancel.stderr)")
        let reserve = try await BuiltBinary.execute(["steps", "reserve"])
        #expect(
            reserve.stdout.contains("\n  I book {string} with {string} from {time} to {time}\n"), "\(reserve.stdout)")
        // And the rejection codes: `clash` finds the overlap a staff member cannot take.
        let refused = try await BuiltBinary.execute(["steps", "refused"])
        #expect(refused.stdout.contains("\n  it is rejected with {string}\n"), "\(refused.stdout)")
        let clash = try await BuiltBinary.execute(["steps", "clash"])
        #expect(clash.stdout.contains("    overCapacity          more overlapping"), "\(clash.stdout)")
    }

    @Test("steps --format json writes every step of both languages, with its pattern, kind and description")
    func stepsJSON() async throws {
        let run = try await BuiltBinary.execute(["steps", "--format", "json"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.count > 200, "\(steps.count) steps")
        let apply = try #require(steps.first { $0["pattern"] as? String == "I apply {int} points" })
        #expect(apply["kind"] as? String == "action")
        #expect(apply["language"] as? String == "en")
        #expect(apply["example"] as? String == "When I apply 300 points")
        #expect((apply["description"] as? String)?.isEmpty == false)
        let tryForm = try #require(steps.first { $0["pattern"] as? String == "{int}ポイントを利用しようとする" })
        #expect(tryForm["kind"] as? String == "try" && tryForm["language"] as? String == "ja")
        let display = try #require(steps.first { $0["pattern"] as? String == "the display shows {field} {yen}" })
        #expect((display["alsoWritten"] as? [String])?.contains("the customer display shows the {field} {yen}") == true)
        let codes = try #require(object["rejectionCodes"] as? [[String: Any]])
        #expect(codes.contains { $0["code"] as? String == "emptyCart" && $0["area"] as? String == "register" })
        let found = try await BuiltBinary.execute(["steps", "--format=json", "--lang=ja", "points"])
        let some = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])
        let japanese = try #require(some["steps"] as? [[String: Any]])
        #expect(!japanese.isEmpty && japanese.allSatisfy { $0["language"] as? String == "ja" })
        #expect(japanese.contains { $0["pattern"] as? String == "{int}ポイントを利用する" })
    }
}

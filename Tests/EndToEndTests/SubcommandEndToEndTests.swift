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
        let stray = try await BuiltBinary.execute(["steps", "extra"])
        #expect(stray.status == 2 && stray.stderr.hasPrefix("spec-run steps: unexpected argument \"extra\"\n"))
    }
}

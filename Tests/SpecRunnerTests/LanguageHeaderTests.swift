import Testing

@testable import SpecRunner

/// A `# language:` line Gherkin did not take is named, with the line to write.
@Suite("The language header")
struct LanguageHeaderTests {
    @Test(
        "the code meant by one Gherkin does not know",
        arguments: [
            ("jp", "ja"), ("JA", "ja"), ("ja-JP", "ja"), ("ja_JP", "ja"), ("Japanese", "ja"), ("日本語", "ja"),
            ("english", "en"), ("en-US", "en"), ("zh-cn", "zh-CN"), ("ｊａ", "ja"), ("xx", nil),
        ] as [(String, String?)])
    func meaning(written: String, meant: String?) {
        #expect(LanguageHeader.meaning(of: written) == meant)
    }

    @Test("an unknown code, a header not in lower case, one below the Feature line and a full-width colon are found")
    func problems() {
        #expect(
            LanguageHeader.problem(in: SourceLines { "# language: jp\n機能: a\n" }.lines)
                == .unknown(line: 1, written: "jp", meant: "ja"))
        #expect(
            LanguageHeader.problem(in: SourceLines { "# Language: ja\n機能: a\n" }.lines)
                == .notLowerCase(line: 1, written: "# Language: ja", code: "ja"))
        #expect(
            LanguageHeader.problem(in: SourceLines { "機能: a\n# language: ja\n" }.lines) == .late(line: 2, code: "ja"))
        #expect(
            LanguageHeader.problem(in: SourceLines { "# language：ja\n機能: a\n" }.lines)
                == .fullWidthColon(line: 1, code: "ja"))
        #expect(LanguageHeader.problem(in: SourceLines { "# language: ja\n機能: a\n" }.lines) == nil)
        #expect(LanguageHeader.problem(in: SourceLines { "Feature: a\n  # a comment\n" }.lines) == nil)
    }

    @Test("the parse errors say which line to fix, and how")
    func inTheRun() async throws {
        let unknown = try await TestRun("# language: jp\n機能: レジ\n  シナリオ: a\n    前提 a passing step\n").run([
            "--format", "progress",
        ])
        #expect(unknown.status == 1)
        #expect(
            unknown.stdout.contains(
                "features/test.feature:1:1: 「jp」はGherkinの知らない言語です（「ja」のことですか？日本語で書いたファイルは"
                    + "「# language: ja」で始めます）"), "\(unknown.stdout)")
        // A file in Japanese is told in Japanese, also when its language line is the mistake.
        #expect(
            unknown.stdout.contains(
                "（「機能」は日本語のキーワードですが、このファイルの「# language: jp」（1行目）はGherkinの知らない言語です。"
                    + "日本語で書いたファイルは「# language: ja」の行で始めます）"),
            "\(unknown.stdout)")
        let capital = try await TestRun("# Language: ja\n機能: レジ\n  シナリオ: a\n    前提 a passing step\n").run([
            "--format", "progress",
        ])
        #expect(capital.stdout.contains("このファイルの「# Language: ja」（1行目）はGherkinにはコメントです"), "\(capital.stdout)")
        #expect(!capital.stdout.contains("「# language:」の行がありません"), "\(capital.stdout)")
        // A Japanese input method's colon: named, not told the line is missing.
        let colon = try await TestRun("# language：ja\n機能: レジ\n  シナリオ: a\n    前提 a passing step\n").run([
            "--format", "progress",
        ])
        #expect(
            colon.stdout.contains(
                "このファイルの「# language：」（1行目）のコロンが全角です（Gherkinが読むのは半角の「:」だけです）"),
            "\(colon.stdout)")
        // The word itself typed wrong: named, not told the line is missing.
        let misspelt = try await TestRun("# langauge: ja\n機能: レジ\n  シナリオ: a\n    前提 a passing step\n").run([
            "--format", "progress",
        ])
        #expect(
            misspelt.stdout.contains(
                "このファイルの「# langauge: ja」（1行目）は「language」の綴りが違うため、Gherkinにはコメントです"),
            "\(misspelt.stdout)")
        // Comments that merely start like it are not taken for it.
        #expect(LanguageHeader.problem(in: SourceLines { "# lang: ja\nFeature: x\n" }.lines) == nil)
        #expect(LanguageHeader.problem(in: SourceLines { "# languages: many\nFeature: x\n" }.lines) == nil)
    }
}

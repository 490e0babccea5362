import Testing

/// A Japanese file's planning warnings are in Japanese, as its parse errors are: its author
/// reads them (docs/runner.md). The run's own lines (`Warning:`, the summary) stay English.
@Suite("Warnings of a Japanese file")
struct JapaneseWarningsTests {
    @Test(
        "an Examples without rows, a missing column, a step-less scenario and a row without its last | are told in Japanese"
    )
    func warnings() async throws {
        let outcome = try await TestRun(
            """
            # language: ja
            機能: 警告
              シナリオアウトライン: 値 <n>
                前提 the text is "<m>"
                例:
                  | n |
                  | 1 |
                例:
                  | n |

              シナリオ: 空

              シナリオ: 表
                前提 a passing step
                  | a | b
                  | 1 | 2
            """
        ).run(["--dry-run"])
        for expected in [
            "features/test.feature:4:5: <m>は5行目の「例」の表の列ではありません（列はn）。表の各行はこのステップを「<m>」のまま実行せず、ここで失敗します",
            "features/test.feature:8:5: 「例:」の表に見出しの行しかありません。実行するものは増えません",
            "features/test.feature:11:3: 「シナリオ: 空」にステップがありません。何も確かめずに成功します",
            "features/test.feature:15:7: この行が「|」で終わっていません。最後の「|」の後の「b」は列として読まれません",
        ] {
            #expect(outcome.stdout.contains("Warning: " + expected), "\(outcome.stdout)")
        }
        let empty = try await TestRun("# language: ja\n機能: 空のファイル\n").run(["--dry-run"])
        #expect(
            empty.stdout.contains("Warning: features/test.feature:2:1: 「機能:」にシナリオがありません。このファイルでは何も実行されません"),
            "\(empty.stdout)")
    }
}

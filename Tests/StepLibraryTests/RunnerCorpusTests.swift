import Foundation
import Gherkin
import SimulatorServer
import TestSupport
import Testing

@testable import SpecRunner
@testable import StepLibrary

/// Feature files QA writes from steps.md alone, run unchanged through the real runner with
/// the library against the built-in simulator.
@Suite("Through the runner", .serialized)
struct RunnerCorpusTests {
    /// Runs `spec-run` in-process on its own thread (its entry point blocks until the run ends).
    static func specRun(_ arguments: [String]) async -> (status: Int32, output: String) {
        let output = LockedBox("")
        let host = RunHost(
            currentDirectory: FileManager.default.currentDirectoryPath, environment: [:], isTerminal: false,
            hostname: "test", now: { Date() }, standardOutput: { text in output.withLock { $0 += text } },
            standardError: { text in output.withLock { $0 += text } }, makeInterrupts: { InterruptSource() },
            parse: { bytes, uri in parseFeatureFile(bytes: bytes, uri: uri) })
        let status = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: SpecRun.main(
                        arguments: arguments, registry: { QAStepLibrary.registry(simulatorLauncher: launcher) },
                        host: host))
            }
            thread.start()
        }
        return (status, output.withLock { $0 })
    }

    static let launcher: SimulatorLauncher = { _ in
        let simulator = try SimulatorServer.start(host: "127.0.0.1", port: 0)
        return (url: simulator.webSocketBase, stop: { simulator.stop() })
    }

    @Test("the generated corpus (gen_spec_corpus.py) passes unchanged", .requires(.sharedFolder), .requires(.python3))
    func generatedCorpus() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-corpus")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = SharedTestdata.url("tools/gen_spec_corpus.py").path
        let generated = try await Shell.execute(
            "/usr/bin/env", ["python3", generator, directory.path, "--files", "3", "--scenarios", "20", "--seed", "1"])
        try #require(generated.status == 0, "\(generated.stderr)")
        let (status, output) = await Self.specRun([
            directory.path, "--junit", "-", "--format", "summary", "--timeout", "30",
        ])
        #expect(status == 0, "\(output)")
        #expect(output.contains("60 passed"), "\(output)")
    }

    @Test(
        "two workers, each with its own simulator, pass the same corpus", .requires(.sharedFolder), .requires(.python3))
    func twoWorkers() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-corpus-jobs")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = SharedTestdata.url("tools/gen_spec_corpus.py").path
        let generated = try await Shell.execute(
            "/usr/bin/env", ["python3", generator, directory.path, "--files", "2", "--scenarios", "20", "--seed", "2"])
        try #require(generated.status == 0, "\(generated.stderr)")
        let (status, output) = await Self.specRun([
            directory.path, "--junit", "-", "--format", "summary", "--timeout", "30", "--jobs", "2",
        ])
        #expect(status == 0, "\(output)")
        #expect(output.contains("40 passed"), "\(output)")
    }

    @Test("--dry-run finds a table the step cannot read: a misspelt column, a missing table, a missing column")
    func dryRunTables() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-tables")
        defer { try? FileManager.default.removeItem(at: directory) }
        let feature = """
            Feature: Tables
              Scenario: a misspelt column
                Given the staff:
                  | nmae  | capacity |
                  | Sato  | 1        |
                Then the display shows the welcome screen

              Scenario: no table
                Given the catalog:
                Then the display shows the welcome screen

              Scenario: a column missing
                Given 商品カタログ:
                  | name |
                  | ラテ  |

              Scenario: as steps.md writes it
                Given the catalog:
                  | name  | price |
                  | Latte | 520   |
            """
        try feature.write(to: directory.appendingPathComponent("t.feature"), atomically: true, encoding: .utf8)
        let (status, output) = await Self.specRun([directory.path, "--dry-run", "--junit", "-"])
        #expect(status == 1, "\(output)")
        #expect(output.hasPrefix("F-F-F-\n"), "\(output)")
        #expect(
            output.contains(
                #"the table has an unknown column "nmae" (did you mean "name"?); this step's table has the columns | name | capacity |"#
            ),
            "\(output)")
        #expect(output.contains("this step needs a table with the columns | name | price |"), "\(output)")
        // `商品カタログ:` is the Japanese definition: its message is Japanese, the columns English.
        #expect(output.contains("表に「price」列がありません。このステップの表の列は | name | price | です"), "\(output)")
        #expect(output.contains("t.feature:3"), "\(output)")
        #expect(output.contains("4 scenarios (3 failed, 1 skipped)"), "\(output)")
    }

    @Test("--dry-run finds a rejection code the simulator never gives; not against a --target's own codes")
    func dryRunRejectionCodes() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-codes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let feature = """
            Feature: Codes
              Scenario: a typo
                When I try to start checkout
                Then it is rejected with "emptyCrt"
              Scenario: right
                When I try to start checkout
                Then it is rejected with "emptyCart"
            """
        try feature.write(to: directory.appendingPathComponent("t.feature"), atomically: true, encoding: .utf8)
        let (status, output) = await Self.specRun([directory.path, "--dry-run", "--junit", "-", "--format", "summary"])
        #expect(status == 1, "\(output)")
        #expect(
            output.contains(
                #""emptyCrt" is no rejection code of the built-in simulator (did you mean "emptyCart"?)"#),
            "\(output)")
        #expect(output.contains("2 scenarios (1 failed, 1 skipped)"), "\(output)")
        let (targetStatus, target) = await Self.specRun([
            directory.path, "--dry-run", "--junit", "-", "--format", "summary", "--target", "ws://127.0.0.1:9",
        ])
        #expect(targetStatus == 0, "a register of one's own may have codes of its own: \(target)")
    }

    @Test("--dry-run finds a try step nothing checks and a check with no try step before it, in the step's language")
    func dryRunOutcomeOrder() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-outcomes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let english = """
            Feature: Outcomes
              Scenario: unchecked
                When I try to start checkout
                And I try to serve the next customer
                Then it succeeds
              Scenario: nothing to check
                Then it is rejected with "emptyCart"
              Scenario: checked
                When I try to start checkout
                Then it is rejected with "emptyCart"
                When I try to serve the next customer
                Then it succeeds
            """
        let japanese = """
            # language: ja
            機能: 結果
              シナリオ: 未確認
                もし 次のお客さまに進もうとする
            """
        try english.write(to: directory.appendingPathComponent("en.feature"), atomically: true, encoding: .utf8)
        try japanese.write(to: directory.appendingPathComponent("ja.feature"), atomically: true, encoding: .utf8)
        let (status, output) = await Self.specRun([directory.path, "--dry-run", "--junit", "-", "--format", "progress"])
        #expect(status == 1, "\(output)")
        #expect(
            output.contains(
                "   When I try to start checkout\n   \(directory.path)/en.feature:3\n   unchecked outcome: no "
                    + "`it is rejected with \"CODE\"` or `it succeeds` checks this try step before the next try step"),
            "\(output)")
        #expect(
            output.contains(
                "`it is rejected with \"…\"` checks the outcome of a try step (`I try to …`, `…しようとする`), "
                    + "but no try step came before it in this scenario"), "\(output)")
        #expect(output.contains("未確認の結果: この「…しようとする」ステップの結果を"), "\(output)")
        #expect(output.contains("4 scenarios (3 failed, 1 skipped)"), "\(output)")
    }

    /// The English table mistakes `tableCellErrors` runs.
    static let tableMistakes = """
        Feature: Table mistakes
          Scenario: a count that is not a number
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When I add "Latte" to the cart
            Then the display shows the lines:
              | name  | Quantity | amount |
              | Latte | one      | 500    |

          Scenario: a table under a step that takes none
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When I add "Latte" to the cart
              | name  |
              | Latte |

          Scenario: every unknown column is named
            Given the catalog:
              | Name  | Price |
              | Latte | 500   |

          Scenario: a short form, with the column it stands for
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When I add "Latte" to the cart
            Then the display shows the lines:
              | name  | qty | amount |
              | Latte | 1   | 500    |

          Scenario: every missing column is named
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When I add "Latte" to the cart
            Then the display shows the lines:
              | name  |
              | Latte |

          Scenario: a lines table with its header only expects none
            Given the catalog:
              | name  | price |
              | Latte | 500   |
            When I add "Latte" to the cart
            Then the display shows the lines:
              | name | quantity | amount |
        """

    @Test("a table cell that cannot be read names its row's line, in the step's language")
    func tableCellErrors() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-table-cells")
        let feature = """
            # language: ja
            機能: 表の誤り
              シナリオ: 列名を日本語で書いた
                前提 商品カタログ:
                  | 名前 | 価格 |
                  | ラテ | 500 |

              シナリオ: 価格が読めない
                前提 商品カタログ:
                  | name | price |
                  | ラテ | 500 |

                  | ケーキ | ごひゃく |

              シナリオ: 時刻が読めない
                前提 スタッフ:
                  | name | capacity |
                  | 佐藤 | 1 |
                かつ 予約:
                  | id | staff | start | end | customer |
                  | r1 | 佐藤 | 9じ | 10:00 | 田中 |
            """
        try feature.write(to: directory.appendingPathComponent("ja.feature"), atomically: true, encoding: .utf8)
        try Self.tableMistakes.write(
            to: directory.appendingPathComponent("en.feature"), atomically: true, encoding: .utf8)
        let (status, output) = await Self.specRun([directory.path, "--junit", "-", "--format", "progress"])
        #expect(status == 1, "\(output)")
        #expect(
            output.contains(
                "表に「名前」、「価格」という列はありません。「名前」は「name」、「価格」は「price」のことですか？"
                    + "このステップの表の列は | name | price | です（列名は日本語の機能でも英語で書きます）"),
            "\(output)")
        // The blank line inside the table: the row's line is read from the file, not counted.
        #expect(output.contains("表の2行目（13行目）のprice列: 「ごひゃく」は金額ではありません"), "\(output)")
        #expect(output.contains("表の1行目（21行目）のstart列: 「9じ」は時刻ではありません（9:05、09:05 や 9時5分 のように書きます）"), "\(output)")
        #expect(
            output.contains(#"the table has an unknown column "Quantity" (did you mean "quantity"?)"#), "\(output)")
        #expect(
            output.contains(
                #"the table has unknown columns "Name" (did you mean "name"?), "Price" (did you mean "price"?); this"#),
            "\(output)")
        #expect(output.contains(#"unknown column "qty" (did you mean "quantity"?)"#), "\(output)")
        #expect(
            output.contains(#"the table has no columns "quantity", "amount"; this step's table has the columns"#),
            "\(output)")
        #expect(output.contains("expected the display to show no lines, but the lines are "), "\(output)")
        #expect(
            output.contains(
                "this step takes no table: the table under it would be ignored (is it meant for another step?)"),
            "\(output)")
        // A dry run finds the cells it cannot read too, with the same words.
        let (dryStatus, dry) = await Self.specRun([directory.path, "--junit", "-", "--format", "progress", "--dry-run"])
        #expect(dryStatus == 1, "\(dry)")
        #expect(dry.contains("表の2行目（13行目）のprice列: 「ごひゃく」は金額ではありません"), "\(dry)")
        #expect(dry.contains("表の1行目（21行目）のstart列: 「9じ」は時刻ではありません（9:05、09:05 や 9時5分 のように書きます）"), "\(dry)")
    }

    @Test("a dry run fails no step below an undefined one: a run stops at the undefined step and never reaches it")
    func dryRunStopsWhereARunStops() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-dry-undefined")
        try """
        Feature: F
          Scenario: s
            When I add "Latte" to teh cart
            Then the display shows the lines:
              | Name  | qty | amount |
              | Latte | 1   | 520    |
        """.write(to: directory.appendingPathComponent("a.feature"), atomically: true, encoding: .utf8)
        let (status, output) = await Self.specRun([directory.path, "--junit", "-", "--format", "progress", "--dry-run"])
        #expect(status == 1, "\(output)")
        #expect(output.contains("1 scenario (1 undefined), 2 steps (1 undefined, 1 skipped)"), "\(output)")
    }

    @Test("full-width digits, comma and colon, as a Japanese input method types them, read as ASCII ones")
    func fullWidthValues() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-full-width")
        let feature = """
            # language: ja
            機能: 全角
              シナリオ: 金額と数量
                前提 商品カタログ:
                  | name | price |
                  | ラテ | ５００ |
                  | ケーキ | １，２００円 |
                もし カートに「ラテ」を２個追加する
                ならば カスタマーディスプレイに合計１，０００円が表示される
                もし ￥１００の全体割引を設定する
                ならば カスタマーディスプレイに割引¥100が表示される
                かつ カスタマーディスプレイに次の明細が表示される:
                  | name | quantity | amount |
                  | ラテ | ２ | １０００ |

              シナリオ: 時刻
                前提 スタッフ:
                  | name | capacity |
                  | 佐藤 | １ |
                かつ 予約:
                  | id | staff | start | end | customer |
                  | r1 | 佐藤 | ９：００ | １０：００ | 田中 |
                もし 「r2」を「佐藤」に１０：００から１１：３０まで予約する
                ならば 予約「r2」はレーン0にある
                かつ 予約「r1」はレーン0にある

              シナリオ: 表の前のコロンと注文番号
                前提 商品カタログ：
                  | name | price |
                  | ラテ | 500 |
                もし カートに「ラテ」を追加する
                かつ お会計に進む
                かつ お客さまが現金で¥500を支払う
                ならば 直前の注文は「１００１」である
                もし 次のお客さまに進む
                かつ 注文「１００１」の返品を開始する
                ならば カスタマーディスプレイは返金画面である
            """
        try feature.write(to: directory.appendingPathComponent("ja.feature"), atomically: true, encoding: .utf8)
        let (status, output) = await Self.specRun([directory.path, "--junit", "-", "--format", "progress"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("3 passed, 0 failed"), "\(output)")
    }

    @Test("a Japanese feature with try forms and an unchecked outcome")
    func japaneseFeature() async throws {
        let directory = try BuiltBinary.temporaryDirectory("steps-ja")
        defer { try? FileManager.default.removeItem(at: directory) }
        let feature = """
            # language: ja
            機能: お会計

              背景:
                前提 商品カタログ:
                  | name | price |
                  | ラテ  | 520   |

              シナリオ: 空のカートではお会計に進めない
                もし お会計に進もうとする
                ならば 「emptyCart」で拒否される
                かつ カスタマーディスプレイは更新されない

              シナリオ: 確かめていない結果
                もし カートに「ケーキ」を追加しようとする
            """
        try feature.write(to: directory.appendingPathComponent("ja.feature"), atomically: true, encoding: .utf8)
        let (status, output) = await Self.specRun([
            directory.path, "--junit", "-", "--format", "pretty", "--timeout", "30",
        ])
        #expect(status == 1, "\(output)")
        #expect(output.contains("1 passed, 1 failed"), "\(output)")
        // The file's own words: its keyword, and the checks a Japanese try step wants.
        #expect(output.hasPrefix("機能: お会計\n"), "\(output)")
        #expect(output.contains("未確認の結果"), "\(output)")
        #expect(output.contains("次の「…しようとする」より前に「「CODE」で拒否される」か「成功する」で確かめます"), "\(output)")
        #expect(output.contains("ja.feature:15"), "\(output)")
    }
}

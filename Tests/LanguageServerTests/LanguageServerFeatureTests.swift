import Foundation
import TestSupport
import Testing
import Wire

/// What `spec-run lsp` tells about a file: every kind of problem a dry run finds, the
/// completions of a place and the hover of a step or a code.
@Suite("spec-run lsp: diagnostics of every kind, completion, hover (built binary)")
struct LanguageServerFeatureTests {
    static let kinds = """
        Feature: Cart
          Scenario: Adding
            Given the catalog:
              | name  | price |
              | Latte | 520   |
            When I try to add "Mocha" to the cart
            And I add 99999999999999999999 "Latte" to the cart
            Then it is rejected with "noSuchCode"
            And the display shows the lines:
              | nmae  | quantity |
              | Latte | 1        |

          Scenario Outline: Rows
            When I add "<product>" to the cart
            Examples:
              | name  |
              | Latte |

          Scenario: Unchecked
            When I try to add "Mocha" to the cart
            And I add "Latte" to the cart

          Scenario: Values
            Given the catalog:
              | name  | price |
              | Latte | 520   |
              | Mocha | abc   |

          Scenario: Unchecked past a step the run fails at
            When I add "Latte" in the cart
            And I try to start checkout

        """

    /// Line (0-based) and the start of the message of each diagnostic, in order.
    static func summary(_ diagnostics: [JSONValue]) -> [String] {
        diagnostics.map { diagnostic in
            let message = diagnostic["message"]?.stringValue ?? ""
            return "\(span(diagnostic)[0]): " + String(message.prefix(40))
        }
    }

    @Test("every kind of problem of a dry run, each on its line, in one publication")
    func everyKind() throws {
        let client = try LSPClient()
        _ = try client.start()
        client.open("file:///tmp/kinds.feature", Self.kinds)
        let diagnostics = try client.diagnostics(for: "file:///tmp/kinds.feature")
        #expect(
            Self.summary(diagnostics) == [
                "6: \"99999999999999999999\" is too large for ",
                "7: \"noSuchCode\" is no rejection code of the",
                // A table's problem on its row: the header for a column, the row for a value.
                "9: the table has an unknown column \"nmae\" (",
                "13: <product> is not a column of the 'Exampl",
                "19: unchecked outcome: no `it is rejected wi",
                "26: table row 2 (line 27), column price: \"ab",
                "29: Undefined step: I add \"Latte\" in the car",
                // Every problem of the file: the try step below an undefined one too.
                "30: unchecked outcome: no `it is rejected wi",
            ], "\(diagnostics.map(\.serialized))")
        // The placeholder no column fills is an error: its rows fail at that step.
        #expect(diagnostics.map { $0["severity"]?.intValue } == [1, 1, 1, 1, 1, 1, 1, 1])
        #expect(try client.stop() == 0)
    }

    @Test("a parse error is a diagnostic on its line, with the advice in the file's language")
    func parseError() throws {
        let client = try LSPClient()
        _ = try client.start()
        let text = "# language: ja\n機能: カート\n  シナリオ： 追加\n    もし カートに「ラテ」を追加する\n"
        client.open("file:///tmp/parse.feature", text)
        let diagnostics = try client.diagnostics(for: "file:///tmp/parse.feature")
        let first = try #require(diagnostics.first, "no diagnostics")
        #expect(span(first)[0] == 2, "\(first.serialized)")
        #expect(first["message"]?.stringValue?.hasPrefix("「シナリオ」の後のコロンが全角の「：」です") == true, "\(first.serialized)")
        #expect(try client.stop() == 0)
    }

    @Test("completion on a step line: the catalogue's steps as snippets, in the file's language")
    func completion() throws {
        let client = try LSPClient()
        _ = try client.start()
        let uri = "file:///tmp/complete.feature"
        client.open(uri, "Feature: Cart\n  Scenario: Adding\n    Then the display \n")
        let response = try client.request(
            "textDocument/completion",
            .object(["textDocument": .object(["uri": .string(uri)]), "position": position(2, 21)]))
        let items = response["result"]?["items"]?.arrayValue ?? []
        let screen = try #require(items.first { $0["label"]?.stringValue == "the display shows the {screen} screen" })
        #expect(
            screen["textEdit"]?["newText"]?.stringValue
                == "the display shows the ${1|welcome,cart,payment,partial,complete,refund|} screen$0")
        #expect(span(screen["textEdit"] ?? .null) == [2, 9, 2, 21])
        #expect(screen["insertTextFormat"]?.intValue == 2)
        // In the middle of a step, the step is taken whole: the text after the place goes too.
        client.open(
            "file:///tmp/middle.feature", "Feature: Cart\n  Scenario: Adding\n    When I ad \"Latte\" to the cart  \n")
        let middle = try client.request(
            "textDocument/completion",
            .object(["textDocument": .object(["uri": "file:///tmp/middle.feature"]), "position": position(2, 13)]))
        let add = try #require(
            middle["result"]?["items"]?.arrayValue?.first { $0["label"] == "I add {string} to the cart" })
        #expect(span(add["textEdit"] ?? .null) == [2, 9, 2, 33], "\(add.serialized)")
        #expect(!items.contains { $0["label"]?.stringValue == "カートに{string}を追加する" })
        // An optional part is written out: the inserted text is one the step matches.
        let updates = try #require(items.first { $0["label"]?.stringValue == "the display received {int} update(s)" })
        #expect(updates["textEdit"]?["newText"]?.stringValue == "the display received ${1:int} updates$0")
        // Inside the quotes of a rejection step: the codes, each with its meaning.
        client.open("file:///tmp/codes.feature", "Feature: Cart\n  Scenario: Codes\n    Then it is rejected with \"\n")
        let codes = try client.request(
            "textDocument/completion",
            .object(["textDocument": .object(["uri": "file:///tmp/codes.feature"]), "position": position(2, 31)]))
        let empty = try #require(codes["result"]?["items"]?.arrayValue?.first { $0["label"] == "emptyCart" })
        #expect(empty["detail"]?.stringValue?.isEmpty == false)
        // Inside other quotes: the product names of the file's catalog table.
        let products = "file:///tmp/products.feature"
        client.open(
            products,
            "Feature: Cart\n  Scenario: Names\n    Given the catalog:\n      | name  | price |\n      | Latte | 520   |\n"
                + "      | Bagel | 300   |\n    When I add \"\n")
        let names = try client.request(
            "textDocument/completion",
            .object(["textDocument": .object(["uri": .string(products)]), "position": position(6, 16)]))
        let named = (names["result"]?["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(named == ["Latte", "Bagel"], "\(names.serialized)")
        // At the start of a line of a Japanese file: its keywords.
        client.open("file:///tmp/keywords.feature", "# language: ja\n機能: カート\n  シナリオ: 追加\n    \n")
        let keywords = try client.request(
            "textDocument/completion",
            .object(["textDocument": .object(["uri": "file:///tmp/keywords.feature"]), "position": position(3, 4)]))
        let labels = (keywords["result"]?["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("もし") && labels.contains("ならば") && !labels.contains("When"), "\(labels)")
        // After a space in prose, none: an editor would put `And` into the sentence.
        client.open("file:///tmp/prose.feature", "Feature: Cart\n  At the counter the cashier puts \n")
        let prose = try client.request(
            "textDocument/completion",
            .object(["textDocument": .object(["uri": "file:///tmp/prose.feature"]), "position": position(1, 34)]))
        #expect(prose["result"]?["items"]?.arrayValue?.isEmpty != false, "\(prose.serialized)")
        // The same after a byte-order mark, which opens the file before its `# language:` line.
        client.open("file:///tmp/keywords-bom.feature", "\u{FEFF}# language: ja\n機能: カート\n  シナリオ: 追加\n    \n")
        let marked = try client.request(
            "textDocument/completion",
            .object(["textDocument": .object(["uri": "file:///tmp/keywords-bom.feature"]), "position": position(3, 4)]))
        #expect(
            (marked["result"]?["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue } == labels,
            "\(marked.serialized)")
        #expect(try client.stop() == 0)
    }

    @Test("completion puts the keyword's steps first, writes a table step's header, and fits Japanese quotes")
    func completionByKeyword() throws {
        let client = try LSPClient()
        _ = try client.start()
        func items(_ uri: String, _ text: String, at line: Int, _ character: Int) throws -> [JSONValue] {
            client.open(uri, text)
            let response = try client.request(
                "textDocument/completion",
                .object(["textDocument": .object(["uri": .string(uri)]), "position": position(line, character)]))
            return (response["result"]?["items"]?.arrayValue ?? []).sorted {
                ($0["sortText"]?.stringValue ?? "") < ($1["sortText"]?.stringValue ?? "")
            }
        }
        func first(_ list: [JSONValue]) -> String { list.first?["label"]?.stringValue ?? "" }
        func place(_ label: String, _ list: [JSONValue]) -> Int {
            list.firstIndex { $0["label"]?.stringValue == label } ?? list.count
        }
        let (check, setup) = ("the member has {int} points", "the catalog:")
        let steps = "Feature: Cart\n  Scenario: s\n    Given the catalog:\n      | name | price |\n"
        // After Then (and an And below it), the checks; after Given, the setup.
        let then = try items("file:///tmp/then.feature", steps + "    Then \n", at: 4, 9)
        #expect(place(check, then) < place(setup, then), "\(first(then))")
        let and = try items("file:///tmp/and.feature", steps + "    Then it succeeds\n    And \n", at: 5, 8)
        #expect(first(and) == first(then) && place(check, and) < place(setup, and))
        let given = try items("file:///tmp/given.feature", "Feature: Cart\n  Scenario: s\n    Given \n", at: 2, 10)
        #expect(first(given) == setup && place(setup, given) < place(check, given), "\(first(given))")
        // A table step brings its header, indented under the step.
        let catalog = try #require(given.first { $0["label"]?.stringValue == "the catalog:" })
        #expect(catalog["textEdit"]?["newText"]?.stringValue == "the catalog:\n      | name | price |\n      | $0")
        // A step whose table is there already (a line retyped) gets no second one.
        let retyped = try items("file:///tmp/retyped.feature", steps, at: 2, 22)
        let again = try #require(retyped.first { $0["label"]?.stringValue == "the catalog:" })
        #expect(again["textEdit"]?["newText"]?.stringValue == "the catalog:$0")
        let commented = try items(
            "file:///tmp/commented.feature",
            "Feature: Cart\n  Scenario: s\n    Given the catalog:\n\n      # prices\n      | name | price |\n", at: 2,
            22)
        let behind = try #require(commented.first { $0["label"]?.stringValue == "the catalog:" })
        #expect(behind["textEdit"]?["newText"]?.stringValue == "the catalog:$0")
        // Before `で拒否される`, the codes alone.
        let japanese =
            "# language: ja\n機能: カート\n  シナリオ: s\n    前提 商品カタログ:\n"
            + "      | name | price |\n      | ラテ | 500 |\n    ならば 「」で拒否される\n"
        let codes = try items("file:///tmp/codes-ja.feature", japanese, at: 6, 9)
        #expect(!codes.isEmpty && !codes.contains { $0["label"]?.stringValue == "ラテ" }, "\(codes.count)")
        // Keywords: a Japanese step keyword with its space, and no second Feature.
        let keywords = try items(
            "file:///tmp/kw-ja.feature", "# language: ja\n機能: カート\n  シナリオ: s\n    \n", at: 3, 4)
        let japaneseGiven = keywords.first { $0["label"]?.stringValue == "前提" }
        #expect(japaneseGiven?["insertText"]?.stringValue == "前提 ")
        #expect(!keywords.contains { $0["label"]?.stringValue == "機能" }, "\(keywords.map(\.serialized))")
        #expect(try client.stop() == 0)
    }

    @Test("hover: a step's catalogue entry and example, a rejection code's meaning")
    func hover() throws {
        let client = try LSPClient()
        _ = try client.start()
        let uri = "file:///tmp/hover.feature"
        client.open(uri, "# language: ja\n機能: カート\n  シナリオ: 追加\n    もし カートに「ラテ」を追加する\n    ならば 「emptyCart」で拒否される\n")
        let step = try client.request(
            "textDocument/hover", .object(["textDocument": .object(["uri": .string(uri)]), "position": position(3, 8)]))
        let stepText = step["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(stepText.hasPrefix("`カートに{string}を追加する`"), "\(step.serialized)")
        #expect(stepText.contains("例:") && stepText.contains("カートに「ラテ」を追加する"), "\(stepText)")
        let code = try client.request(
            "textDocument/hover",
            .object(["textDocument": .object(["uri": .string(uri)]), "position": position(4, 12)]))
        #expect(
            code["result"]?["contents"]?["value"]?.stringValue?.hasPrefix("`emptyCart`: ") == true, "\(code.serialized)"
        )
        // An outline's step, read as its first Examples row writes it.
        let outline = "file:///tmp/hover-outline.feature"
        client.open(
            outline,
            "Feature: Points\n  Scenario Outline: apply\n    When I try to apply <n> points\n    Then it succeeds\n"
                + "    Examples:\n      | n   |\n      | 300 |\n")
        let placeholder = try client.request(
            "textDocument/hover",
            .object(["textDocument": .object(["uri": .string(outline)]), "position": position(2, 27)]))
        let outlineText = placeholder["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(outlineText.hasPrefix("`I try to apply {int} points`"), "\(placeholder.serialized)")
        #expect(try client.stop() == 0)
    }

    @Test("quick fixes: full-width signs written in ASCII, the missing # language: ja line added")
    func quickFixes() throws {
        let client = try LSPClient()
        _ = try client.start()
        let uri = "file:///tmp/fix.feature"
        client.open(uri, "機能: カート\n  シナリオ： 追加\n    前提 商品カタログ:\n      ｜ name ｜ price ｜\n")
        let response = try client.codeActions(uri, from: 0, to: 3)
        let actions = response["result"]?.arrayValue ?? []
        // The file is written in Japanese (its language line is what is missing): so are the titles.
        #expect(
            actions.compactMap { $0["title"]?.stringValue } == [
                "1行目に # language: ja を加える", "2行目の全角の記号を半角にする", "4行目の全角の記号を半角にする",
            ], "\(response.serialized)")
        let edits = actions.map { action -> String in
            let edit = action["edit"]?["changes"]?[uri]?.arrayValue?.first ?? .null
            return "\(span(edit)) \(edit["newText"]?.stringValue ?? "")"
        }
        #expect(
            edits == [
                "[0, 0, 0, 0] # language: ja\n", "[1, 0, 1, 10]   シナリオ: 追加",
                "[3, 0, 3, 22]       | name | price |",
            ], "\(response.serialized)")
        #expect(actions.allSatisfy { $0["kind"]?.stringValue == "quickfix" })
        // A `＃ language: ja` line is mended, not added again; a range that holds neither the
        // file's start nor its Feature line is offered no language line.
        let header = "file:///tmp/fix-header.feature"
        client.open(
            header, "＃ language: ja\n機能: カート\n  ＠smoke\n  シナリオ: 追加\n    前提 商品カタログ:\n      | name ｜ price |\n")
        let mended = try client.codeActions(header, from: 0, to: 5)
        let mendedEdits = (mended["result"]?.arrayValue ?? []).map { action -> String in
            let edit = action["edit"]?["changes"]?[header]?.arrayValue?.first ?? .null
            return "\(span(edit)) \(edit["newText"]?.stringValue ?? "")"
        }
        #expect(
            mendedEdits == [
                "[0, 0, 0, 14] # language: ja", "[2, 0, 2, 8]   @smoke", "[5, 0, 5, 22]       | name | price |",
            ], "\(mended.serialized)")
        // Titled in Japanese, as the file is written.
        let titles = (mended["result"]?.arrayValue ?? []).map { $0["title"]?.stringValue ?? "" }
        #expect(titles.first == "1行目の全角の記号を半角にする", "\(titles)")
        // A Windows file's line gets its CR LF.
        let windows = "file:///tmp/fix-crlf.feature"
        client.open(windows, "機能: カート\r\n  シナリオ: 追加\r\n")
        let added = try client.codeActions(windows, from: 0, to: 0)
        let addedText = added["result"]?.arrayValue?.first?["edit"]?["changes"]?[windows]?.arrayValue?.first?["newText"]
        #expect(addedText?.stringValue == "# language: ja\r\n", "\(added.serialized)")
        let elsewhere = try client.codeActions(uri, from: 2, to: 2)
        #expect(elsewhere["result"]?.arrayValue?.isEmpty == true, "\(elsewhere.serialized)")
        // A `｜` inside a cell's words, or after `\`, is the cell's text; a name after `：` gets its space.
        let cells = "file:///tmp/fix-cells.feature"
        client.open(
            cells,
            "# language: ja\n機能: カート\n  シナリオ：追加\n    前提 商品カタログ:\n      | name | price |\n"
                + "      | ラ｜テ | 520 |\n      | a\\｜b ｜ 300 |\n")
        let cellEdits = (try client.codeActions(cells, from: 2, to: 6)["result"]?.arrayValue ?? []).map { action in
            let edit = action["edit"]?["changes"]?[cells]?.arrayValue?.first ?? .null
            return "\(span(edit)) \(edit["newText"]?.stringValue ?? "")"
        }
        #expect(cellEdits == ["[2, 0, 2, 9]   シナリオ: 追加", "[6, 0, 6, 20]       | a\\｜b | 300 |"], "\(cellEdits)")
        #expect(try client.stop() == 0)
    }

    @Test("quick fix: an undefined step takes the suggested step, with the values it was written with")
    func takeTheSuggestedStep() throws {
        let client = try LSPClient()
        _ = try client.start()
        let uri = "file:///tmp/suggested.feature"
        client.open(uri, "Feature: Cart\n  Scenario: add\n    When I ad \"Latte\" to the cart\n")
        let response = try client.codeActions(uri, from: 2, to: 2)
        let actions = response["result"]?.arrayValue ?? []
        let titles = actions.compactMap { $0["title"]?.stringValue }
        #expect(titles == ["Take the suggested step: I add \"Latte\" to the cart"], "\(response.serialized)")
        let edit = actions.first?["edit"]?["changes"]?[uri]?.arrayValue?.first ?? .null
        // The step's text after its keyword, `When `, on line 3 (0-based 2).
        #expect(span(edit) == [2, 9, 2, 33], "\(response.serialized)")
        #expect(edit["newText"]?.stringValue == "I add \"Latte\" to the cart")
        #expect(try client.stop() == 0)
    }

    @Test("quick fix: a step that ends with its value takes the suggested step too")
    func takeTheSuggestedStepEndingWithAValue() throws {
        let client = try LSPClient()
        _ = try client.start()
        let uri = "file:///tmp/suggested-end.feature"
        client.open(
            uri,
            "Feature: Cart\n  Scenario: change\n    When I chnage the quantity of \"Latte\" to 3\n"
                + "    Then it is rejectd with \"wrongPhase\"\n")
        let response = try client.codeActions(uri, from: 2, to: 3)
        let titles = (response["result"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
        #expect(
            titles == [
                "Take the suggested step: I change the quantity of \"Latte\" to 3",
                "Take the suggested step: it is rejected with \"wrongPhase\"",
            ], "\(titles)")
        #expect(try client.stop() == 0)
    }

    @Test("quick fix: a Japanese file's suggested step is titled in Japanese")
    func takeTheSuggestedStepInJapanese() throws {
        let client = try LSPClient()
        _ = try client.start()
        let uri = "file:///tmp/suggested-ja.feature"
        client.open(uri, "# language: ja\n機能: カート\n  シナリオ: 追加\n    もし カートに「ラテ」を追加\n")
        let response = try client.codeActions(uri, from: 3, to: 3)
        let titles = (response["result"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
        #expect(titles == ["候補のステップにする: カートに「ラテ」を追加する"], "\(response.serialized)")
        #expect(try client.stop() == 0)
    }

    @Test(
        "formatting aligns a table's bars as the console measures: wide characters and emoji take two, accents none",
        arguments: [
            (
                "# language: ja\n機能: カート\n  シナリオ: 追加\n    前提 商品カタログ:\n      | name | price |\n      | カット | 4000 |\n",
                ["[4, 0, 4, 22]       | name   | price |", "[5, 0, 5, 20]       | カット | 4000  |"]
            ),
            (
                "Feature: Cart\n  Scenario: add\n    Given the catalogue:\n      | name | price |\n"
                    + "      | 🍵 | 150 |\n      | Cafe\u{0301} | 200 |\n",
                ["[4, 0, 4, 18]       | 🍵   | 150   |", "[5, 0, 5, 21]       | Cafe\u{0301} | 200   |"]
            ),
            // A doc string's text is kept as written, bars and all; the table after it aligns.
            (
                "Feature: Cart\n  Scenario: add\n    Given the note:\n      \"\"\"\n      | a | bb |\n      | ccc | d |\n"
                    + "      \"\"\"\n    And the catalogue:\n      | name | price |\n      | Tea | 150 |\n",
                ["[9, 0, 9, 19]       | Tea  | 150   |"]
            ),
        ])
    func tableFormatting(text: String, expected: [String]) throws {
        let client = try LSPClient()
        _ = try client.start()
        let uri = "file:///tmp/table.feature"
        client.open(uri, text)
        let response = try client.request(
            "textDocument/formatting",
            .object([
                "textDocument": .object(["uri": .string(uri)]),
                "options": .object(["tabSize": 2, "insertSpaces": true]),
            ]))
        let edits = (response["result"]?.arrayValue ?? []).map { "\(span($0)) \($0["newText"]?.stringValue ?? "")" }
        #expect(edits == expected, "\(response.serialized)")
        #expect(try client.stop() == 0)
    }
}

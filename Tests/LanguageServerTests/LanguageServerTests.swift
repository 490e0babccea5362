import Foundation
import TestSupport
import Testing
import Wire

/// `spec-run lsp` driven over a pipe by a small JSON-RPC client, as an editor drives it.
@Suite("spec-run lsp (built binary, JSON-RPC over a pipe)")
struct LanguageServerTests {
    static let english = """
        Feature: Cart
          Scenario: Adding
            Given the catalog:
              | name  | price |
              | Latte | 520   |
            When I add "Latte" to the carts
            Then the display shows the basket screen

        """

    static let japanese = """
        # language: ja
        機能: カート
          シナリオ: 追加
            前提 商品カタログ:
              | name | price |
              | ラテ | 520   |
            もし カートに「ラテ」を追加すろ

        """

    /// A started server with `english` open at `uri`, its two problems published.
    static func openedEnglish(_ uri: String) throws -> LSPClient {
        let client = try LSPClient()
        _ = try client.start()
        client.open(uri, english)
        #expect(try client.diagnostics(for: uri).count == 2)
        return client
    }

    @Test("initialize answers with the capabilities, once; shutdown and exit end the server with 0")
    func lifecycle() throws {
        let client = try LSPClient()
        let response = try client.start()
        let capabilities = response["result"]?["capabilities"]
        #expect(capabilities?["textDocumentSync"]?["change"]?.intValue == 2)
        #expect(capabilities?["hoverProvider"]?.boolValue == true)
        #expect(capabilities?["completionProvider"] != nil)
        // One initialize: a second is an invalid request.
        let again = try client.request("initialize", .object(["processId": .null, "capabilities": .object([:])]))
        #expect(again["error"]?["code"]?.intValue == -32600, "\(again.serialized)")
        #expect(try client.stop() == 0)
    }

    @Test("a malformed message gets its JSON-RPC error and the server keeps serving")
    func malformed() throws {
        let client = try LSPClient()
        // Before `initialize`: a request is refused with ServerNotInitialized, a notification dropped.
        let early = try client.request("textDocument/hover", .object([:]))
        #expect(early["error"]?["code"]?.intValue == -32002, "\(early.serialized)")
        _ = try client.start()
        let garbage = Array("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": ".utf8)
        client.sendRaw(Array("Content-Length: \(garbage.count)\r\n\r\n".utf8) + garbage)
        let parseError = try client.next()
        #expect(parseError["error"]?["code"]?.intValue == -32700, "\(parseError.serialized)")
        #expect(parseError["id"]?.isNull == true)
        client.send(.object(["jsonrpc": "2.0", "id": 8, "params": .object([:])]))
        let invalid = try client.next()
        #expect(invalid["error"]?["code"]?.intValue == -32600, "\(invalid.serialized)")
        #expect(invalid["id"]?.intValue == 8)
        let unknown = try client.request("workspace/frobnicate", .object([:]))
        #expect(unknown["error"]?["code"]?.intValue == -32601, "\(unknown.serialized)")
        client.sendRaw(Array("Content-Length: many\r\n\r\n".utf8))
        let header = try client.next()
        #expect(header["error"]?["code"]?.intValue == -32600, "\(header.serialized)")
        // A header block without Content-Length, its body after it: InvalidRequest, and the
        // next message is read whole.
        let hover = Array(#"{"jsonrpc": "2.0", "id": 9, "method": "workspace/frobnicate"}"#.utf8)
        client.sendRaw(Array("Content-Type: x\r\n\r\n".utf8) + hover)
        let noLength = try client.next()
        #expect(noLength["error"]?["code"]?.intValue == -32600, "\(noLength.serialized)")
        let afterIt = try client.request("workspace/frobnicate", .object([:]))
        #expect(afterIt["error"]?["code"]?.intValue == -32601, "\(afterIt.serialized)")
        // A Content-Length shorter than its body: a ParseError, then the next message as sent.
        client.sendRaw(Array("Content-Length: \(hover.count - 10)\r\n\r\n".utf8) + hover)
        let short = try client.next()
        #expect(short["error"]?["code"]?.intValue == -32700, "\(short.serialized)")
        let resumed = try client.request("workspace/frobnicate", .object([:]))
        #expect(resumed["error"]?["code"]?.intValue == -32601, "\(resumed.serialized)")
        #expect(try client.stop() == 0)
    }

    @Test("a place before, inside a surrogate pair of, or past its line is read as the nearest place before it")
    func columnsOutsideTheLine() throws {
        let client = try LSPClient()
        _ = try client.start()
        let uri = "file:///tmp/edge.feature"
        client.open(uri, "Feature: Edge\n  Scenario: Columns\n    When I add \"😀x\" to the cart\n")
        func ask(_ method: String, _ character: Int) throws -> JSONValue {
            try client.request(
                method, .object(["textDocument": .object(["uri": .string(uri)]), "position": position(2, character)]))
        }
        for character in [-5, 0, 17, 400, Int.max, Int.min] {
            for method in ["textDocument/completion", "textDocument/hover"] {
                let answer = try ask(method, character)
                #expect(
                    answer["error"] == nil && answer["result"] != nil, "\(method) at \(character): \(answer.serialized)"
                )
            }
        }
        #expect(try ask("textDocument/completion", -5)["result"] == ask("textDocument/completion", 0)["result"])
        #expect(try ask("textDocument/completion", Int.max)["result"] == ask("textDocument/completion", 400)["result"])
        // Inside `😀` (columns 16 and 17): as at its start.
        let inPair = try ask("textDocument/completion", 17)["result"]
        #expect(try inPair == ask("textDocument/completion", 16)["result"])
        // A change from inside the file's first character: from its start, so `😀 ` goes.
        let edited = "file:///tmp/edited.feature"
        client.open(edited, "😀 Feature: Edge\n  Scenario: Columns\n    When I add \"x\" to the carts\n")
        _ = try client.diagnostics(for: edited)
        client.notify(
            "textDocument/didChange",
            .object([
                "textDocument": .object(["uri": .string(edited), "version": 2]),
                "contentChanges": .array([
                    .object(["range": .object(["start": position(0, 1), "end": position(0, 3)]), "text": ""])
                ]),
            ]))
        let diagnostics = try client.diagnostics(for: edited)
        #expect(diagnostics.map(span) == [[2, 4, 2, 31]], "\(diagnostics.map(\.serialized))")
        // Quick fixes for lines past the end: none.
        let range: JSONValue = .object(["start": position(50, 0), "end": position(60, 0)])
        let fixes = try client.request(
            "textDocument/codeAction", .object(["textDocument": .object(["uri": .string(edited)]), "range": range]))
        #expect(fixes["result"] == .array([]), "\(fixes.serialized)")
        #expect(try client.stop() == 0)
    }

    @Test("diagnostics of an English file: the undefined step with its best match, the refused screen")
    func englishDiagnostics() throws {
        let client = try LSPClient()
        _ = try client.start()
        client.open("file:///tmp/cart.feature", Self.english)
        let diagnostics = try client.diagnostics(for: "file:///tmp/cart.feature")
        let messages = diagnostics.map { $0["message"]?.stringValue ?? "" }
        #expect(diagnostics.count == 2, "\(messages)")
        let undefined = try #require(diagnostics.first)
        #expect(span(undefined) == [5, 4, 5, 35])
        #expect(undefined["severity"]?.intValue == 1)
        #expect(
            messages.first?.hasPrefix(
                "Undefined step: I add \"Latte\" to the carts\nDid you mean:\n  I add {string} to the cart") == true,
            "\(messages)")
        let screen = try #require(diagnostics.last)
        #expect(span(screen) == [6, 4, 6, 44])
        #expect(messages.last?.contains("basket") == true, "\(messages)")
        // Indented with full-width spaces, as Gherkin reads them: the range is the step's text.
        let wide = "file:///tmp/wide.feature"
        client.open(
            wide, Self.english.replacingOccurrences(of: "    When", with: "\u{3000}\u{3000}\u{3000}\u{3000}When"))
        let widened = try client.diagnostics(for: wide)
        #expect(widened.first.map(span) == [5, 4, 5, 35], "\(widened.map(\.serialized))")
        #expect(try client.stop() == 0)
    }

    @Test("diagnostics of a Japanese file: in Japanese, with ranges in UTF-16 code units")
    func japaneseDiagnostics() throws {
        let client = try LSPClient()
        _ = try client.start()
        client.open("file:///tmp/cart-ja.feature", Self.japanese)
        let diagnostics = try client.diagnostics(for: "file:///tmp/cart-ja.feature")
        let messages = diagnostics.map { $0["message"]?.stringValue ?? "" }
        #expect(diagnostics.count == 1, "\(messages)")
        let undefined = try #require(diagnostics.first)
        // `    もし カートに「ラテ」を追加すろ`: 4 spaces, then 2 + 1 + 13 code units.
        #expect(span(undefined) == [6, 4, 6, 20])
        #expect(
            messages.first?.hasPrefix("未定義のステップ: カートに「ラテ」を追加すろ\nもしかして:\n  カートに{string}を追加する") == true, "\(messages)")
        // An advice's column counts Unicode scalars: `👍🏽` is two of them, and four UTF-16 units.
        client.open("file:///tmp/emoji.feature", "Feature: F\n  Scenario: S\n    Then 👍🏽👍🏽 \u{0} x\n")
        let emoji = try client.diagnostics(for: "file:///tmp/emoji.feature")
        #expect(emoji.first.map(span)?.prefix(2) == [2, 18], "\(emoji.map(\.serialized))")
        // Text the editor decoded with replacement characters (a Shift_JIS file): one problem, the encoding.
        client.open("file:///tmp/sjis.feature", "# language: ja\n\u{FFFD}\u{FFFD}: \u{FFFD}\n  \u{FFFD}: x\n")
        let garbled = try client.diagnostics(for: "file:///tmp/sjis.feature")
        #expect(garbled.count == 1 && garbled.first.map(span)?.first == 1, "\(garbled.map(\.serialized))")
        #expect(garbled.first?["message"]?.stringValue?.hasPrefix("この行は置換文字（U+FFFD）で表示されています") == true)
        // A byte-order mark before `# language: ja` leaves the file Japanese.
        client.open("file:///tmp/cart-ja-bom.feature", "\u{FEFF}" + Self.japanese)
        let withMark = try client.diagnostics(for: "file:///tmp/cart-ja-bom.feature")
        #expect(withMark.map { $0["message"]?.stringValue ?? "" } == messages, "\(withMark.map(\.serialized))")
        #expect(try client.stop() == 0)
    }

    @Test("changes that arrive together are checked once, as they stand after the last")
    func changesArrivingTogether() throws {
        let uri = "file:///tmp/burst.feature"
        let client = try Self.openedEnglish(uri)
        // Ten keystrokes in one write, as a fast typist's changes queue up behind a check.
        var burst: [UInt8] = []
        for version in 2...11 {
            let change: JSONValue = .object([
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": .object([
                    "textDocument": .object(["uri": .string(uri), "version": JSONValue(version)]),
                    "contentChanges": .array([
                        .object(["range": .object(["start": position(0, 13), "end": position(0, 13)]), "text": "s"])
                    ]),
                ]),
            ])
            let body = Array(change.serialized.utf8)
            burst += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        client.sendRaw(burst)
        let published = try client.next { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
        #expect(published["params"]?["version"]?.intValue == 11, "\(published.serialized)")
        #expect(try client.stop() == 0)
    }

    @Test("an incremental change gets new diagnostics for the text as changed")
    func incrementalChange() throws {
        let uri = "file:///tmp/change.feature"
        let client = try Self.openedEnglish(uri)
        // `carts` → `cart`, then `basket` → `cart`: two changes in one notification.
        let changes: [JSONValue] = [
            .object([
                "range": .object(["start": position(5, 34), "end": position(5, 35)]), "text": "",
            ]),
            .object([
                "range": .object(["start": position(6, 31), "end": position(6, 37)]), "text": "cart",
            ]),
        ]
        client.notify(
            "textDocument/didChange",
            .object([
                "textDocument": .object(["uri": .string(uri), "version": 2]), "contentChanges": .array(changes),
            ]))
        let after = try client.diagnostics(for: uri)
        #expect(after.isEmpty, "\(after.map(\.serialized))")
        // A full-text change brings a mistake back, in Japanese text.
        client.notify(
            "textDocument/didChange",
            .object([
                "textDocument": .object(["uri": .string(uri), "version": 3]),
                "contentChanges": .array([.object(["text": .string(Self.japanese)])]),
            ]))
        let japanese = try client.diagnostics(for: uri)
        #expect(japanese.count == 1 && span(japanese[0]) == [6, 4, 6, 20], "\(japanese.map(\.serialized))")
        // `𠮷` (two UTF-16 code units) typed before `ラテ`, then `ろ` after it mended to `る`:
        // the second change's place counts `𠮷` as two.
        let typing: [JSONValue] = [
            .object(["range": .object(["start": position(6, 12), "end": position(6, 12)]), "text": "𠮷"]),
            .object(["range": .object(["start": position(6, 21), "end": position(6, 22)]), "text": "る"]),
        ]
        client.notify(
            "textDocument/didChange",
            .object([
                "textDocument": .object(["uri": .string(uri), "version": 4]), "contentChanges": .array(typing),
            ]))
        let mended = try client.diagnostics(for: uri)
        #expect(mended.isEmpty, "\(mended.map(\.serialized))")
        #expect(try client.stop() == 0)
    }
}

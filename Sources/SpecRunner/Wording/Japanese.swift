import Gherkin

/// Every word the runner has in Japanese, for files in `# language: ja`: the advice, then
/// the words around steps. What has no Japanese words of its own (a `# language:` code
/// Gherkin does not know) is English.
struct JapaneseAdvice: AdviceWording {
    func problem(_ problem: Diagnostic.ParseProblem) -> String {
        switch problem {
        case .unexpectedLine(let expected, let text):
            "ここに書けるのは\(list(expected.map(self.expected)))です。「\(text.withoutIndent)」は書けません"
        case .unexpectedEndOfFile(let expected): "ファイルが途中で終わっています。続きに書けるのは\(list(expected.map(self.expected)))です"
        case .tagWithWhitespace: "タグに空白は入れられません"
        case .raggedTable: "表の列の数がそろっていません"
        case .unknownLanguage(let code): "「\(code)」はGherkinの知らない言語です"
        case .replacementCharacters:
            "この行は置換文字（U+FFFD）で表示されています。ファイルがUTF-8で保存されていないようです（Shift_JISなど）。その文字コードで開き直し、UTF-8で保存します"
        case .loneCarriageReturns: "行末がCR（復帰）だけです（古いMac OSの形式）。Gherkinはファイル全体を1行として読むため、何も実行されません。改行コードをLFにして保存します"
        case .asWritten(let message): message
        }
    }

    func expected(_ word: Diagnostic.ExpectedWord) -> String {
        switch word {
        case .endOfFile: "ファイルの終わり"
        case .tag: "タグ"
        case .step: "ステップ"
        case .docString: "\"\"\" で囲んだテキスト"
        case .tableRow: "表の行"
        case .keyword(let words, let english):
            words.isEmpty ? "「\(english):」" : words.map { "「\($0):」" }.joined(separator: "/")
        }
    }

    func list(_ words: [String]) -> String { words.listed(separator: "、", last: "または") }

    func parseError(_ problem: String, hints: [String], unclosedDocString: Int?, sameCause: Int) -> String {
        var text = hints.isEmpty ? problem : "\(problem)（\(hints.joined(separator: "。"))）"
        if let line = unclosedDocString { text += "（\(line)行目で始まった \"\"\" が閉じられていません）" }
        if sameCause > 0 { text += " — 同じ原因で、この下のほかの\(sameCause)行も読めません（ここには挙げません）" }
        return text
    }

    func hint(_ hint: Diagnostic.Hint) -> String {
        switch hint {
        case .misspelt(let word, let keyword) where word.lowercased() == keyword.trimming(":").lowercased():
            "「\(word)」は大文字と小文字が違うキーワード「\(keyword)」です（キーワードは大文字と小文字を区別します）"
        case .misspelt(let word, let keyword): "「\(word)」はキーワード「\(keyword)」の書き間違いのようです"
        case .fullWidthSign(let sign):
            "「\(sign.fullWidth)」は全角です。\(Self.starts[sign.halfWidth] ?? "")は半角の「\(sign.halfWidth)」で始めます。"
                + "「\(sign.shown)」と書きます"
        case .keywordSpacing(let spacing):
            spacing.separatorName(Self.spaces).map {
                "「\(spacing.keyword)」の後が\($0)です。Gherkinには半角の空白が要ります。「\(spacing.shown)」と書きます"
            } ?? "「\(spacing.keyword)」の後には空白が要ります。「\(spacing.shown)」と書きます"
        case .fullWidthColon(let keyword): "「\(keyword)」の後のコロンが全角の「：」です。「\(keyword):」と書きます"
        case .colonMissing(let keyword): "キーワードの行にはコロンが要ります。「\(keyword):」と書きます"
        case .colonMissingWrite(let keyword, let write): "「\(keyword)」の後にコロンが要ります。「\(write)」と書きます"
        case .foreignKeyword(let shown, let code, _, let declared, let write):
            "「\(shown)」は\(Self.name(of: code))のキーワードですが、このファイルは日本語"
                + "\(declared ? "（# language: ja）" : "")です。\(write.map { "「\($0)」" }.joined(separator: "か"))と書きます"
        case .lengthenedScenario(let word, let prefix, let scenario, let outline):
            "「\(word)」はキーワードではありません（「\(prefix)」で始まります）。シナリオなら「\(scenario):」、"
                + "例のあるシナリオなら「\(outline):」と書きます"
        case .lengthenedExamples(let word, let prefix):
            "「\(word)」はキーワードではありません（「\(prefix)」で始まります）。例の表なら「\(prefix):」と書きます"
        case .languageUndeclared(let shown, let code, let others, let header):
            "「\(shown)」は\(Self.name(of: code))\(others > 0 ? "（ほか\(others)言語）" : "")のキーワードですが、"
                + (header.map(headerProblem) ?? "このファイルには「# language:」の行がありません")
                + "。\(Self.name(of: code))で書いたファイルは「# language: \(code)」の行で始めます"
        case .fullWidthTableBar: "表の区切りが全角の「｜」です。「|」と書きます"
        case .rowWithoutFirstBar(let text): "表の行は「|」で始めます。「| \(text)」と書きます"
        case .misplacedBackground: "背景にはタグを付けられず、機能かルールの最初のシナリオより前に1回だけ書けます"
        case .secondFeature(let feature): "1つのファイルに書ける「\(feature):」は1つです。これは別のファイルに書きます"
        case .featureFirst(let feature): "フィーチャーファイルは「\(feature):」の行で始まり、シナリオはその下に書きます"
        case .tagsAboveStep(let line, let feature, let scenario, let examples):
            "\(line)行目のタグがステップの上にあります。タグは「\(feature):」「\(scenario):」「\(examples):」の上の行に書きます"
        case .docStringOnStepLine(let line, let delimiter):
            "\(line)行目の終わりに「\(delimiter)」があります。テキストを始める「\(delimiter)」は、ステップの下の行に単独で書きます"
        case .notKeyword(let word, let write): "「\(word)」はキーワードではありません。「\(write)」と書きます"
        case .stepWithoutKeyword(let write, let orComment):
            "ステップはキーワードで始めます。「\(write)」と書きます\(orComment ? "。コメントなら先頭に「#」を付けます" : "")"
        case .keywordAlone: RunnerWording.japanese.keywordAlone
        case .tagWithoutAt(let write): "タグは「@」で始めます。「\(write)」と書きます"
        case .tagWithSpace(let written, let one, let many):
            "「\(written)」に空白があります。1つのタグなら「\(one)」、複数なら「\(many)」と書きます"
        case .proseStartsWithTag(let write):
            "「@」で始まる行はタグの行として読まれます。説明文なら「@」以外で始めます（「\(write)」）"
        case .keywordAfterTags(let tags, let line):
            "タグはキーワードの上の行に、タグだけで書きます。「\(tags)」と書き、次の行に「\(line)」と書きます"
        case .languageMeant(let code, _):
            "「\(code)」のことですか？\(Self.name(of: code))で書いたファイルは「# language: \(code)」で始めます"
        case .languageCodes: "言語のコードはGherkinのもの（「en」「ja」など）です"
        case .raggedRow(let cells, let first):
            "この行は\(cells.count)列" + (cells.isEmpty ? "" : "（\(cells.joined(separator: " | "))）")
                + "、表の最初の行は\(first.count)列（\(first.joined(separator: " | "))）"
        case .rowUnended(let after): "この行が「|」で終わっていません。最後の「|」の後の「\(after)」は列として読まれません"
        case .firstRowUnended(let line, let after):
            "表の最初の行（\(line)行目）が「|」で終わっていません。最後の「|」の後の「\(after)」は列として読まれません"
        }
    }

    /// Said instead of "this file has no '# language:' line" when it has one Gherkin did not take.
    private func headerProblem(_ problem: LanguageHeader.Problem) -> String {
        switch problem {
        case .unknown(let line, let written, _):
            "このファイルの「# language: \(written)」（\(line)行目）はGherkinの知らない言語です"
        case .notLowerCase(let line, let written, _):
            "このファイルの「\(written)」（\(line)行目）はGherkinにはコメントです（「# language:」は小文字で書きます）"
        case .late(let line, _):
            "このファイルの「# language:」の行（\(line)行目）は遅すぎます（最初のキーワードの行より上に書きます）"
        case .fullWidthColon(let line, _):
            "このファイルの「# language：」（\(line)行目）のコロンが全角です（Gherkinが読むのは半角の「:」だけです）"
        case .misspelt(let line, let written, _):
            "このファイルの「\(written)」（\(line)行目）は「language」の綴りが違うため、Gherkinにはコメントです"
        case .fullWidthSign(let line, _):
            "このファイルの「＃ language:」（\(line)行目）は全角の「＃」で始まっています（Gherkinが読むのは半角の「#」だけです）"
        }
    }

    /// What a full-width sign's half-width one starts.
    private static let starts: [Character: String] = ["@": "タグ", "#": "コメント", "*": "ステップ"]

    private static let spaces: [Character: String] = [
        "\t": "タブ", "\u{A0}": "ノーブレークスペース（U+00A0）", "\u{3000}": "全角の空白（U+3000）",
        ":": "コロン", "：": "全角のコロン",
    ]

    /// A language's name for a Japanese reader: the two this product's QA write by name,
    /// the others by Gherkin's name for them.
    static func name(of code: String) -> String {
        ["en": "英語", "ja": "日本語"][code] ?? GherkinDialect.named(code)?.name ?? code
    }

    func reading(_ reading: Diagnostic.Reading) -> String {
        switch reading {
        case .noTags: "この行は説明文として読まれ、どのシナリオにもタグが付きません"
        case .notStep: "この行は説明文として読まれ、ステップとして実行されません"
        case .notKeywordLine: "この行は説明文として読まれ、キーワードの行になりません"
        case .description: "この行は説明文として読まれます"
        case .scenarioAbove: "この行は上のシナリオの説明文として読まれ、下のステップはそのシナリオのものになります"
        }
    }

    func description(_ hint: String, _ reading: String) -> String { "\(hint)。\(reading)" }

    func lostScenario(_ hint: String, losesRule: Bool, losesBackground: Bool) -> String {
        if losesRule { return "\(hint)（この行は説明文として読まれ、ルールがなくなります。下の背景とシナリオは機能のものになります）" }
        return "\(hint)（この行と下のステップは説明文として読まれ、"
            + (losesBackground ? "どのシナリオの前にも実行されません）" : "シナリオは実行されません）")
    }

    func warning(_ warning: Diagnostic.Warning) -> String {
        switch warning {
        case .strayStep(let text, let inRule, let background, let scenario):
            "「\(text)」はステップですが、\(inRule ? "ルール" : "機能")の最初のシナリオより前にあるため、"
                + "説明文として読まれ、実行されません（すべてのシナリオに共通のステップは「\(background):」の下に書き、"
                + "シナリオは「\(scenario):」で始めます）"
        case .unknownPlaceholder(let name, let examples, let line, let columns, let closest):
            "<\(name)>は\(line)行目の「\(examples)」の表の列ではありません（列は\(columns.joined(separator: ", "))）。"
                + (closest.map {
                    $0 == "<\(name)>"
                        ? "見出しの列名には「<」「>」を付けません。「\(name)」と書きます。" : "列「\($0)」と近い名前です。ステップと見出しで同じ名前にします。"
                } ?? "")
                + "表の各行はこのステップを「<\(name)>」のまま実行せず、ここで失敗します"
        case .fullWidthPlaceholder(let written, let name):
            "「\(written)」の括弧が全角です。列の値が入るのは半角の「<」「>」で書いた「<\(name)>」です"
        case .emptyExamples(let keyword, let hasHeader, let neverRuns):
            "「\(keyword):」\(hasHeader ? "の表に見出しの行しかありません" : "の下に表がありません")。"
                + (neverRuns.map { "\($0)行目のシナリオには実行する行がなく、一度も実行されません" } ?? "実行するものは増えません")
        case .duplicateColumn(let name, let examples, let first, let second):
            "「\(examples)」の表に「\(name)」という列が2つあります（\(first)列目と\(second)列目）。"
                + "<\(name)>には\(first)列目の値が入り、\(second)列目は使われません。どちらかの名前を変えます"
        case .outlineWithoutExamples(let keyword, let placeholder, let examples):
            "「\(keyword)」のステップに<\(placeholder)>がありますが、「\(examples):」の表がありません。"
                + "「<\(placeholder)>」のまま一度だけ実行されます"
        case .noScenario(let keyword): "「\(keyword):」にシナリオがありません。このファイルでは何も実行されません"
        case .stepless(let keyword, let name): "「\(keyword):\(name)」にステップがありません。何も確かめずに成功します"
        case .tagWithComma(let written, let meant, let write):
            "タグはコンマではなくスペースで区切ります。「\(written)」はそれだけで一つのタグになり、--tags \(meant)では選ばれません。"
                + "「\(write)」と書きます"
        case .examplesAsScenario(let written, let examples):
            "「\(written):」はステップのない別のシナリオの始まりです。上のシナリオアウトラインの表は「\(examples):」の下に書きます"
        case .rowUnended(let after): hint(.rowUnended(after: after))
        case .noFeature: "ファイルにフィーチャがありません（空か、コメントだけです）。このファイルでは何も実行されません"
        }
    }

    func lostLineNote(_ finding: KeywordTypoCheck.Finding) -> String {
        let notStep = reading(.notStep)
        switch finding.hint {
        case .misspelt: return "\(hint(finding.hint))。" + notStep
        case .colonMissingWrite(let keyword, let write):
            return "「\(keyword)」の後にコロンが必要です（「\(write)」と書きます）。" + reading(.scenarioAbove)
        case .fullWidthSign(let sign) where sign.halfWidth != "@":
            return "「\(sign.fullWidth)」は全角です。ステップの記号は半角の「\(sign.halfWidth)」です（「\(sign.write)」と書きます）。" + notStep
        case .foreignKeyword(let shown, let code, _, _, let write):
            let words = write.map { "「\($0)」" }.joined(separator: "か")
            return "「\(shown)」は\(Self.name(of: code))のキーワードです。"
                + "このファイルは日本語（# language: ja）なので\(words)と書きます。" + notStep
        default: return "\(hint(finding.hint))。この行は説明文として読まれ、書いたとおりには実行されません"
        }
    }
}

/// The runner's words around steps and scenarios in Japanese (`RunnerWording`).
extension RunnerWording {
    static let japanese = RunnerWording(
        advice: JapaneseAdvice(),
        didYouMean: "もしかして:",
        snippetHeading: "新しいステップなら、開発者がステップライブラリに追加します:",
        snippetsOption: "新しいステップなら、開発者がステップライブラリに追加します（そのコードは spec-run --snippets で表示されます）。",
        inScenarios: { "\($0)件のシナリオで使われています:" },
        endOfScenario: "シナリオの終わりに",
        misfit: { value, type, hint in "「\(value)」は{\(type)}として読めません" + (hint.map { "（\($0)）" } ?? "") },
        finalStop: { "最後の「\($0)」を取ると上のステップになります（ステップの終わりに句点は付けません）" },
        finalColon: { "最後の「\($0)」を取ると上のステップになります" },
        colonAtEnd: "最後に「:」を付けると上のステップになります",
        trailingComment: {
            "「\($0)」を取ると上のステップになります。行の途中からのコメントはなく、ステップの一部として読まれます。コメントは別の行に書きます"
        },
        fullWidthDigits: { "「\($0)」は全角数字です。半角の「\($1)」にすると上のステップになります" },
        fullWidthLetters: { "「\($0)」は全角の英字です。半角の「\($1)」にすると上のステップになります" },
        spaceBetween: { "「\($0)」の空白を取ると上のステップになります（語と語の間に空白は入れません）" },
        wordBefore: { "前の「\($0)」を取ると上のステップになります（キーワードのすぐ後にステップを書きます）" },
        libraryWord: { "ステップでは「\($0)」を「\($1)」と書きます。そうすると上のステップになります" },
        invisible: { "ステップに見えない文字 \($0) が含まれています（上では \\u{…} と表示）。取り除くと上のステップになります（貼り付けで紛れ込むことがあります）" },
        oddSpace: { "ステップに普通の空白ではない文字（\($1)）が含まれています（チャットからの貼り付けなど）。普通の空白にすると上のステップになります" },
        curlyQuotes: "引用符が“…”や‘…’（ワープロやチャットの引用符）になっています。\"…\" か「…」で囲めば上のステップになります",
        keywordAlone: "キーワードだけの行です。キーワードの後にステップを書きます",
        emptyPlaceholder: { "「例」の表のこの行では\($0)のセルが空です。そのためステップに値が入っていません" },
        keywordStartsProse: { "行が「\($0)」で始まるので、Gherkinはこの行をステップとして読みます。説明文ならコメント（行頭に「#」）にします" },
        intWithComma: { "「\($0)」は{int}として読めません。カンマを取って \($1) と書きます（カンマを使えるのは金額の{yen}です）" },
        minusAfterYen: { "「\($0)」は{yen}として読めません。マイナスは¥の前に付けます: \($1)" },
        notAMinus: { "「\($0)」は{yen}として読めません。先頭の「\($1)」はマイナス記号ではありません。半角の「-」で \($2) と書きます" },
        unclosedQuote: { _, open, fixed in "\(open)が閉じていません。\(fixed)と書きます" },
        leftOver: { "「\($0)」には{string}のほかに「\($1)」があり、このステップにはその置き場所がありません" },
        extraSpace: { "「\($0)」には余分な空白があります（空白を取れば{\($1)}として読めます）" },
        undefinedStep: { "未定義のステップ: \($0)" },
        ambiguousStep: { "曖昧なステップ: \($0)" },
        matchingDefinitions: "一致する定義:",
        reportUndefined: { text, more, lost in
            (lost ? "ステップとして読まれない行: " : "未定義のステップ: ") + text + (more > 0 ? "（ほか\(more)件）" : "")
        },
        reportAmbiguous: { "曖昧なステップ: \($0)" },
        addLanguageLine: "1行目に # language: ja を加える",
        asciiSigns: { "\($0)行目の全角の記号を半角にする" },
        takeSuggested: { "候補のステップにする: \($0)" },
        statusNames: [
            "passed": "成功", "failed": "失敗", "undefined": "未定義", "ambiguous": "曖昧", "pending": "保留",
            "skipped": "スキップ", "interrupted": "中断",
        ],
        displayCaption: "この手順で確かめたカスタマーディスプレイ",
        example: "例",
        usualKeywords: ["機能", "背景", "シナリオ", "例", "かつ"])
}

import Gherkin

/// Every word the runner has in English, the table for files in English and in every
/// language without a table of its own: the advice, then the words around steps.
struct EnglishAdvice: AdviceWording {
    func problem(_ problem: Diagnostic.ParseProblem) -> String {
        switch problem {
        case .unexpectedLine(let expected, let text): "expected \(list(expected.map(self.expected))), got '\(text)'"
        case .unexpectedEndOfFile(let expected): "unexpected end of file, expected \(list(expected.map(self.expected)))"
        case .tagWithWhitespace: "A tag may not contain whitespace"
        case .raggedTable: "inconsistent cell count within the table"
        case .unknownLanguage(let code): "Language not supported: \(code)"
        case .loneCarriageReturns:
            "the file's lines end in a carriage return alone (CR, as classic Mac OS saved text): Gherkin reads"
                + " the whole file as one line, so nothing in it runs; save it with LF line endings"
        case .replacementCharacters:
            "the editor shows this line with replacement characters (U+FFFD): the file is probably not saved as"
                + " UTF-8 (Shift_JIS, say); reopen it in its encoding and save it as UTF-8"
        case .asWritten(let message): message
        }
    }

    func expected(_ word: Diagnostic.ExpectedWord) -> String {
        switch word {
        case .endOfFile: "the end of the file"
        case .tag: "a tag"
        case .step: "a step"
        case .docString: "a doc string (\"\"\")"
        case .tableRow: "a table row"
        case .keyword(let words, let english):
            words.isEmpty ? "'\(english):'" : words.map { "'\($0):'" }.joined(separator: "/")
        }
    }

    /// `a, b or c`.
    func list(_ words: [String]) -> String { words.listed(separator: ", ", last: " or ") }

    func parseError(_ problem: String, hints: [String], unclosedDocString: Int?, sameCause: Int) -> String {
        var text = hints.isEmpty ? problem : "\(problem) (\(hints.joined(separator: "; ")))"
        if let line = unclosedDocString { text += " (the doc string opened at line \(line) is never closed)" }
        // "More" and "not listed": the lines below with faults of their own are listed apart.
        guard sameCause > 0 else { return text }
        return text + " — for the same cause, Gherkin refuses \(sameCause) more \(sameCause == 1 ? "line" : "lines")"
            + " below it, not listed here"
    }

    func hint(_ hint: Diagnostic.Hint) -> String {
        switch hint {
        case .misspelt(let word, let keyword) where word.lowercased() == keyword.trimming(":").lowercased():
            "'\(word)' is the keyword '\(keyword)' in the wrong case (keywords are case-sensitive)"
        case .misspelt(let word, let keyword): "'\(word)' looks like the keyword '\(keyword)' misspelt"
        case .fullWidthSign(let sign):
            "'\(sign.fullWidth)' is the full-width sign; \(Self.starts[sign.halfWidth] ?? "a line") starts with the half-width '\(sign.halfWidth)':"
                + " write '\(sign.shown)'"
        case .keywordSpacing(let spacing):
            spacing.separatorName(Self.spaces).map {
                "'\(spacing.keyword)' is followed by \($0) where Gherkin needs a plain space: write '\(spacing.shown)'"
            } ?? "'\(spacing.keyword)' needs a space after it: write '\(spacing.shown)'"
        case .fullWidthColon(let keyword): "the colon after '\(keyword)' is the full-width '：'; write '\(keyword):'"
        case .colonMissing(let keyword): "a keyword line needs a colon: write '\(keyword):'"
        case .colonMissingWrite(let keyword, let write): "'\(keyword)' needs a colon: write '\(write)'"
        case .languageUndeclared(let shown, let code, let others, let header):
            "'\(shown)' is a keyword in \(Self.name(of: code))\(others > 0 ? " (and in \(others) other languages)" : ""),"
                + " and \(header.map(headerProblem) ?? "this file has no '# language:' line"): a file written in"
                + " \(Self.name(of: code)) starts with the line '# language: \(code)'"
        case .foreignKeyword(let shown, let code, let fileLanguage, let declared, let write):
            "'\(shown)' is a keyword in \(Self.name(of: code)), but this file"
                + " is in \(GherkinDialect.named(fileLanguage)?.name ?? fileLanguage)"
                + "\(declared ? " (# language: \(fileLanguage))" : ""):"
                + " write \(write.map { "'\($0)'" }.joined(separator: " or "))"
        case .lengthenedScenario(let word, let prefix, let scenario, let outline):
            "'\(word)' is no keyword (it starts with '\(prefix)'): write '\(scenario):' for a scenario,"
                + " '\(outline):' for one with Examples"
        case .lengthenedExamples(let word, let prefix):
            "'\(word)' is no keyword (it starts with '\(prefix)'): write '\(prefix):' for an Examples table"
        case .fullWidthTableBar: "the table's bars are the full-width '｜'; write '|'"
        case .rowWithoutFirstBar(let text): "a table row starts with '|' as well: write '| \(text)'"
        case .misplacedBackground:
            "a Background has no tags and stands once, before the first Scenario of its Feature or Rule"
        case .secondFeature(let feature): "a file holds one '\(feature):': put this one in a file of its own"
        case .featureFirst(let feature):
            "a feature file starts with a '\(feature):' line, and its scenarios come under it"
        case .tagsAboveStep(let line, let feature, let scenario, let examples):
            "the tags on line \(line) stand above a step: tags go on the line above '\(feature):',"
                + " '\(scenario):' or '\(examples):'"
        case .docStringOnStepLine(let line, let delimiter):
            "line \(line) ends with '\(delimiter)', which opens a doc string only on a line of its own: put it on the"
                + " line below the step"
        case .notKeyword(let word, let write): "'\(word)' is no keyword: write '\(write)'"
        case .stepWithoutKeyword(let write, let orComment):
            "a step starts with a keyword: write '\(write)'\(orComment ? ", or put '#' in front of a comment" : "")"
        case .keywordAlone: RunnerWording.english.keywordAlone
        case .tagWithoutAt(let write): "a tag starts with '@': write '\(write)'"
        case .tagWithSpace(let written, let one, let many):
            "'\(written)' has a space: write '\(one)' for one tag, or '\(many)' for several"
        case .proseStartsWithTag(let write):
            "a line that starts with '@' is a line of tags: a description line starts otherwise ('\(write)')"
        case .keywordAfterTags(let tags, let line):
            "the tags go on a line of their own, above the keyword: write '\(tags)', and '\(line)' on the next line"
        case .languageMeant(let code, let name):
            "did you mean '\(code)'? A file written in \(name) starts with '# language: \(code)'"
        case .languageCodes: "the codes are Gherkin's, such as 'en' and 'ja'"
        case .raggedRow(let cells, let first):
            "this row has \(cells.count) \(cells.count == 1 ? "cell" : "cells")"
                + (cells.isEmpty ? "" : " (\(cells.joined(separator: " | ")))")
                + ", the table's first row has \(first.count) (\(first.joined(separator: " | ")))"
        case .rowUnended(let after):
            "the row does not end with '|': '\(after)' after its last '|' is not read as a cell"
        case .firstRowUnended(let line, let after):
            "the table's first row (line \(line)) does not end with '|': '\(after)' after its last '|' is not"
                + " read as a cell"
        }
    }

    /// How a column close to an unknown placeholder is meant.
    private static func column(_ column: String, for name: String) -> String {
        column == "<\(name)>"
            ? "; a header names its column without '<' and '>': write '\(name)'"
            : "; the column '\(column)' is close: write the same name in the step and the header"
    }

    /// What a full-width sign's half-width one starts.
    private static let starts: [Character: String] = ["@": "a tag", "#": "a comment", "*": "a step"]

    private static let spaces: [Character: String] = [
        "\t": "a tab", "\u{A0}": "a non-breaking space (U+00A0)", "\u{3000}": "a full-width space (U+3000)",
        ":": "a colon", "：": "a full-width colon",
    ]

    /// A language's name, English for a code Gherkin does not know.
    private static func name(of code: String) -> String {
        GherkinDialect.named(code)?.name ?? GherkinDialect.english.name
    }

    /// Said instead of "this file has no '# language:' line" when it has one Gherkin did not take.
    func headerProblem(_ problem: LanguageHeader.Problem) -> String {
        switch problem {
        case .unknown(let line, let written, _):
            "this file's '# language: \(written)' (line \(line)) names no language Gherkin knows"
        case .notLowerCase(let line, let written, _):
            "this file's '\(written)' (line \(line)) is only a comment to Gherkin, which reads"
                + " '# language:' in lower case"
        case .late(let line, _):
            "this file's '# language:' line comes too late (line \(line)): it must stand above the first keyword line"
        case .fullWidthColon(let line, _):
            "this file's '# language：' (line \(line)) has the full-width colon '：', and Gherkin reads"
                + " '# language:' with the half-width ':' only"
        case .misspelt(let line, let written, _):
            "this file's '\(written)' (line \(line)) is only a comment to Gherkin: 'language' is misspelt"
        case .fullWidthSign(let line, _):
            "this file's '＃ language:' (line \(line)) starts with the full-width '＃', and Gherkin reads"
                + " '# language:' with the half-width '#' only"
        }
    }

    func reading(_ reading: Diagnostic.Reading) -> String {
        switch reading {
        case .noTags: "this line is read as description text, so no scenario has these tags"
        case .notStep: "this line is read as description text, not as a step"
        case .notKeywordLine: "this line is read as description text, not as a keyword line"
        case .description: "this line is read as description text"
        case .scenarioAbove:
            "this line is read as description text of the scenario above, and the steps below it as that scenario's"
        }
    }

    func description(_ hint: String, _ reading: String) -> String { "\(hint): \(reading)" }

    func lostScenario(_ hint: String, losesRule: Bool, losesBackground: Bool) -> String {
        if losesRule {
            return "\(hint) (Gherkin reads this line as description text, so the Rule is lost: the Background and"
                + " scenarios below it belong to the Feature)"
        }
        return "\(hint) (Gherkin reads this line and the steps below it as description text, so "
            + (losesBackground ? "no scenario runs these steps first)" : "the scenario never runs)")
    }

    func warning(_ warning: Diagnostic.Warning) -> String {
        switch warning {
        case .strayStep(let text, let inRule, let background, let scenario):
            "'\(text)' is a step, but it stands before the \(inRule ? "Rule" : "Feature")'s first"
                + " scenario: it is read as description text and never runs (steps for every scenario go"
                + " under '\(background):'; a scenario starts with '\(scenario):')"
        case .unknownPlaceholder(let name, let examples, let line, let columns, let closest):
            "<\(name)> is not a column of the '\(examples)' table at line \(line)"
                + " (its columns: \(columns.joined(separator: ", "))\(closest.map { Self.column($0, for: name) } ?? "")):"
                + " each of its rows fails at this step rather than run it with '<\(name)>' as written"
        case .fullWidthPlaceholder(let written, let name):
            "'\(written)' has full-width brackets: a column fills only '<\(name)>', written with the half-width '<' and '>'"
        case .emptyExamples(let keyword, let hasHeader, let neverRuns):
            "'\(keyword):' has \(hasHeader ? "a header row but no rows under it" : "no table under it"): "
                + (neverRuns.map { "the scenario at line \($0) has no row to run, so it never runs" }
                    ?? "it adds nothing to run")
        case .duplicateColumn(let name, let examples, let first, let second):
            "the '\(examples)' table has two columns named '\(name)' (columns \(first) and \(second)): <\(name)>"
                + " takes column \(first)'s value, and column \(second) is never used; rename one"
        case .outlineWithoutExamples(let keyword, let placeholder, let examples):
            "'\(keyword)' has <\(placeholder)> in its steps but no '\(examples):' table:"
                + " it runs once, with '<\(placeholder)>' as written"
        case .noFeature: "the file has no Feature (it is empty or holds only comments): nothing in it runs"
        case .noScenario(let keyword): "'\(keyword):' has no scenario: nothing in the file runs"
        case .stepless(let keyword, let name): "'\(keyword):\(name)' has no steps: it passes without checking anything"
        case .tagWithComma(let written, let meant, let write):
            "Gherkin separates tags with spaces, not commas: '\(written)' is a tag of its own, which --tags \(meant)"
                + " does not select; write '\(write)'"
        case .examplesAsScenario(let written, let examples):
            "'\(written):' starts a scenario of its own, with no steps: the outline above gets its table under"
                + " '\(examples):'"
        case .rowUnended(let after): hint(.rowUnended(after: after))
        }
    }

    func lostLineNote(_ finding: KeywordTypoCheck.Finding) -> String {
        let read = "Gherkin reads this line as description text"
        return switch finding.hint {
        case .misspelt: "\(hint(finding.hint)): \(read), so it does not run as a step"
        case .colonMissingWrite:
            "\(hint(finding.hint)). \(read) of the scenario above, and the steps below it as that scenario's"
        // A tag typed `＠重要` is no step: it is told as the other lines are.
        case .fullWidthSign(let sign) where sign.halfWidth != "@":
            "\(hint(finding.hint)). \(read), so it does not run as a step"
        default: "\(hint(finding.hint)): \(read), so it does not run as written"
        }
    }
}

/// The runner's words around steps and scenarios in English (`RunnerWording`).
extension RunnerWording {
    static let english = RunnerWording(
        advice: EnglishAdvice(),
        didYouMean: "Did you mean:",
        snippetHeading: "If it is a new step, a developer adds it to the step library:",
        snippetsOption:
            "If a step is a new one, a developer adds it to the step library: spec-run --snippets prints its code.",
        inScenarios: { "in \($0) scenarios:" },
        endOfScenario: "at the end of the scenario",
        misfit: nil,
        finalStop: { "without the final '\($0)' it is the step above: steps end without a full stop" },
        finalColon: { "without the final '\($0)' it is the step above" },
        colonAtEnd: "with a ':' at its end it is the step above",
        trailingComment: {
            "without '\($0)' it is the step above: Gherkin has no comments at the end of a line, so it is part of"
                + " the step; put the comment on a line of its own"
        },
        fullWidthDigits: { "'\($0)' is written in full-width digits: with '\($1)' it is the step above" },
        fullWidthLetters: { "'\($0)' is written in full-width letters: with '\($1)' it is the step above" },
        spaceBetween: { "without the space in '\($0)' it is the step above: Japanese has no spaces between words" },
        wordBefore: { "without '\($0)' before it, it is the step above: the step follows its keyword directly" },
        libraryWord: { "the step says '\($1)' where this one has '\($0)': with it, it is the step above" },
        invisible: {
            "the step holds an invisible character, \($0) (shown as \\u{…} above): without it, it is the step"
                + " above; delete it (a paste may have brought it along)"
        },
        oddSpace: {
            "the step holds \($0) (\($1)) where a plain space goes (a chat tool may have pasted it): with a plain"
                + " space it is the step above; retype the spaces"
        },
        curlyQuotes:
            "the step's quotes are typographic (“…” or ‘…’, as a word processor types them): with straight quotes"
            + " (\"…\") it is the step above",
        keywordAlone: "the line holds its keyword alone: write the step after it",
        emptyPlaceholder: { "\($0) is empty in this row of the Examples table, so the step has no value there" },
        keywordStartsProse: {
            "the line starts with the keyword '\($0)', so Gherkin reads it as a step: a line of prose there is written"
                + " as a comment (# …)"
        },
        intWithComma: { "\"\($0)\" is not a {int}: write it without the comma, \($1) (a {yen} amount may have one)" },
        minusAfterYen: { "\"\($0)\" is not a {yen}: the minus goes before the ¥, \($1)" },
        notAMinus: { "\"\($0)\" is not a {yen}: '\($1)' is no minus sign; write the half-width '-', \($2)" },
        unclosedQuote: { "the '\($1)' before \($0.dropFirst()) is never closed: write \($2)" },
        leftOver: { "\"\($0)\" is more than a {string}: '\($1)' has no place in this step" },
        extraSpace: nil,
        undefinedStep: { "Undefined step: \($0)" },
        ambiguousStep: { "Ambiguous step: \($0)" },
        matchingDefinitions: "matches:",
        reportUndefined: { text, more, lost in
            (lost ? "not read as a step: " : "undefined step: ") + text + (more > 0 ? " (and \(more) more)" : "")
        },
        reportAmbiguous: { "ambiguous step: \($0)" },
        addLanguageLine: "Add the line # language: ja",
        asciiSigns: { "Write the full-width signs of line \($0) in ASCII" },
        takeSuggested: { "Take the suggested step: \($0)" },
        statusNames: [:],
        displayCaption: "the customer display as this step judged it",
        example: "Example",
        usualKeywords: ["Feature", "Background", "Scenario", "Examples", "And "])
}

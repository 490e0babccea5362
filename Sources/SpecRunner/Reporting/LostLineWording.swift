/// What the undefined-step block says of a description line that was meant as a step or
/// a keyword line (`RunPlanner.lostSteps`), in the feature's language.
enum LostLineWording {
    static func note(for finding: KeywordTypoCheck.Finding, language: String) -> String {
        let japanese = language == "ja"
        switch finding.kind {
        case .misspelt(let word, let keyword):
            return japanese
                ? "「\(word)」はキーワード「\(keyword)」の書き間違いのようです。この行は説明文として読まれ、ステップとして実行されません"
                : "'\(word)' looks like the keyword '\(keyword)' misspelt: Gherkin reads this line as description"
                    + " text, so it does not run as a step"
        case .missingColon(let keyword, let write):
            return japanese
                ? "「\(keyword)」の後にコロンが必要です（「\(write)」と書きます）。この行は上のシナリオの説明文として読まれ、下のステップはそのシナリオのものになります"
                : "'\(keyword)' needs a colon: write '\(write)'. Gherkin reads this line as description text of the"
                    + " scenario above, and the steps below it as that scenario's"
        case .fullWidth(let sign):
            return japanese
                ? "「\(sign.fullWidth)」は全角です。ステップの記号は半角の「\(sign.halfWidth)」です（「\(sign.write)」と書きます）。この行は説明文として読まれ、ステップとして実行されません"
                : "\(sign.advice). Gherkin reads this line as description text, so it does not run as a step"
        case .foreignKeyword(let shown, let language, let write) where japanese:
            let name = language == "English" ? "英語" : language
            let words = write.map { "「\($0)」" }.joined(separator: "か")
            return "「\(shown)」は\(name)のキーワードです。このファイルは日本語（# language: ja）なので\(words)と書きます。"
                + "この行は説明文として読まれ、ステップとして実行されません"
        case .foreignKeyword:
            return "\(finding.advice): Gherkin reads this line as description text, so it does not run as written"
        case .other:
            return japanese
                ? "\(finding.advice)。この行は説明文として読まれ、書いたとおりには実行されません"
                : "\(finding.advice): Gherkin reads this line as description text, so it does not run as written"
        }
    }
}

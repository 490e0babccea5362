// Part of the interface between the runner and step libraries (docs/architecture.md).

/// The words QA write for a step library's own, which "did you mean" reads as the
/// library's: English words (`reserve` for `book`), and Japanese phrases, which have no
/// spaces to find words by (`顧客ディスプレイ` for `カスタマーディスプレイ`). A step library
/// hands them to the runner in its `StepRegistry`; the runner has none of its own.
public struct StepSynonyms: Sendable {
    /// English words for the library's (`reserve` → `book`), read as the library's word
    /// when no definition has the word written.
    public var words: [String: String]
    /// Words the library has, but says otherwise in the steps QA most likely meant
    /// (`reservation` → `booking`): the text is also read with them replaced.
    public var alternatives: [String: String]
    /// Japanese phrases for the library's, the longer first where one begins another.
    public var phrases: [(written: String, library: String)]
    /// How a step may open without the words the library's steps open with (`画面に` for
    /// `カスタマーディスプレイに`).
    public var openings: [(written: String, library: String)]
    /// The opening QA leave out of a Japanese check altogether (`合計¥600が表示される` for
    /// `カスタマーディスプレイに合計¥600が表示される`): a text that opens with none of
    /// `libraryPhrases` and has a value of the library's types is also read with it in front.
    public var leftOutOpening: String
    /// The library's own phrases that contain a phrase of `phrases` (`カスタマーディスプレイ`):
    /// left as written.
    public var libraryPhrases: [String]

    public init(
        words: [String: String] = [:], alternatives: [String: String] = [:],
        phrases: [(written: String, library: String)] = [], openings: [(written: String, library: String)] = [],
        leftOutOpening: String = "", libraryPhrases: [String] = []
    ) {
        self.words = words
        self.alternatives = alternatives
        self.phrases = phrases
        self.openings = openings
        self.leftOutOpening = leftOutOpening
        self.libraryPhrases = libraryPhrases
    }
}

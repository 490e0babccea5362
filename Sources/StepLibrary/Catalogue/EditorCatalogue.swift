import Wire

/// The step catalogue as an editor offers it (`spec-run lsp`): the steps of a language
/// with their examples, the values the library's parameter types take, and the rejection
/// codes with their meanings. The same entries `spec-run steps` prints.
public enum EditorCatalogue {
    public struct Code: Sendable, Equatable {
        public var code: String
        public var meaning: String
    }

    /// The steps of `language` (`en` or `ja`; any other is English), in catalogue order.
    public static func steps(_ language: String) -> [CatalogueEntry] {
        QAStepLibrary.catalogue(StepLanguage(rawValue: language) ?? .en)
    }

    /// Every code the built-in simulator rejects with, with its meaning in `language`.
    public static func rejectionCodes(_ language: String) -> [Code] {
        RejectionCodeGloss.areas.flatMap(\.entries).map {
            Code(code: $0.code, meaning: language == "ja" ? $0.japanese : $0.english)
        }
    }

    /// The words a parameter type takes in `language`, by the type's name (`screen`,
    /// `field`, `method`); nil for a type without a fixed list.
    public static func values(of parameter: String, _ language: String) -> [String]? {
        let japanese = language == "ja"
        switch parameter {
        case "screen": return DisplayScreen.allCases.map { japanese ? $0.japaneseName : $0.rawValue }
        case "field": return DisplayField.allCases.map { japanese ? $0.japaneseName : $0.rawValue }
        case "method": return PaymentMethod.allCases.map { $0.written(japanese ? .ja : .en) }
        default: return nil
        }
    }
}

import CucumberExpressions

/// A parameter type's error that can also say itself in Japanese: a Japanese feature's
/// argument that cannot be converted (`10:60`) is then told in Japanese, like the step
/// library's other failures (docs/steps.md, "Failure messages").
public protocol ConversionFailure: Error, CustomStringConvertible {
    /// The message in Japanese (`「10:60」は時刻ではありません（…）`).
    var japanese: String { get }
}

extension StepFailure {
    /// A value the step's parameter type cannot read. A `ConversionFailure` names the value
    /// and says why (`"10:60" is not a time of day (…)`), in the feature's `language` where
    /// it can; any other error is told after the value as written.
    package static func conversion(position: Int, text: String?, error: any Error, language: String) -> StepFailure {
        if let failure = error as? any ConversionFailure {
            return StepFailure(.error, language == "ja" ? failure.japanese : failure.description)
        }
        if language != "ja", let failure = error as? CucumberExpressionError {
            // The built-in types' errors name the value already.
            return StepFailure(.error, failure.message)
        }
        if language == "ja" {
            return StepFailure(.error, "\(position + 1)番目の値「\(text ?? "")」を読めません: \(error)")
        }
        return StepFailure(.error, "the step's value #\(position + 1), \"\(text ?? "")\", cannot be read: \(error)")
    }
}

/// A parameter type's error that can also say itself in Japanese: a Japanese feature's
/// argument that cannot be converted (`10:60`) is then told in Japanese, like the step
/// library's other failures (docs/steps.md, "Failure messages").
public protocol ConversionFailure: Error, CustomStringConvertible {
    /// The message in Japanese (`「10:60」は時刻ではありません（…）`).
    var japanese: String { get }
}

extension StepFailure {
    /// `argument #3 (10:60) cannot be converted: …`, in the feature's `language` where the
    /// error can say itself in it.
    static func conversion(position: Int, text: String?, error: any Error, language: String) -> StepFailure {
        if language == "ja", let failure = error as? any ConversionFailure {
            return StepFailure(.error, "\(position + 1)番目の値「\(text ?? "")」を読めません: \(failure.japanese)")
        }
        return StepFailure(.error, "argument #\(position + 1) (\(text ?? "absent")) cannot be converted: \(error)")
    }
}

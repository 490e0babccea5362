import Foundation
import Synchronization

/// A precompiled ICU regular expression that must match a step text as a whole.
///
/// `NSRegularExpression` is immutable after initialisation and Foundation declares it
/// `Sendable` on Linux too: each match checks out the shared ICU matcher with an atomic
/// compare-and-swap and clones it when another thread holds it, so one instance can serve
/// several threads at once (`--jobs`) without a lock of ours.
struct CompiledRegex: Sendable {
    /// The pattern as compiled.
    let pattern: String
    private let storage: Storage

    /// The ICU regex, made at once or on first use.
    private final class Storage: Sendable {
        let regex: Mutex<NSRegularExpression?>

        init(_ regex: NSRegularExpression?) {
            self.regex = Mutex(regex)
        }
    }

    /// Compiles `pattern`; an error names `written`, the pattern as its author wrote it.
    init(pattern: String, written: String? = nil) throws(CucumberExpressionError) {
        self.pattern = pattern
        do {
            storage = Storage(try NSRegularExpression(pattern: pattern))
        } catch {
            // ICU's reason (unbalanced parenthesis, bad escape…) is not carried over on Linux.
            throw CucumberExpressionError(
                message: "The regular expression /\(written ?? pattern)/ is not valid (ICU syntax expected)")
        }
    }

    /// A pattern known to be valid, compiled when it is first matched: a step library
    /// defines a hundred expressions or more, and a run usually tries only some of them
    /// (compiling them all was most of a small run's start-up).
    init(deferring pattern: String) {
        self.pattern = pattern
        storage = Storage(nil)
    }

    private var regex: NSRegularExpression? {
        storage.regex.withLock { regex in
            if regex == nil { regex = try? NSRegularExpression(pattern: pattern) }
            return regex
        }
    }

    /// The number of capturing groups.
    var groupCount: Int { regex?.numberOfCaptureGroups ?? 0 }

    /// The ranges of groups 0 (the whole text) to `groupCount` (nil for a group that took
    /// no part), when the pattern matches all of `text`; else nil.
    func wholeMatch(_ text: String) -> [Range<String.Index>?]? {
        let length = text.utf16.count
        guard
            let result = regex?.firstMatch(
                in: text, options: [.anchored], range: NSRange(location: 0, length: length)),
            result.range.location == 0, result.range.length == length
        else { return nil }
        return (0..<result.numberOfRanges).map { Range(result.range(at: $0), in: text) }
    }
}

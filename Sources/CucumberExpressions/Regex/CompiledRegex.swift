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
        wholeMatchPositions(text)?.ranges
    }

    /// `wholeMatch`, with where each group starts in Unicode scalars (nil for a group
    /// that took no part).
    func wholeMatchPositions(_ text: String) -> (ranges: [Range<String.Index>?], scalarStarts: [Int?])? {
        let length = text.utf16.count
        guard
            let result = regex?.firstMatch(
                in: text, options: [.anchored], range: NSRange(location: 0, length: length)),
            result.range.location == 0, result.range.length == length
        else { return nil }
        return UTF16Positions.resolve((0..<result.numberOfRanges).map { result.range(at: $0) }, in: text)
    }
}

/// ICU's matches come as UTF-16 offsets. `Range(_:in:)` walks the text from its start for
/// each bound of each group (about 800 instructions a bound for a short text with `¥` or
/// Japanese in it); this walks it once for all of them.
enum UTF16Positions {
    static func resolve(_ ranges: [NSRange], in text: String) -> (ranges: [Range<String.Index>?], scalarStarts: [Int?])
    {
        var offsets: [Int] = []
        offsets.reserveCapacity(ranges.count * 2)
        for range in ranges where range.location != NSNotFound {
            offsets.append(range.location)
            offsets.append(range.location + range.length)
        }
        offsets.sort()
        // Each wanted offset, the UTF-8 offset and the scalar count found there (none for
        // an offset inside a surrogate pair or past the end, which a match on valid text
        // never gives). The bytes are read in place: a lead byte starts a scalar, one of
        // four bytes a scalar that takes two UTF-16 units.
        var found: [(offset: Int, utf8: Int, scalars: Int)] = []
        found.reserveCapacity(offsets.count)
        var walkable = text
        walkable.withUTF8 { bytes in
            var next = 0
            var utf16Offset = 0
            var scalarOffset = 0
            var byteOffset = 0
            while next < offsets.count {
                while next < offsets.count, offsets[next] == utf16Offset {
                    found.append((utf16Offset, byteOffset, scalarOffset))
                    next += 1
                }
                guard next < offsets.count, byteOffset < bytes.count else { break }
                let lead = bytes[byteOffset]
                let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                utf16Offset += width == 4 ? 2 : 1
                scalarOffset += 1
                byteOffset += width
            }
        }
        let utf8 = text.utf8
        func lookup(_ offset: Int) -> (index: String.Index, scalars: Int)? {
            found.first { $0.offset == offset }.map { (utf8.index(utf8.startIndex, offsetBy: $0.utf8), $0.scalars) }
        }
        var resolved: [Range<String.Index>?] = []
        var starts: [Int?] = []
        resolved.reserveCapacity(ranges.count)
        starts.reserveCapacity(ranges.count)
        for range in ranges {
            guard range.location != NSNotFound, let lower = lookup(range.location),
                let upper = lookup(range.location + range.length)
            else {
                resolved.append(nil)
                starts.append(nil)
                continue
            }
            resolved.append(lower.index..<upper.index)
            starts.append(lower.scalars)
        }
        return (resolved, starts)
    }
}

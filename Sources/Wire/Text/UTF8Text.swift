import Glibc

/// A text hashed and compared by its UTF-8 bytes: a step text as the matcher's cache key,
/// an attachment body or a display snapshot against the one before it. `String` hashes
/// and compares its Unicode normal form, which for texts with `¥` or Japanese costs more
/// than the match or the work it saves; texts that differ only in normal form are told
/// apart, as the regular expressions would treat them anyway.
public struct UTF8Text: Hashable, Sendable {
    public let text: String

    public init(_ text: String) { self.text = text }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public static func == (left: UTF8Text, right: UTF8Text) -> Bool {
        var (left, right) = (left.text, right.text)
        // Compared with `memcmp`: `UTF8View.elementsEqual` walks both strings an index at a
        // time, about 30 instructions a byte, and every cache hit compares once.
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                guard leftBytes.count == rightBytes.count else { return false }
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else {
                    return true
                }
                return memcmp(leftStart, rightStart, leftBytes.count) == 0
            }
        }
    }
}

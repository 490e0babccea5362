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
        guard left.text.utf8.count == right.text.utf8.count else { return false }
        // Compared with `memcmp`: `UTF8View.elementsEqual` walks both strings an index at a
        // time, about 30 instructions a byte, and every cache hit compares once.
        let equal = left.text.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.text.utf8.withContiguousStorageIfAvailable { rightBytes in
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else {
                    return leftBytes.isEmpty && rightBytes.isEmpty
                }
                return memcmp(leftStart, rightStart, leftBytes.count) == 0
            }
        }
        return (equal ?? nil) ?? left.text.utf8.elementsEqual(right.text.utf8)
    }
}

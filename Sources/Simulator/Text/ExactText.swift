/// Names and ids are compared code point for code point (docs/domain-decisions.md):
/// domain.md orders ids "by code point", and a name is what was typed. Swift's `==` on
/// `String` treats canonically equivalent text as equal (`é` as one code point and `e` +
/// U+0301), which would make two different ids one.
extension String {
    /// The same code points, in the same order.
    @inlinable
    public func hasSameCodePoints(as other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }
}

/// A `String` as a set member or dictionary key, equal to another only with the same code
/// points (`Set<String>` would merge canonically equivalent spellings).
public struct ExactText: Hashable, Sendable, ExpressibleByStringLiteral {
    public let text: String

    public init(_ text: String) { self.text = text }

    public init(stringLiteral text: String) { self.text = text }

    public static func == (left: ExactText, right: ExactText) -> Bool { left.text.hasSameCodePoints(as: right.text) }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

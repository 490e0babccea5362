import Foundation

/// The value of a `{string}` match: the text between the quotes, unescaped.
enum QuotedString {
    /// `groups` are the `{string}` regexp's six groups: the content and the last escaped
    /// part for double quotes, then for single quotes, then for corner quotes.
    static func value(groups: [String?]) -> any Sendable {
        func group(_ index: Int) -> String? { index < groups.count ? groups[index] : nil }
        if let content = group(0) ?? group(2) {
            // As the reference: `\"` and `\'` lose their backslash, whichever quotes were used.
            return unescapeQuotes(content)
        }
        if let content = group(4) {
            guard content.utf8.contains(UInt8(ascii: "\\")) else { return content }
            return unescapeQuotes(content).replacingOccurrences(of: "\\」", with: "」")
        }
        return String?.none as any Sendable
    }

    private static func unescapeQuotes(_ text: String) -> String {
        // Most values have no backslash at all: nothing to look for then.
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        return text.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\'", with: "'")
    }
}

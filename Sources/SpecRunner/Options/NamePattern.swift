import Foundation

/// `--name REGEX`: matches a scenario whose name contains a match, as Cucumber does.
public struct NamePattern: Sendable {
    private let regex: NSRegularExpression

    public init?(_ pattern: String) {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        self.regex = regex
    }

    public static func isValid(_ pattern: String) -> Bool { NamePattern(pattern) != nil }

    public func matches(_ name: String) -> Bool {
        regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }
}

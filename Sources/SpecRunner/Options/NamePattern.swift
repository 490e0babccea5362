import Foundation

/// `--name REGEX`: matches a scenario whose name contains a match, as Cucumber does.
struct NamePattern: Sendable {
    private let regex: NSRegularExpression

    /// `ignoringCase`: letter case aside (only to explain a pattern that matched nothing).
    init?(_ pattern: String, ignoringCase: Bool = false) {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: ignoringCase ? [.caseInsensitive] : [])
        else { return nil }
        self.regex = regex
    }

    func matches(_ name: String) -> Bool {
        regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }
}

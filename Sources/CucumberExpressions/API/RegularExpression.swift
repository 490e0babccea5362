// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// `^I have (\d+) cukes$`, with groups typed by parameter types that claim the group.
///
/// Each top-level capturing group is one argument. A group whose source equals a
/// parameter type's regexp is converted by that type (the preferential one when several
/// share it: `(-?\d+)` → `{int}`), which receives the groups nested in it; any other
/// group is anonymous (type name ``) and gives its text as a `String`. The pattern must
/// match the whole step text, as if written `^(?:…)$`.
public struct RegularExpression: StepExpression {
    public let source: String
    private let regex: CompiledRegex
    private let slots: [Slot]

    /// One top-level group and how its value is made.
    private struct Slot: Sendable {
        let groupNumber: Int
        let innerGroupNumbers: [Int]
        let innerGroups: [CaptureGroup]
        let type: ParameterType
    }

    public init(_ pattern: String, registry: ParameterTypeRegistry) throws {
        self.source = pattern
        // `\z`, not `$`: `$` also matches before a final line break.
        regex = try CompiledRegex(pattern: "^(?:" + pattern + ")\\z", written: pattern)
        var slots: [Slot] = []
        for group in CaptureGroup.topLevelGroups(of: pattern) {
            if let type = try registry.parameterType(forRegexp: group.source, in: pattern) {
                slots.append(
                    Slot(
                        groupNumber: group.number, innerGroupNumbers: group.descendantNumbers,
                        innerGroups: group.children, type: type))
            } else {
                slots.append(
                    Slot(
                        groupNumber: group.number, innerGroupNumbers: [], innerGroups: group.children,
                        type: Self.anonymousText))
            }
        }
        self.slots = slots
    }

    public func match(_ text: String) -> [ExpressionArgument]? {
        guard let positions = regex.wholeMatchPositions(text) else { return nil }
        let match = GroupMatch(text: text, ranges: positions.ranges, scalarStarts: positions.scalarStarts)
        return slots.map {
            match.argument(
                group: $0.groupNumber, innerGroupNumbers: $0.innerGroupNumbers, innerGroups: $0.innerGroups,
                type: $0.type)
        }
    }

    /// The type of a group no parameter type claims: its text as it is.
    private static let anonymousText = ParameterType(
        name: "", regexps: [".*"], useForSnippets: false, preferForRegexpMatch: false,
        transform: { PlainText.value($0.first ?? nil) })
}

/// `Feature:` with its children in file order.
public struct Feature: Hashable, Sendable {
    public var location: Location
    public var tags: [Tag]
    public var language: String
    public var keyword: String
    public var name: String
    public var description: String
    public var children: [FeatureChild]

    public init(
        location: Location, tags: [Tag], language: String, keyword: String, name: String,
        description: String, children: [FeatureChild]
    ) {
        self.location = location
        self.tags = tags
        self.language = language
        self.keyword = keyword
        self.name = name
        self.description = description
        self.children = children
    }
}

/// What a Feature holds: a Rule, a Background or a Scenario (outlines included).
public enum FeatureChild: Hashable, Sendable {
    case rule(Rule)
    case background(Background)
    case scenario(Scenario)
}

/// `Rule:`, which groups scenarios and may have its own Background.
public struct Rule: Hashable, Sendable {
    public var location: Location
    public var tags: [Tag]
    public var keyword: String
    public var name: String
    public var description: String
    public var children: [RuleChild]
    public var id: String

    public init(
        location: Location, tags: [Tag], keyword: String, name: String, description: String,
        children: [RuleChild], id: String
    ) {
        self.location = location
        self.tags = tags
        self.keyword = keyword
        self.name = name
        self.description = description
        self.children = children
        self.id = id
    }
}

/// What a Rule holds.
public enum RuleChild: Hashable, Sendable {
    case background(Background)
    case scenario(Scenario)
}

extension Feature {
    /// Visits the Feature's children in file order: `rule` as each Rule begins, before its
    /// children, then `background` and `scenario` for each Background and Scenario, with
    /// the Rule it is under (nil at the Feature's level).
    public func walk(
        rule: (Rule) -> Void = { _ in }, background: (Background, Rule?) -> Void,
        scenario: (Scenario, Rule?) -> Void
    ) {
        for child in children {
            switch child {
            case .background(let found): background(found, nil)
            case .scenario(let found): scenario(found, nil)
            case .rule(let found):
                rule(found)
                for ruleChild in found.children {
                    switch ruleChild {
                    case .background(let inRule): background(inRule, found)
                    case .scenario(let inRule): scenario(inRule, found)
                    }
                }
            }
        }
    }
}

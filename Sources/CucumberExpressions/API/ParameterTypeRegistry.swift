// Part of the public interface of Cucumber Expressions (docs/architecture.md).

/// The parameter types expressions may use: the built-ins (`int`, `float`, `word`,
/// `string`, the anonymous `{}`, and the other standard ones) plus custom ones.
public struct ParameterTypeRegistry: Sendable {
    public private(set) var types: [String: ParameterType] = [:]
    /// For each regexp, the names of the types that use it, in definition order.
    private var namesByRegexp: [String: [String]] = [:]

    /// A registry holding the built-in parameter types.
    public init() {
        for type in BuiltInParameterTypes.all {
            insert(type)
        }
    }

    /// Adds a custom type; rejects a duplicate name or a name with reserved characters.
    ///
    /// Also rejects a type without regexps, a regexp that does not compile, and a second
    /// type that prefers a regexp another preferential type already has.
    public mutating func define(_ type: ParameterType) throws {
        try validate(type)
        insert(type)
    }

    public func lookup(name: String) -> ParameterType? { types[name] }

    /// All types, preferential ones first, then by name (the reference's order).
    public var sortedTypes: [ParameterType] {
        types.values.sorted(by: ParameterType.precedes)
    }

    /// The types defined beyond the built-ins, in `sortedTypes` order.
    public var customTypes: [ParameterType] {
        let builtIn = Set(BuiltInParameterTypes.all.map(\.name))
        return sortedTypes.filter { !builtIn.contains($0.name) }
    }

    /// The type a regular-expression group whose source is `regexp` converts with: the
    /// only type with that regexp, or the preferential one among several; nil when no
    /// type has it. Several without a preferential one are ambiguous.
    func parameterType(forRegexp regexp: String, in expressionRegexp: String) throws(CucumberExpressionError)
        -> ParameterType?
    {
        let candidates = (namesByRegexp[regexp] ?? []).compactMap { types[$0] }.sorted(by: ParameterType.precedes)
        guard let best = candidates.first else { return nil }
        if candidates.count > 1 && !best.preferForRegexpMatch {
            throw .ambiguousParameterType(regexp: regexp, expressionRegexp: expressionRegexp, candidates: candidates)
        }
        return best
    }

    private func validate(_ type: ParameterType) throws(CucumberExpressionError) {
        if type.name.unicodeScalars.contains(where: { "{}()\\/".unicodeScalars.contains($0) }) {
            throw .illegalParameterTypeName(type.name)
        }
        if types[type.name] != nil {
            throw .duplicateParameterTypeName(type.name)
        }
        if type.regexps.isEmpty {
            throw CucumberExpressionError(message: "The parameter type {\(type.name)} has no regular expression")
        }
        for regexp in type.regexps {
            do {
                _ = try CompiledRegex(pattern: regexp)
            } catch {
                throw CucumberExpressionError(message: "Parameter type {\(type.name)}: \(error.message)")
            }
            guard type.preferForRegexpMatch else { continue }
            let preferential = (namesByRegexp[regexp] ?? []).compactMap { types[$0] }.first(
                where: \.preferForRegexpMatch)
            if let preferential {
                throw .twoPreferentialParameterTypes(regexp: regexp, first: preferential.name, second: type.name)
            }
        }
    }

    private mutating func insert(_ type: ParameterType) {
        types[type.name] = type
        for regexp in type.regexps {
            namesByRegexp[regexp, default: []].append(type.name)
        }
    }
}

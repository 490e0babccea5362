/// The groups of one whole-text match, read as strings and scalar offsets.
struct GroupMatch {
    let text: String
    /// Ranges of groups 0…n, nil for a group that took no part.
    let ranges: [Range<String.Index>?]
    /// Where each group starts in Unicode scalars, when the matcher worked it out already.
    var scalarStarts: [Int?]? = nil

    func group(_ number: Int) -> String? {
        guard number < ranges.count, let range = ranges[number] else { return nil }
        return String(text[range])
    }

    /// Offset of the group in Unicode scalars from the start of the text.
    func start(_ number: Int) -> Int? {
        guard number < ranges.count, let range = ranges[number] else { return nil }
        if let scalarStarts, number < scalarStarts.count { return scalarStarts[number] }
        return text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
    }

    /// An argument for the group `number`, typed by `type`; `innerGroupNumbers` are what
    /// the transform receives (the group itself when there are none), `innerGroups` the
    /// same groups as they nest.
    func argument(
        group number: Int, innerGroupNumbers: [Int], innerGroups: [CaptureGroup], type: ParameterType
    ) -> ExpressionArgument {
        let value = group(number)
        let groups = innerGroupNumbers.isEmpty ? [value] : innerGroupNumbers.map { group($0) }
        return ExpressionArgument(
            text: value, start: start(number), parameterTypeName: type.name, groups: groups,
            children: matched(innerGroups), transform: type.transform)
    }

    /// `groups` as matched, nested as they are.
    private func matched(_ groups: [CaptureGroup]) -> [MatchedGroup] {
        groups.map { MatchedGroup(start: start($0.number), value: group($0.number), children: matched($0.children)) }
    }
}

import Wire

/// Answers as another make of register writes them, all within protocol.md: the register's
/// state with only the members protocol.md requires, the calendar's with only its staff
/// (protocol.md gives the calendar's state no shape), a `layout` with only its rows, a
/// view state with only its kind, content and error, a member of its own in every object,
/// and every whole number written with a decimal point (`120.0`).
enum OtherMake {
    static let registerState: Set<String> = [
        "phase", "lines", "subtotal", "discount", "pointsToUse", "pointsApplied", "total", "paid", "remaining",
        "change", "member", "members", "lastOrder", "orders",
    ]

    static let answerMembers: [String: Set<String>] = [
        "layout": ["rows"], "viewState": ["kind", "hasContent", "error"],
    ]

    static func answer(_ text: String) -> String {
        guard let answer = (try? JSONParser.parse(text))?.objectValue else { return text }
        let trimmed = answer.members.map { member -> (String, JSONValue) in
            guard let object = member.value.objectValue,
                let kept = member.name == "state"
                    ? (object["phase"] != nil ? registerState : ["staff"]) : answerMembers[member.name]
            else { return (member.name, member.value) }
            return (
                member.name,
                .object(JSONObject(object.members.filter { kept.contains($0.name) }.map { ($0.name, $0.value) }))
            )
        }
        return rewritten(.object(JSONObject(trimmed))).serialized
    }

    private static func rewritten(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let text) where !text.contains("."): .number(text + ".0")
        case .array(let items): .array(items.map(rewritten))
        case .object(let object):
            .object(
                JSONObject(object.members.map { ($0.name, rewritten($0.value)) } + [("madeBy", .string("another"))]))
        default: value
        }
    }
}

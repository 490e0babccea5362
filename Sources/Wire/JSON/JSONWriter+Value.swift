extension JSONWriter {
    /// Writes a value: a number as its literal, an object's members in the order held, or,
    /// with `sortingMembers`, in its canonical form (`JSONObject.sortedMembers`: one
    /// member per name, sorted).
    public mutating func value(_ value: JSONValue, sortingMembers: Bool = false) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let literal): raw(literal)
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item, sortingMembers: sortingMembers) }
            endArray()
        case .object(let object):
            beginObject()
            for member in sortingMembers ? object.sortedMembers : object.members {
                key(escaping: member.name)
                self.value(member.value, sortingMembers: sortingMembers)
            }
            endObject()
        }
    }
}

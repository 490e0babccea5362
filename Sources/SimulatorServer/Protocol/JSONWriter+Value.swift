extension JSONWriter {
    /// Writes a parsed value back out (to echo the request's `id` verbatim).
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let literal): raw(literal)
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.sortedMembers {
                key(escaping: member.name)
                self.value(member.value)
            }
            endObject()
        }
    }
}

extension JSONParser {
    /// One member of an object, located in its text but not parsed.
    struct Member: Sendable {
        /// The key's bytes when they are its text (no escapes), else nil.
        var rawKey: Range<Int>?
        /// The key, decoded, when it has escapes.
        var decodedKey: String?
        /// Where the value's JSON text lies.
        var value: Range<Int>

        /// Whether the member is named `key`.
        func isNamed(_ key: String, in bytes: [UInt8]) -> Bool {
            guard let rawKey else { return decodedKey == key }
            guard key.utf8.count == rawKey.count else { return false }
            var index = rawKey.lowerBound
            for byte in key.utf8 {
                guard bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }

        func key(in bytes: [UInt8]) -> String {
            rawKey.map { String(decoding: bytes[$0], as: UTF8.self) } ?? decodedKey ?? ""
        }
    }

    /// The members of the object in `text`, each value as its raw JSON text (not
    /// parsed: strings, numbers, objects and arrays are skipped over by their brackets).
    public static func topLevelMembers(_ text: String) throws(Failure) -> [String: String] {
        let (bytes, members) = try topLevelMemberRanges(text)
        var result: [String: String] = [:]
        for member in members where result[member.key(in: bytes)] == nil {
            result[member.key(in: bytes)] = String(decoding: bytes[member.value], as: UTF8.self)
        }
        return result
    }

    /// The UTF-8 bytes of the object in `text`, and its members in order: nothing is
    /// copied or parsed until asked for.
    ///
    /// A response has a handful of members and a step reads one or two of them, so a list
    /// searched in order is cheaper than a dictionary of their names.
    static func topLevelMemberRanges(_ text: String) throws(Failure) -> (bytes: [UInt8], members: [Member]) {
        var parser = JSONParser(text)
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else {
            throw parser.failure("expected an object")
        }
        parser.index += 1
        var members: [Member] = []
        members.reserveCapacity(4)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "}") {
            return (parser.bytes, members)
        }
        while true {
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                throw parser.failure("expected a key")
            }
            var member = Member(value: 0..<0)
            if let plain = parser.plainStringRange() {
                member.rawKey = plain
                parser.index = plain.upperBound + 1
            } else {
                member.decodedKey = try parser.parseString()
            }
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else {
                throw parser.failure("expected ':'")
            }
            parser.index += 1
            parser.skipWhitespace()
            let start = parser.index
            try parser.skipValue()
            member.value = start..<parser.index
            members.append(member)
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count else { throw parser.failure("unterminated object") }
            if parser.bytes[parser.index] == UInt8(ascii: ",") {
                parser.index += 1
            } else if parser.bytes[parser.index] == UInt8(ascii: "}") {
                return (parser.bytes, members)
            } else {
                throw parser.failure("expected ',' or '}'")
            }
        }
    }
}

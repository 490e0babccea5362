/// The top-level members of a JSON object text, located but not parsed: the fast way to
/// read a response.
///
/// Every response carries the endpoint's whole state, but a step mostly reads `ok` and the
/// error: each value is skipped over by its brackets and parsed (strictly, by
/// `JSONParser`) only when asked for. A response has a handful of members and a step
/// reads one or two of them, so a list searched in order is cheaper than a dictionary.
public struct JSONMembers: Sendable {
    /// One member, located in the text.
    struct Member: Sendable {
        /// The name's bytes when they are its text (no escapes), else nil.
        var rawName: Range<Int>?
        /// The name, decoded, when it has escapes.
        var decodedName: String?
        /// Where the value's JSON text lies.
        var value: Range<Int>

        func isNamed(_ name: String, in bytes: [UInt8]) -> Bool {
            guard let rawName else { return decodedName == name }
            return name.utf8.count == rawName.count && bytes[rawName].elementsEqual(name.utf8)
        }
    }

    /// The text's UTF-8.
    public let bytes: [UInt8]
    private let members: [Member]

    /// Locates the members of the object `text`; throws when it is not an object, or its
    /// members' names or extents are not JSON.
    public init(_ text: String) throws(JSONParser.Failure) {
        let bytes = Array(text.utf8)
        self.bytes = bytes
        members = try bytes.withUnsafeBufferPointer {
            JSONParser.reading($0) { parser throws(JSONParser.Failure) in try parser.locateMembers() }
        }.get()
    }

    /// Where the raw JSON of the member `name` lies (its last value, should the name
    /// repeat, as `JSONObject` reads it).
    public func range(of name: String) -> Range<Int>? {
        members.last { $0.isNamed(name, in: bytes) }?.value
    }

    /// The member `name`, parsed; nil when absent or not JSON.
    public func value(_ name: String) -> JSONValue? {
        range(of: name).flatMap { try? JSONParser.parse(bytes[$0]) }
    }

    /// The member `name` as the text wrote it (`5`, `"5"`, `null`).
    public func text(_ name: String) -> String? {
        range(of: name).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Whether the member `name` is `true`.
    public func isTrue(_ name: String) -> Bool {
        range(of: name).map { bytes[$0].elementsEqual("true".utf8) } ?? false
    }

    /// The member `name` when it is an integer written without fraction or exponent.
    public func integer(_ name: String) -> Int? {
        range(of: name).flatMap { DecimalDigits.integer(bytes[$0]) }
    }
}

extension JSONParser {
    /// The members of the object that starts the text (whitespace first allowed).
    fileprivate mutating func locateMembers() throws(Failure) -> [JSONMembers.Member] {
        skipWhitespace()
        guard current == UInt8(ascii: "{") else { throw failure("expected an object") }
        var members: [JSONMembers.Member] = []
        members.reserveCapacity(4)
        try readItems(closing: UInt8(ascii: "}"), "expected ',' or '}' in an object") { parser throws(Failure) in
            guard parser.current == UInt8(ascii: "\"") else { throw parser.failure("expected a member name in quotes") }
            var member = JSONMembers.Member(value: 0..<0)
            if let plain = parser.plainStringRange() {
                member.rawName = plain
                parser.index = plain.upperBound + 1
            } else {
                member.decodedName = try parser.parseString()
            }
            try parser.expectColon()
            let start = parser.index
            try parser.skipValue()
            member.value = start..<parser.index
            members.append(member)
        }
        return members
    }
}

/// A JSON object's members in the order the text gives them. A name given twice means its
/// last value, as a dictionary built member by member would keep.
///
/// Requests and responses carry a handful of members and are read a few fields each, so
/// a short list searched from the end is cheaper than hashing every name into a dictionary.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    public struct Member: Sendable {
        public var name: String
        public var value: JSONValue
    }

    public private(set) var members: [Member] = []

    public init() {}

    public init(capacity: Int) {
        members.reserveCapacity(capacity)
    }

    /// The members `pairs`, in order.
    public init(_ pairs: [(String, JSONValue)]) {
        members = pairs.map { Member(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    public mutating func append(_ name: String, _ value: JSONValue) {
        members.append(Member(name: name, value: value))
    }

    /// The value of the last member called `name`.
    public subscript(name: String) -> JSONValue? {
        members.last { $0.name == name }?.value
    }

    /// One member per name, sorted by name: a canonical form to write and compare. Like a
    /// dictionary, a repeated name keeps its first spelling and takes its last value.
    public var sortedMembers: [Member] {
        // Hashed, so that an object with many members (hostile input) stays fast.
        Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
            .sorted { $0.key < $1.key }.map { Member(name: $0.key, value: $0.value) }
    }

    /// Equal when their canonical forms are: the order of members and the values a
    /// repeated name overrides do not count.
    public static func == (left: JSONObject, right: JSONObject) -> Bool {
        left.sortedMembers.elementsEqual(right.sortedMembers) { $0.name == $1.name && $0.value == $1.value }
    }
}

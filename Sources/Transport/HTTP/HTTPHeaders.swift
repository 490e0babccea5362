/// The header fields of an HTTP message, in order, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// The first value of `name`, or `nil`.
    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        let lowered = name.lowercased()
        return fields.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    /// The comma-separated tokens of every `name` field, trimmed and lower-cased
    /// (`Connection: keep-alive, Upgrade` → `["keep-alive", "upgrade"]`).
    public func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingSpaces().lowercased() }
            .filter { !$0.isEmpty }
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

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
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// The comma-separated tokens of every `name` field, trimmed and lower-cased
    /// (`Connection: keep-alive, Upgrade` → `["keep-alive", "upgrade"]`).
    public func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingSpaces().lowercased() }
            .filter { !$0.isEmpty }
    }

    /// Whether a `name` field lists `token` (ASCII case-insensitively), as `tokens(name)`
    /// would, without building the list: a handshake asks this four times.
    public func contains(token: String, in name: String) -> Bool {
        for field in fields where Self.sameName(field.name, name) {
            var start = field.value.utf8.startIndex
            let end = field.value.utf8.endIndex
            while start <= end {
                let comma = field.value.utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? end
                let item = field.value.utf8[start..<comma].trimmingSpaceBytes()
                if !item.isEmpty, ASCII.equalIgnoringCase(item, token.utf8) { return true }
                guard comma < end else { break }
                start = field.value.utf8.index(after: comma)
            }
        }
        return false
    }

    /// Field names compare ASCII case-insensitively (RFC 9110 §5.1), with no allocation.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && ASCII.equalIgnoringCase(a.utf8, b.utf8)
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

/// ASCII-only case folding for protocol tokens (header names, `Upgrade`, `Connection`).
enum ASCII {
    static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    static func equalIgnoringCase<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        // In place when both are contiguous (native strings are): a `UTF8View` walked an
        // index at a time costs about 30 instructions a byte, and a handshake compares
        // every header name it looks up.
        let contiguous = a.withContiguousStorageIfAvailable { left in
            b.withContiguousStorageIfAvailable { right in
                guard left.count == right.count else { return false }
                for index in 0..<left.count where lowered(left[index]) != lowered(right[index]) { return false }
                return true
            }
        }
        if let contiguous, let equal = contiguous { return equal }
        return a.elementsEqual(b) { lowered($0) == lowered($1) }
    }
}

extension Collection<UInt8> {
    /// The bytes without leading and trailing spaces and tabs.
    func trimmingSpaceBytes() -> SubSequence {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        var last = first
        var index = first
        while index != endIndex {
            if !isSpace(self[index]) { last = index }
            formIndex(after: &index)
        }
        return self[first...last]
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

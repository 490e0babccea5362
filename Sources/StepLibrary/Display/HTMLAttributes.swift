/// A start tag's attributes in document order; a name written twice reads as its last value.
///
/// A tag has a handful of attributes, so a list searched from the end is cheaper than a
/// dictionary built for every tag of every snapshot.
struct HTMLAttributes: Equatable {
    var pairs: [(name: String, value: String)] = []

    subscript(name: String) -> String? {
        pairs.last { $0.name == name }?.value
    }

    static func == (lhs: HTMLAttributes, rhs: HTMLAttributes) -> Bool {
        var left: [String: String] = [:]
        var right: [String: String] = [:]
        for (name, value) in lhs.pairs { left[name] = value }
        for (name, value) in rhs.pairs { right[name] = value }
        return left == right
    }
}

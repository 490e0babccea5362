import Foundation

/// Compares a run's messages with a sample's `.ndjson` as the kit's consumers do: after
/// normalising what differs by implementation and by moment.
///
/// - ids: every id is replaced by its order of first appearance (objects read with their
///   keys sorted), so two streams with the same references compare equal;
/// - `timestamp` and `duration`: zero;
/// - `meta`: its contents (the implementation, the machine);
/// - `sourceReference`: where the glue is written (TypeScript there, Swift here);
/// - an exception's `type` and `stackTrace` (the language's own);
/// - a suggestion's `snippets` (TypeScript there, Swift here);
/// - a `{string}` argument's third inner alternative, spec-run's `「…」`, which the kit's
///   `{string}` does not have.
enum KitComparison {
    static func normalised(_ ndjson: String) throws -> [String] {
        var ids: [String: String] = [:]
        return try ndjson.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let cleaned = normalise(object, key: nil, ids: &ids)
            let data = try JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
    }

    private static func isIDKey(_ key: String) -> Bool {
        key == "id" || key.hasSuffix("Id") || key.hasSuffix("Ids")
    }

    private static func normalise(_ value: Any, key: String?, ids: inout [String: String]) -> Any {
        if var dictionary = value as? [String: Any] {
            dropCornerQuotes(&dictionary)
            var result: [String: Any] = [:]
            for name in dictionary.keys.sorted() {
                guard let nested = dictionary[name] else { continue }
                switch name {
                case "timestamp", "duration": result[name] = ["seconds": 0, "nanos": 0]
                case "meta", "sourceReference", "snippets": result[name] = [String: Any]()
                case "stackTrace": continue
                case "type" where key == "exception": continue
                default: result[name] = normalise(nested, key: name, ids: &ids)
                }
            }
            return result
        }
        if let array = value as? [Any] { return array.map { normalise($0, key: key, ids: &ids) } }
        if let string = value as? String, let key, isIDKey(key) {
            if let mapped = ids[string] { return mapped }
            let mapped = "id\(ids.count)"
            ids[string] = mapped
            return mapped
        }
        return value
    }

    /// The first difference, for the test's message: the line number and both lines.
    static func firstDifference(_ actual: [String], _ expected: [String]) -> String? {
        for index in 0..<max(actual.count, expected.count) {
            let mine = index < actual.count ? actual[index] : "(nothing)"
            let theirs = index < expected.count ? expected[index] : "(nothing)"
            if mine != theirs { return "line \(index + 1):\n  written:  \(mine)\n  expected: \(theirs)" }
        }
        return nil
    }

    /// A `{string}` argument's group without the children of its `「…」` alternative (the
    /// last of three; the kit's `{string}` has two).
    private static func dropCornerQuotes(_ argument: inout [String: Any]) {
        guard argument["parameterTypeName"] as? String == "string", var group = argument["group"] as? [String: Any],
            let children = group["children"] as? [Any], children.count == 3
        else { return }
        group["children"] = Array(children.prefix(2))
        argument["group"] = group
    }
}

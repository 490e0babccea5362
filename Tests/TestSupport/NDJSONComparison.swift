import Foundation

/// Compares NDJSON output with the reference's expected files, ignoring key order and the
/// `uri` fields (they hold the path the reference tool was run with).
public enum NDJSONComparison {
    /// Each line of `text` re-serialised with sorted keys and without `uri`, for comparison.
    public static func canonicalLines(_ text: String) throws -> [String] {
        try text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            let cleaned = removingURIs(object)
            let data = try JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys, .fragmentsAllowed])
            return String(decoding: data, as: UTF8.self)
        }
    }

    public static func canonicalLines(_ bytes: [UInt8]) throws -> [String] {
        try canonicalLines(String(decoding: bytes, as: UTF8.self))
    }

    private static func removingURIs(_ value: Any) -> Any {
        if let dictionary = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, nested) in dictionary where key != "uri" {
                result[key] = removingURIs(nested)
            }
            return result
        }
        if let array = value as? [Any] {
            return array.map(removingURIs)
        }
        return value
    }
}

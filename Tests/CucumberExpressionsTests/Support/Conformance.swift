import Foundation
import TestSupport

/// The conformance cases of `../shared/testdata/cucumber-expressions`, one JSON file each.
enum Conformance {
    static let root = "testdata/cucumber-expressions"

    /// The file names in a folder such as `cucumber-expression/tokenizer`.
    static func caseNames(_ folder: String) -> [String] {
        SharedTestdata.files(in: "\(root)/\(folder)", suffix: ".json").map(\.lastPathComponent)
    }

    /// The parsed case `name` of `folder`.
    static func load(_ folder: String, _ name: String) throws -> JSONValue {
        let data = try Data(contentsOf: SharedTestdata.url("\(root)/\(folder)/\(name)"))
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }
}

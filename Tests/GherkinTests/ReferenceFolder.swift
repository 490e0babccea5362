import Foundation
import Gherkin
import TestSupport
import Testing

/// A folder laid out like Cucumber's `testdata/`: `good/X.feature` with `.tokens`,
/// `.ast.ndjson`, `.pickles.ndjson`, `.source.ndjson` beside it, and `bad/X.feature` with
/// `.errors.ndjson`. Checks our output against those expected files.
struct ReferenceFolder: Sendable {
    var good: URL
    var bad: URL

    static func featureNames(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".feature") }.sorted()
    }

    func checkTokens(_ name: String) throws {
        let bytes = try read(good, name)
        let expected = try String(contentsOf: good.appendingPathComponent(name + ".tokens"), encoding: .utf8)
        let actual = FeatureFileReader(uri: name, ids: .incrementing()).formattedTokens(bytes)
        #expect(lines(actual) == lines(expected))
    }

    func checkAST(_ name: String) throws {
        let parsed = parseFeatureFile(bytes: try read(good, name), uri: name, ids: .incrementing())
        #expect(parsed.errors.isEmpty, "\(parsed.errors.map(\.message))")
        let output = MessageEncoder.envelopes(for: parsed, includeSource: false, includePickles: false)
        try expectSameMessages(output, good.appendingPathComponent(name + ".ast.ndjson"))
    }

    func checkPickles(_ name: String) throws {
        let parsed = parseFeatureFile(bytes: try read(good, name), uri: name, ids: .incrementing())
        let output = MessageEncoder.envelopes(for: parsed, includeSource: false, includeDocument: false)
        try expectSameMessages(output, good.appendingPathComponent(name + ".pickles.ndjson"))
    }

    func checkSource(_ name: String) throws {
        let bytes = try read(good, name)
        let parsed = parseFeatureFile(bytes: bytes, uri: name, ids: .incrementing())
        let output = MessageEncoder.envelopes(for: parsed, includeDocument: false, includePickles: false)
        var expected = try String(contentsOf: good.appendingPathComponent(name + ".source.ndjson"), encoding: .utf8)
        if !bytes.contains(UInt8(ascii: "\r")) {
            // The shared copy of the `*.crlf.feature` samples lost its CRs in a checkout; the
            // expected source still has them. Real CRLF input is covered by our own fixtures.
            expected = expected.replacingOccurrences(of: "\\r\\n", with: "\\n")
        }
        #expect(try NDJSONComparison.canonicalLines(output) == NDJSONComparison.canonicalLines(expected))
    }

    func checkErrors(_ name: String) throws {
        let parsed = parseFeatureFile(bytes: try read(bad, name), uri: name, ids: .incrementing())
        #expect(parsed.document == nil)
        #expect(parsed.pickles.isEmpty)
        #expect(!parsed.errors.isEmpty)
        let output = MessageEncoder.envelopes(for: parsed, includeSource: false)
        try expectSameMessages(output, bad.appendingPathComponent(name + ".errors.ndjson"))
    }

    private func expectSameMessages(_ output: [UInt8], _ expectedFile: URL) throws {
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        let actualLines = try NDJSONComparison.canonicalLines(output)
        let expectedLines = try NDJSONComparison.canonicalLines(expected)
        #expect(actualLines.count == expectedLines.count)
        for (actual, wanted) in zip(actualLines, expectedLines) {
            #expect(actual == wanted)
        }
    }

    private func read(_ folder: URL, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
}

import Foundation
import TestSupport
import Testing

/// Reads a report back with the independent peers: `xmllint` against the Jenkins schema
/// and Python's `junitparser` (outcome, type, message of each test case).
enum JUnitPeers {
    struct Case: Decodable, Equatable {
        let name: String
        let result: String
        let type: String?
        let message: String?
    }

    static func validate(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        guard Peer.xmllint.shouldRun, Peer.sharedFolder.shouldRun else { return }
        let schema = SharedTestdata.url("schemas/jenkins-junit.xsd").path
        let output = try await Shell.execute("/usr/bin/env", ["xmllint", "--noout", "--schema", schema, path])
        #expect(output.status == 0, "xmllint: \(output.stderr)", sourceLocation: sourceLocation)
    }

    private static let reader = """
        import json, sys
        from junitparser import JUnitXml, TestSuite, Failure, Error, Skipped
        xml = JUnitXml.fromfile(sys.argv[1])
        out = []
        for s in ([xml] if isinstance(xml, TestSuite) else list(xml)):
            for c in s:
                r = c.result[0] if c.result else None
                kind = "failure" if isinstance(r, Failure) else "error" if isinstance(r, Error) else "skipped" if isinstance(r, Skipped) else "passed"
                out.append(dict(name=c.name, result=kind, type=getattr(r, "type", None), message=getattr(r, "message", None)))
        print(json.dumps(out))
        """

    /// Validates the report, then returns its test cases in report order; nil when
    /// `junitparser` is missing locally.
    static func cases(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [Case]? {
        try await validate(path, sourceLocation: sourceLocation)
        guard Peer.junitparser.shouldRun else { return nil }
        let output = try await Shell.execute("/usr/bin/env", ["python3", "-c", reader, path])
        guard output.status == 0 else {
            Issue.record("junitparser could not read \(path): \(output.stderr)")
            return nil
        }
        return try JSONDecoder().decode([Case].self, from: Data(output.stdout.utf8))
    }
}

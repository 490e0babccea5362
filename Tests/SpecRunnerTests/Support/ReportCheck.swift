import Foundation
import TestSupport
import Testing

/// Checks a JUnit report with the independent peers: the Jenkins schema (`xmllint`)
/// and an independent reader (Python's `junitparser`).
enum ReportCheck {
    static let schema = SharedTestdata.url("schemas/jenkins-junit.xsd").path

    /// `xmllint --noout --schema jenkins-junit.xsd`; records an issue when invalid.
    static func validate(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        guard Peer.xmllint.shouldRun, Peer.sharedFolder.shouldRun else { return }
        let output = try await Shell.execute("/usr/bin/env", ["xmllint", "--noout", "--schema", schema, path])
        #expect(output.status == 0, "xmllint: \(output.stderr)", sourceLocation: sourceLocation)
    }

    /// What `junitparser` reads back from a report.
    struct Parsed: Decodable {
        struct Case: Decodable {
            let suite: String
            let name: String
            let classname: String
            let result: String
            let type: String?
            let message: String?
            let text: String?
            let systemOut: String?
        }
        let tests: Int
        let failures: Int
        let errors: Int
        let cases: [Case]

        func named(_ name: String) -> Case? { cases.first { $0.name == name } }
    }

    private static let reader = """
        import json, sys
        from junitparser import JUnitXml, TestSuite, Failure, Error, Skipped
        xml = JUnitXml.fromfile(sys.argv[1])
        suites = [xml] if isinstance(xml, TestSuite) else list(xml)
        cases = []
        for s in suites:
            for c in s:
                r = c.result[0] if c.result else None
                kind = "failure" if isinstance(r, Failure) else "error" if isinstance(r, Error) else "skipped" if isinstance(r, Skipped) else "passed"
                cases.append(dict(suite=s.name, name=c.name, classname=c.classname, result=kind,
                                  type=getattr(r, "type", None) if r is not None else None,
                                  message=getattr(r, "message", None) if r is not None else None,
                                  text=r.text if r is not None else None, systemOut=c.system_out))
        print(json.dumps(dict(tests=xml.tests, failures=xml.failures, errors=xml.errors, cases=cases)))
        """

    /// Validates the report against the schema, then reads it with `junitparser`; nil
    /// when the reader is missing locally. Every report a test reads is thus validated.
    static func read(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Parsed? {
        try await validate(path, sourceLocation: sourceLocation)
        guard Peer.junitparser.shouldRun else { return nil }
        let output = try await Shell.execute("/usr/bin/env", ["python3", "-c", reader, path])
        guard output.status == 0 else {
            Issue.record("junitparser could not read \(path): \(output.stderr)")
            return nil
        }
        return try JSONDecoder().decode(Parsed.self, from: Data(output.stdout.utf8))
    }
}

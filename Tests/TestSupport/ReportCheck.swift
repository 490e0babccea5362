import Foundation
import Synchronization
import Testing

/// Reads a JUnit report for a test's assertions, and checks it on the way.
///
/// The report is read with the project's own reader (`JUnitReport`, the toolchain's
/// FoundationXML), which also checks that its declared counts match its test cases. The
/// independent peers add cross-checks when they are installed: `xmllint` validates it
/// against the Jenkins schema in `../shared/schemas`, and Python's `junitparser` must read
/// the same test cases. A missing peer skips only its cross-check, with the reason
/// printed; under `CI=true` it fails the test (`Peer.crossCheckRuns`). Each report is
/// cross-checked once however often it is read (the peers are child processes, and the
/// suite reads a few hundred reports on two cores).
public enum ReportCheck {
    public static var schema: String { SharedTestdata.url("schemas/jenkins-junit.xsd").path }

    /// Reads the report at `path` and cross-checks it; throws when it cannot be read.
    public static func read(
        _ path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> JUnitReport {
        let report = try JUnitReport(contentsOf: path)
        for problem in report.inconsistencies {
            Issue.record("\(path): \(problem)", sourceLocation: sourceLocation)
        }
        if firstReading(path) {
            try await validateWithSchema(path, sourceLocation: sourceLocation)
            try await compareWithJunitparser(path, report, sourceLocation: sourceLocation)
        }
        return report
    }

    /// Reads and checks the report at `path` (`read`), for a test that asserts nothing more.
    public static func validate(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        _ = try await read(path, sourceLocation: sourceLocation)
    }

    /// The reports already cross-checked, by path, inode, size and modification time.
    private static let crossChecked = Mutex<Set<String>>([])

    /// Whether this is the first reading of the report as it stands at `path`.
    private static func firstReading(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        let key = "\(path) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        return crossChecked.withLock { $0.insert(key).inserted }
    }

    /// The Python interpreter `python3` on `PATH` stands for, asked once (a `python3` that
    /// is a version manager's shim starts several processes before Python).
    private static let interpreter = Mutex<String?>(nil)

    private static func python() async throws -> String {
        if let known = interpreter.withLock({ $0 }) { return known }
        let output = try await Shell.execute("/usr/bin/env", ["python3", "-c", "import sys; print(sys.executable)"])
        let path = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let found = output.status == 0 && !path.isEmpty ? path : "/usr/bin/python3"
        interpreter.withLock { $0 = found }
        return found
    }

    /// `xmllint --noout --schema jenkins-junit.xsd`; records an issue when invalid.
    private static func validateWithSchema(_ path: String, sourceLocation: SourceLocation) async throws {
        let check = "the report's schema check (xmllint --schema ../shared/schemas/jenkins-junit.xsd)"
        guard Peer.xmllint.crossCheckRuns(check, sourceLocation: sourceLocation),
            Peer.sharedFolder.crossCheckRuns(check, sourceLocation: sourceLocation)
        else { return }
        let output = try await Shell.execute("/usr/bin/env", ["xmllint", "--noout", "--schema", schema, path])
        #expect(output.status == 0, "xmllint: \(output.stderr)", sourceLocation: sourceLocation)
    }

    /// What `junitparser` reads back from a report, as our reader's values.
    private struct PeerReading: Decodable {
        let tests: Int
        let failures: Int
        let errors: Int
        let cases: [JUnitReport.Case]
    }

    private static let junitparserScript = """
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
                                  text=(r.text or None) if r is not None else None, systemOut=c.system_out or None))
        print(json.dumps(dict(tests=xml.tests, failures=xml.failures, errors=xml.errors, cases=cases)))
        """

    /// Reads the report with `junitparser` too; records an issue where it reads otherwise.
    private static func compareWithJunitparser(
        _ path: String, _ report: JUnitReport, sourceLocation: SourceLocation
    ) async throws {
        guard
            Peer.junitparser.crossCheckRuns("the report's second reading (junitparser)", sourceLocation: sourceLocation)
        else { return }
        let output = try await Shell.execute(try await python(), ["-c", junitparserScript, path])
        guard output.status == 0 else {
            Issue.record("junitparser could not read \(path): \(output.stderr)", sourceLocation: sourceLocation)
            return
        }
        let peer = try JSONDecoder().decode(PeerReading.self, from: Data(output.stdout.utf8))
        let counts = [peer.tests, peer.failures, peer.errors]
        #expect(
            counts == [report.tests, report.failures, report.errors],
            "junitparser reads counts \(counts) in \(path)", sourceLocation: sourceLocation)
        #expect(
            peer.cases.count == report.cases.count, "junitparser reads \(peer.cases.count) test cases in \(path)",
            sourceLocation: sourceLocation)
        for (ours, theirs) in zip(report.cases, peer.cases) where ours != theirs {
            Issue.record(
                "junitparser reads a test case of \(path) otherwise:\n ours: \(ours)\n junitparser: \(theirs)",
                sourceLocation: sourceLocation)
            return
        }
    }
}

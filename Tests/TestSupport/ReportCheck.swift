import Foundation
import Synchronization
import Testing

/// Reads a JUnit report for a test's assertions, and checks it on the way.
///
/// The report is read with the project's own reader (`JUnitReport`, the toolchain's
/// FoundationXML), which also checks that its declared counts match its test cases. The
/// independent peers add cross-checks when they are installed: `xmllint` validates it
/// against the Jenkins schema in `../shared/schemas`, and Python's `junitparser` and
/// `xunitparser` must read the same test cases. A missing peer skips only its cross-check, with the reason
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

    /// `xmllint --noout --schema jenkins-junit.xsd`; records an issue when invalid.
    private static func validateWithSchema(_ path: String, sourceLocation: SourceLocation) async throws {
        let check = "the report's schema check (xmllint --schema ../shared/schemas/jenkins-junit.xsd)"
        guard Peer.xmllint.crossCheckRuns(check, sourceLocation: sourceLocation),
            Peer.sharedFolder.crossCheckRuns(check, sourceLocation: sourceLocation)
        else { return }
        let output = try await Shell.execute("/usr/bin/env", ["xmllint", "--noout", "--schema", schema, path])
        #expect(output.status == 0, "xmllint: \(output.stderr)", sourceLocation: sourceLocation)
    }

    /// Reads the report with `junitparser` too; records an issue where it reads otherwise.
    private static func compareWithJunitparser(
        _ path: String, _ report: JUnitReport, sourceLocation: SourceLocation
    ) async throws {
        guard
            Peer.junitparser.crossCheckRuns("the report's second reading (junitparser)", sourceLocation: sourceLocation)
        else { return }
        let peer = try await JunitparserPeer.shared.read(path)
        guard let cases = peer.cases, peer.error == nil else {
            Issue.record("junitparser could not read \(path): \(peer.error ?? "")", sourceLocation: sourceLocation)
            return
        }
        let counts = [peer.tests, peer.failures, peer.errors]
        #expect(
            counts == [report.tests, report.failures, report.errors].map(Optional.some),
            "junitparser reads counts \(counts) in \(path)", sourceLocation: sourceLocation)
        #expect(
            cases.count == report.cases.count, "junitparser reads \(cases.count) test cases in \(path)",
            sourceLocation: sourceLocation)
        for (ours, theirs) in zip(report.cases, cases) where ours != theirs {
            Issue.record(
                "junitparser reads a test case of \(path) otherwise:\n ours: \(ours)\n junitparser: \(theirs)",
                sourceLocation: sourceLocation)
            return
        }
        compareWithXunitparser(path, report, peer.xunit, sourceLocation: sourceLocation)
    }

    /// `xunitparser`'s reading (from the same interpreter): every test case with its
    /// name, classname and result, in order, or the reason it refused the report.
    private static func compareWithXunitparser(
        _ path: String, _ report: JUnitReport, _ reading: JunitparserPeer.XunitReading?,
        sourceLocation: SourceLocation
    ) {
        guard
            Peer.xunitparser.crossCheckRuns("the report's third reading (xunitparser)", sourceLocation: sourceLocation)
        else { return }
        guard let reading, let cases = reading.cases, reading.error == nil else {
            Issue.record(
                "xunitparser could not read \(path): \(reading?.error ?? "no answer")", sourceLocation: sourceLocation)
            return
        }
        let ours = report.cases.map {
            JunitparserPeer.XunitReading.Case(name: $0.name, classname: $0.classname, result: $0.result)
        }
        #expect(cases == ours, "xunitparser reads \(path) otherwise", sourceLocation: sourceLocation)
    }
}

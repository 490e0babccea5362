import Foundation

/// Python's `junitparser`, and `xunitparser` where it is installed, reading reports for
/// `ReportCheck`: one `python3` per test process, asked one path a line, answering one
/// JSON line each. Starting Python and importing `junitparser` costs about a fifth of a
/// CPU second, and the suite reads a few hundred reports on two cores: one interpreter for
/// all of them keeps the check cheap.
final class JunitparserPeer: @unchecked Sendable {
    static let shared = JunitparserPeer()

    /// What `junitparser` reads back from a report, as our reader's values; `error` when
    /// it could not read it.
    struct Reading: Decodable {
        let tests: Int?
        let failures: Int?
        let errors: Int?
        let cases: [JUnitReport.Case]?
        let error: String?
        /// What `xunitparser` reads; nil when it is not installed.
        let xunit: XunitReading?
    }

    /// What `xunitparser` reads: every test case (it gathers all suites in one), with
    /// its result as `passed`, `failure`, `error` or `skipped`; `error` when it refused
    /// the report (it asserts, for one, that no property name repeats in the report).
    struct XunitReading: Decodable {
        struct Case: Decodable, Equatable {
            let name: String
            let classname: String
            let result: String
        }
        let cases: [Case]?
        let error: String?
    }

    private static let script = """
        import json, sys
        from junitparser import JUnitXml, TestSuite, Failure, Error, Skipped
        try:
            import xunitparser
        except ImportError:
            xunitparser = None
        def read_xunit(path):
            if xunitparser is None:
                return None
            try:
                with open(path, "rb") as f:
                    suite, _ = xunitparser.parse(f)
                results = {"success": "passed", "failure": "failure", "error": "error", "skipped": "skipped"}
                return dict(cases=[dict(name=c.methodname, classname=c.classname, result=results[c.result]) for c in suite])
            except Exception as error:
                return dict(error=type(error).__name__ + ": " + repr(error))
        def read(path):
            xml = JUnitXml.fromfile(path)
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
            return dict(tests=xml.tests, failures=xml.failures, errors=xml.errors, cases=cases, xunit=read_xunit(path))
        for line in sys.stdin:
            try:
                answer = read(line.rstrip("\\n"))
            except Exception as error:
                answer = dict(error=repr(error))
            print(json.dumps(answer), flush=True)
        """

    /// Guards everything below; held only on threads of their own (`offPool`).
    private let lock = NSLock()
    private var process: Child?
    private var input: FileHandle?
    private var output: FileHandle?
    private var pending = Data()

    /// Reads the report at `path` with `junitparser`, off the cooperative pool.
    func read(_ path: String) async throws -> Reading {
        try await offPool { try self.readBlocking(path) }
    }

    private func readBlocking(_ path: String) throws -> Reading {
        lock.lock()
        defer { lock.unlock() }
        let (input, output) = try running()
        input.write(Data((path + "\n").utf8))
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<end]
                pending.removeSubrange(pending.startIndex...end)
                return try JSONDecoder().decode(Reading.self, from: Data(line))
            }
            let chunk = output.availableData
            guard !chunk.isEmpty else {
                process = nil
                return Reading(tests: nil, failures: nil, errors: nil, cases: nil, error: "python3 ended", xunit: nil)
            }
            pending.append(chunk)
        }
    }

    /// The interpreter's standard input and output, starting it when it is not running.
    private func running() throws -> (FileHandle, FileHandle) {
        if let process, process.isRunning, let input, let output { return (input, output) }
        let started = try Child("/usr/bin/env", ["python3", "-c", Self.script], stdin: .pipe, stderr: .null)
        guard let input = started.input, let output = started.output else {
            throw Child.StartFailure(description: "no pipes to python3")
        }
        process = started
        self.input = input
        self.output = output
        pending = Data()
        return (input, output)
    }
}

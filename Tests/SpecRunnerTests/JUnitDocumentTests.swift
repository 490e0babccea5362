import Foundation
import TestSupport
import Testing

@testable import SpecRunner

@Suite("JUnit document")
struct JUnitDocumentTests {
    private func document(message: String, body: String, name: String = "a scenario", systemOut: String = "")
        -> JUnitDocument
    {
        JUnitDocument(
            timestamp: "2026-01-02T03:04:05", hostname: "host",
            suites: [
                .init(
                    name: "Feature <&>", file: "features/a.feature", tags: ["@a", "@b"],
                    cases: [
                        .init(
                            name: name, classname: "Rule - Feature", time: .milliseconds(1234),
                            outcome: .failure(type: "assertion", message: message, body: body), systemOut: systemOut),
                        .init(name: "passed one", classname: "Feature", outcome: .passed),
                        .init(name: "skipped one", classname: "Feature", outcome: .skipped("pending: x")),
                        .init(
                            name: "error one", classname: "Feature",
                            outcome: .error(type: "interrupted", message: "m", body: "b")),
                    ])
            ])
    }

    private func write(_ document: JUnitDocument) throws -> String {
        let path = try BuiltBinary.temporaryDirectory("junit-doc").appendingPathComponent("junit.xml").path
        try ReportFile.write(document.render(), to: path)
        return path
    }

    @Test("counts, times with three decimals, properties, and the attribute escapes")
    func shape() throws {
        let xml = document(message: "a \"quoted\"\nsecond line", body: "x < y & z").render()
        #expect(xml.contains(#"<testsuites name="spec-run" tests="4" failures="1" errors="1" time="1.234">"#))
        #expect(
            xml.contains(
                #"<testsuite name="Feature &lt;&amp;&gt;" tests="4" failures="1" errors="1" skipped="1" time="1.234" timestamp="2026-01-02T03:04:05" hostname="host">"#
            ))
        // One property, named by the file: no name repeats in a report (xunitparser).
        #expect(xml.contains(#"<property name="features/a.feature" value="@a @b"/>"#))
        #expect(xml.contains(#"message="a &quot;quoted&quot;&#10;second line""#))
        #expect(xml.contains(">x &lt; y &amp; z</failure>"))
        #expect(xml.contains("<skipped>pending: x</skipped>"))
        // The reason also in system-out, which readers show (the schema allows no attribute on skipped).
        #expect(xml.contains("<skipped>pending: x</skipped>\n      <system-out>skipped: pending: x</system-out>"))
    }

    @Test("a skip's reason leads its steps in system-out; a suite without a file has no properties")
    func skipReasonAndNoFile() {
        let xml = JUnitDocument(
            timestamp: "2026-01-02T03:04:05", hostname: "host",
            suites: [
                .init(
                    name: "spec-run", file: "", tags: [],
                    cases: [
                        .init(
                            name: "s", classname: "F", outcome: .skipped("dry run: not run"),
                            systemOut: "Given a step ... skipped (0.000s)")
                    ])
            ]
        ).render()
        #expect(xml.contains("<system-out>skipped: dry run: not run\nGiven a step ... skipped (0.000s)</system-out>"))
        #expect(!xml.contains("<properties>"))
    }

    @Test("the run's wall-clock time, when known, is the testsuites time; the suites keep their sums")
    func wallClock() {
        var parallel = document(message: "m", body: "b")
        parallel.duration = .milliseconds(700)
        let xml = parallel.render()
        #expect(xml.contains(#"<testsuites name="spec-run" tests="4" failures="1" errors="1" time="0.700">"#))
        #expect(xml.contains(#"skipped="1" time="1.234""#))
    }

    @Test("control characters, ]]>, emoji, U+FFFE and 1 MB of text still give a valid report")
    func hostileText() async throws {
        let hostile = "bell \u{07} nul \u{00} esc \u{1B} vt \u{0B} ]]> <![CDATA[ 🧾 \u{FFFE}\u{FFFF} cr\r\ntab\t end"
        let huge = String(repeating: "0123456789abcdef", count: 65_536)  // 1 MiB
        let doc = document(message: hostile, body: hostile + "\n" + huge, name: "name \u{01} 🧾 ]]>", systemOut: hostile)
        let xml = doc.render()
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value) })
        #expect(!xml.contains("\u{FFFE}") && !xml.contains("\u{FFFF}"))
        let path = try write(doc)
        let parsed = try await ReportCheck.read(path)
        #expect(parsed.tests == 4 && parsed.failures == 1 && parsed.errors == 1)
        let failed = try #require(parsed.cases.first)
        #expect(failed.name == "name \u{FFFD} 🧾 ]]>")
        #expect(failed.message?.contains("]]> <![CDATA[ 🧾") == true)
        #expect(failed.message?.contains("cr\r\ntab\t end") == true)
        #expect(failed.text?.hasSuffix(huge) == true)
        #expect(failed.systemOut?.contains("esc \u{FFFD} vt") == true)
    }

    @Test("the report is replaced atomically and its folder created")
    func atomicWrite() throws {
        let folder = try BuiltBinary.temporaryDirectory("junit-atomic").appendingPathComponent("deep/er")
        let path = folder.appendingPathComponent("junit.xml").path
        try ReportFile.write("first", to: path)
        try ReportFile.write("second", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["junit.xml"])
    }

    @Test("a link to the report stays a link; a named pipe is written to, not replaced by a file")
    func linksAndPipes() async throws {
        let folder = try BuiltBinary.temporaryDirectory("junit-special")
        let real = folder.appendingPathComponent("real.xml").path
        let link = folder.appendingPathComponent("link.xml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.xml")
        // The link leads nowhere yet: the file is made where it points.
        try ReportFile.write("first", to: link)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "first")
        try ReportFile.write("second", to: link)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "second")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.xml")

        let pipe = folder.appendingPathComponent("pipe.xml").path
        #expect(mkfifo(pipe, 0o644) == 0)
        // Opening a named pipe blocks until its other end opens: the reader and the writer
        // each block a thread of their own, never two of the cooperative pool.
        async let read = offPool { () -> String in
            let handle = FileHandle(forReadingAtPath: pipe)
            defer { try? handle?.close() }
            return String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        }
        try await offPool { try ReportFile.write("through the pipe", to: pipe) }
        #expect(try await read == "through the pipe")
        var info = stat()
        #expect(stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a pipe")
    }

    @Test("a report that cannot be written is a clear error")
    func unwritable() throws {
        let file = try BuiltBinary.temporaryDirectory("junit-bad").appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        #expect(throws: ReportFile.WriteError.self) {
            try ReportFile.write("x", to: file.appendingPathComponent("junit.xml").path)
        }
    }
}

extension JUnitDocument {
    /// The whole XML text.
    func render() -> String {
        var out = ""
        render { out += $0 }
        return out
    }
}

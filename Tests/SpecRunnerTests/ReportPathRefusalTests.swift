import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// A report path that cannot be right is refused before the run, exit 2, one line naming
/// the path and why, and the path is left as it was (docs/runner.md, "The report path").
@Suite("Report paths refused")
struct ReportPathRefusalTests {
    static let feature = "Feature: F\n  Scenario: s\n    Given a passing step\n"

    /// What is at the path before the run, made by the test.
    enum Setup: String, CaseIterable, Sendable {
        case featureFile, newFeatureFile, otherFile, folder, trailingSlash, namedPipe, device, unreadableFile
        case underAFile, featureLine
    }

    private static func arrange(_ setup: Setup, in run: FolderRun) throws -> String {
        switch setup {
        case .featureFile: return "features/test.feature"
        case .newFeatureFile: return "reports/new.feature"
        // `--junit $REPORT features/test.feature:2` with the variable empty.
        case .featureLine: return "features/test.feature:2"
        case .otherFile:
            try "notes kept\n".write(toFile: run.path("notes.txt"), atomically: true, encoding: .utf8)
            return "notes.txt"
        case .folder:
            try FileManager.default.createDirectory(atPath: run.path("out"), withIntermediateDirectories: true)
            return "out"
        case .trailingSlash: return "reports/"
        case .namedPipe:
            #expect(mkfifo(run.path("report.pipe"), 0o644) == 0)
            return "report.pipe"
        case .device: return "/dev/zero"
        case .unreadableFile:
            try "secret\n".write(toFile: run.path("secret.xml"), atomically: true, encoding: .utf8)
            chmod(run.path("secret.xml"), 0)
            return "secret.xml"
        case .underAFile:
            try "notes kept\n".write(toFile: run.path("notes.txt"), atomically: true, encoding: .utf8)
            return "notes.txt/junit.xml"
        }
    }

    /// What the path holds, to compare before and after.
    private static func snapshot(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "nothing" }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFREG { return "file: " + ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "unreadable") }
        if kind == S_IFDIR { return "folder: \((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])" }
        return "kind \(kind)"
    }

    @Test("refused before the run, exit 2, one line; the path left as it was", arguments: Setup.allCases)
    func refused(_ setup: Setup) async throws {
        let run = try FolderRun(["features/test.feature": Self.feature])
        let path = try Self.arrange(setup, in: run)
        let absolute = path.hasPrefix("/") ? path : run.path(path)
        // Root reads any file: the unreadable case cannot be made then.
        if setup == .unreadableFile, access(absolute, R_OK) == 0 { return }
        let before = Self.snapshot(absolute)
        // A reader on the pipe, so that a run that wrongly writes to it ends (without
        // one, opening the pipe to write would wait for ever).
        let reader = setup == .namedPipe ? open(absolute, O_RDONLY | O_NONBLOCK) : -1
        defer { if reader >= 0 { close(reader) } }
        let outcome = await run.run(["--junit", path])
        #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty, "nothing ran: \(outcome.stdout)")
        let prefix = "spec-run: error: the JUnit report cannot be written to \(path): "
        #expect(outcome.stderr.hasPrefix(prefix), "\(outcome.stderr)")
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "one line: \(outcome.stderr)")
        #expect(Self.snapshot(absolute) == before)
        #expect(!FileManager.default.fileExists(atPath: run.path("reports")), "no report folder made")
        let reasons: [Setup: String] = [
            .featureFile: "it is a feature file, which the report would replace",
            .newFeatureFile: "a report named *.feature would be read as a feature file",
            .featureLine: "a report named *.feature would be read as a feature file",
            .otherFile: "it holds something other than a JUnit report",
            .folder: "it is a folder: a report is a file (such as out/junit.xml)",
            .trailingSlash: "the path ends in '/', so it names a folder",
            .namedPipe: "it is a named pipe, on which the run would wait for a reader",
            .device: "it is a device",
            .unreadableFile: "it cannot be read to check that it is an earlier report",
            // In the system's words, not Foundation's sentence.
            .underAFile: "cannot create the folder \(run.path("notes.txt")): a file of that name is in the way",
        ]
        #expect(outcome.stderr.hasPrefix(prefix + (reasons[setup] ?? "?")), "\(outcome.stderr)")
    }

    @Test("the default report's place refused: the message says how to choose another, or none")
    func defaultPlaceRefused() async throws {
        let run = try FolderRun(["features/test.feature": Self.feature, "reports": "not a folder\n"])
        let outcome = await run.run([])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.hasSuffix(
                "reports: a file of that name is in the way (--junit FILE writes it elsewhere, --junit - writes none)\n"
            ),
            "\(outcome.stderr)")
    }

    @Test("another format's refusal names its own kind of file and its own option")
    func otherFormats() async throws {
        let run = try FolderRun(["features/test.feature": Self.feature])
        try FileManager.default.createDirectory(atPath: run.path("out"), withIntermediateDirectories: true)
        let cases: [(arguments: [String], error: String)] = [
            (
                ["--format", "html:out"],
                "the HTML report cannot be written to out: it is a folder: a report is a file (such as out/report.html)"
            ),
            (
                ["--format", "message:features/test.feature"],
                "the Cucumber Messages file cannot be written to features/test.feature: it is a feature file, which the"
                    + " report would replace (did the report's name after --format message: go missing?)"
            ),
            (
                ["--format", "rerun:reports/"],
                "the rerun file cannot be written to reports/: the path ends in '/', so it names a folder: a report"
                    + " is a file (such as reports/rerun.txt)"
            ),
        ]
        for (arguments, error) in cases {
            let outcome = await run.run(arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr == "spec-run: error: \(error)\n")
        }
        #expect(try String(contentsOfFile: run.path("features/test.feature"), encoding: .utf8) == Self.feature)
    }

    @Test("an earlier report, an empty file and /dev/null are written to as before")
    func accepted() async throws {
        let run = try FolderRun(["features/test.feature": Self.feature])
        let earlier = #"<?xml version="1.0"?><!-- from CI --><testsuite name="earlier" tests="0"/>"#
        try earlier.write(toFile: run.path("earlier.xml"), atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: run.path("empty.xml"), contents: nil))
        for path in ["earlier.xml", "empty.xml"] {
            let outcome = await run.run(["--junit", path])
            #expect(outcome.status == 0, "\(path): \(outcome.stderr)")
            let written = try String(contentsOfFile: run.path(path), encoding: .utf8)
            #expect(written.contains("<testcase classname=\"F\" name=\"s\""), "\(path): \(written)")
        }
        let null = await run.run(["--junit", "/dev/null"])
        #expect(null.status == 0 && null.stderr.isEmpty, "\(null.stderr)")
    }

    @Test("a usage error leaves a feature file given as the report path alone")
    func usageErrorKeepsFeatureFile() async throws {
        let run = try FolderRun(["features/test.feature": Self.feature])
        let outcome = await run.run(["--junit", "features/test.feature", "--jobs", "zero"])
        #expect(outcome.status == 2)
        #expect(try String(contentsOfFile: run.path("features/test.feature"), encoding: .utf8) == Self.feature)
    }
}

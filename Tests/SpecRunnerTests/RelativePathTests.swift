import Foundation
import TestSupport
import Testing

@testable import SpecRunner

/// The report's paths (the `file` property, a classname's path) are relative to the working
/// directory (runner.md), also for a file named by an absolute path outside it, and the
/// same however the command line names the file.
@Suite("Report paths relative to the working directory")
struct RelativePathTests {
    @Test(
        "absolute paths get .. where they leave the working directory; relative ones are taken from it",
        arguments: [
            ("/tmp/qa/probe/tags.feature", "/tmp/qa/probe/cwd", "../tags.feature"),
            ("/tmp/a.feature", "/work/main", "../../tmp/a.feature"),
            ("/work/main/features/a.feature", "/work/main", "features/a.feature"),
            ("/work/main/./x/../features/a.feature", "/work/main/", "features/a.feature"),
            ("/a.feature", "/", "a.feature"),
            ("../names.feature", "/tmp/qa/probe/cwd", "../names.feature"),
            ("/tmp/a.feature", "", "/tmp/a.feature"),
            ("./features/a.feature", "/work/main", "features/a.feature"),
            ("features/../features/a.feature", "/work/main", "features/a.feature"),
            ("../main/features/a.feature", "/work/main", "features/a.feature"),
            ("./f/../a.feature", "", "a.feature"),
        ])
    func relative(path: String, directory: String, expected: String) {
        #expect(RelativePath.of(path, from: directory) == expected)
    }

    @Test(
        "paths are normalised lexically, so that one file named two ways is one file",
        arguments: [
            ("f/./a.feature", "f/a.feature"), ("f/../f/a.feature", "f/a.feature"), ("./f//a.feature", "f/a.feature"),
            ("../x/a.feature", "../x/a.feature"), ("/../a.feature", "/a.feature"), ("f/..", "."),
        ])
    func normalized(path: String, expected: String) {
        #expect(RelativePath.normalized(path) == expected)
    }

    @Test("the report is the same however the command line names the files")
    func sameReportHoweverNamed() async throws {
        let feature = "Feature: Shop\n  Rule: Refunds\n    Scenario: s\n      Given a passing step\n"
        let run = TestRun(files: ["features/a.feature": feature, "features/b/a.feature": feature])
        var reports: [String] = []
        for naming in [
            ["features/a.feature", "features/b/a.feature"], ["./features/a.feature", "./features/b/./a.feature"],
            ["{dir}/features/a.feature", "{dir}/features/b/a.feature"],
            ["features/../features/a.feature", "{dir}/features/../features/b/a.feature"],
        ] {
            let outcome = try await run.run(naming)
            let report = try #require(outcome.report, "\(naming): \(outcome.stderr)")
            // Times masked: the attribute and each step's in `<system-out>` (`passed (0.005s)`).
            reports.append(
                report.replacing(#/ time="[0-9.]+"/#, with: "").replacing(#/\([0-9.]+s\)/#, with: "(…s)"))
        }
        #expect(Set(reports).count == 1, "\(reports)")
        let report = try #require(reports.first)
        #expect(report.contains(#"<property name="features/b/a.feature" value=""/>"#), "\(report)")
        #expect(report.contains(#"<testcase classname="Shop (features/b/a)" name="Refunds — s""#), "\(report)")
    }

    @Test("the same file named as f/./a.feature and f/a.feature is read once")
    func sameFileTwoWays() async throws {
        let outcome = try await TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n").run([
            "features/./test.feature", "features/../features/test.feature",
        ])
        #expect(outcome.stdout.contains("1 scenario (1 passed)"), "\(outcome.stdout)")
        // And through a linked folder: read once, under the first name, not run twice.
        var linked = TestRun("Feature: F\n  Scenario: s\n    Given a passing step\n")
        linked.links = ["shared": "features"]
        let twice = try await linked.run(["features", "shared", "shared/test.feature:2"])
        #expect(twice.stdout.contains("1 scenario (1 passed)"), "\(twice.stdout)")
        let report = try await ReportCheck.read(twice.reportPath)
        #expect(report.cases.count == 1)
    }

    @Test("a linked folder inside a searched one is searched, once, and a loop of links ends")
    func linkedFolderSearched() async throws {
        let step = "Feature: F\n  Scenario: s\n    Given a passing step\n"
        var run = TestRun(files: ["features/a.feature": step, "shared/b.feature": step, "shared/sub/c.feature": step])
        // A shared folder linked into features/, and a link in it back up to features/.
        run.links = ["features/shared": "../shared", "shared/sub/up": "../../features"]
        let outcome = try await run.run(["features"])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("3 scenarios (3 passed)"), "\(outcome.stdout)")
        let report = try await ReportCheck.read(outcome.reportPath)
        #expect(report.cases.count == 3)
        // A file that is a link to itself is named for what it is.
        run.links["features/loop.feature"] = "loop.feature"
        let loop = try await run.run(["features"])
        #expect(
            loop.stdout.contains("features/loop.feature: the file cannot be read (a link in a loop of links)"),
            "\(loop.stdout)")
    }

    @Test("a feature file nested past the system's path limit is reported, not left out")
    func nestedTooDeep() async throws {
        let step = "Feature: F\n  Scenario: s\n    Given a passing step\n"
        // Folders made one inside the other by descriptor: their path is past PATH_MAX.
        let base = try BuiltBinary.temporaryDirectory("too-deep")
        var folder = open(base.path, O_RDONLY | O_DIRECTORY)
        for _ in 0..<(Int(PATH_MAX) / 200 + 1) {
            #expect(mkdirat(folder, String(repeating: "d", count: 200), 0o755) == 0)
            let inner = openat(folder, String(repeating: "d", count: 200), O_RDONLY | O_DIRECTORY)
            close(folder)
            folder = inner
        }
        let file = openat(folder, "deep.feature", O_WRONLY | O_CREAT, 0o644)
        #expect(write(file, step, step.utf8.count) == step.utf8.count)
        close(file)
        close(folder)
        var run = TestRun(files: ["features/a.feature": step])
        run.links = ["features/deep": base.path]
        let outcome = try await run.run(["features"])
        #expect(outcome.status == 1, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("the path is longer than the system allows"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1 scenario (1 passed)"), "\(outcome.stdout)")
        _ = try? await Shell.execute("/bin/rm", ["-rf", base.path])
    }

    @Test("hidden files and folders are not searched; named on the command line, they run")
    func hiddenNotSearched() async throws {
        let step = "Feature: F\n  Scenario: s\n    Given a passing step\n"
        let run = TestRun(files: [
            "features/a.feature": step, "features/.git/b.feature": step, "features/.c.feature": step,
            "features/sub/.d.feature": step,
        ])
        let searched = try await run.run(["features"])
        #expect(searched.stdout.contains("1 scenario (1 passed)"), "\(searched.stdout)")
        let named = try await run.run(["features/.c.feature", "features/.git"])
        #expect(named.stdout.contains("2 scenarios (2 passed)"), "\(named.stdout)")
    }

    @Test("the report names a file outside the working directory relative to it")
    func reportProperty() {
        var plan = RunPlan()
        plan.suites = [
            PlannedSuite(
                index: 0, path: "/tmp/elsewhere/a.feature", name: "A", tags: [],
                parseErrors: [FileAdvice(path: "/tmp/elsewhere/a.feature", line: 1, column: 1, text: "x")])
        ]
        let document = JUnitReportBuilder(
            start: RunStart(plan: plan, strict: true, dryRun: false, date: .now), finished: [],
            end: RunEnd(duration: .zero), hostname: "h", currentDirectory: "/tmp/here"
        ).build()
        #expect(document.suites.map(\.file) == ["../elsewhere/a.feature"])
        // A parse-error suite is named by the file: by the same relative path.
        #expect(document.suites.map(\.name) == ["../elsewhere/a.feature"])
        #expect(document.suites.flatMap(\.cases).map(\.classname) == ["../elsewhere/a.feature"])
    }
}

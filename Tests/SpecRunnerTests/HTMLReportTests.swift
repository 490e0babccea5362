import Foundation
import Testing

@testable import SpecRunner

/// What the HTML report holds besides its scenarios (docs/runner.md, "The HTML report").
@Suite("HTML report")
struct HTMLReportTests {
    @Test(
        "the warnings the console prints before the scenarios are listed, escaped, above the features; a file not parsed says so"
    )
    func warnings() async throws {
        let run = try FolderRun([
            "features/a.feature":
                "Feature: A\n  Scenario: <b>empty</b>\n  Scenario: passes\n    Given a passing step\n",
            "features/b.feature": "Feature: B\n  Scenaro: typo\n",
        ])
        let outcome = await run.run(["--format", "progress", "--format", "html:r.html"])
        let console = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("Warning: ") }
        #expect(console.count == 3, "\(outcome.stdout)")
        let html = try String(contentsOfFile: run.path("r.html"), encoding: .utf8)
        let listed = try #require(html.range(of: "<section class=\"warnings\">\n<h2>Warnings</h2>\n<ul>\n"))
        let features = try #require(html.range(of: "<section class=\"feature\">"))
        #expect(listed.upperBound < features.lowerBound, "the warnings come before the features")
        #expect(html.contains("<body>\n<noscript>"), "a viewer without scripts is told what it misses")
        #expect(
            html.contains(
                "<li>features/a.feature:2:3: 'Scenario: &lt;b&gt;empty&lt;/b&gt;' has no steps: it passes"
                    + " without checking anything</li>"),
            "\(html.prefix(4000))")
        #expect(html.contains("<li>features/b.feature:1:1: 'Feature:' has no scenario: nothing in the file runs</li>"))
        #expect(html.contains("<li>features/b.feature:2:3: 'Scenaro' looks like the keyword"))
        // A file that did not parse says so beside its path, above its errors.
        let broken = try FolderRun(["features/c.feature": "Featur: C\n  Scenario: s\n    Given a passing step\n"])
        _ = await broken.run(["--format", "html:r.html"])
        #expect(
            try String(contentsOfFile: broken.path("r.html"), encoding: .utf8).contains(
                "features/c.feature <span class=\"w\">not parsed: none of its scenarios ran</span></summary>"))
        // A run without a warning has no such section.
        let clean = try FolderRun(["features/a.feature": "Feature: A\n  Scenario: s\n    Given a passing step\n"])
        _ = await clean.run(["--format", "html:r.html"])
        #expect(!(try String(contentsOfFile: clean.path("r.html"), encoding: .utf8)).contains("class=\"warnings\""))
    }
}

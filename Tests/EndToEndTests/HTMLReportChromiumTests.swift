import Foundation
import TestSupport
import Testing

/// The HTML report of a run with a failed display check, opened in headless Chromium from
/// a page beside it that frames it, acts on it and writes what it found (docs/runner.md,
/// "The HTML report"): nothing is loaded from anywhere, the "failed" filter finds the
/// failed scenarios, and the frame of the failed display step shows the screen and the
/// amount the snapshot held.
@Suite("HTML report in headless Chromium", .serialized)
struct HTMLReportChromiumTests {
    static let features = [
        "features/cart.feature": """
        Feature: Cart
          @cart
          Scenario: the total is right
            Given the catalog:
              | name  | price |
              | Latte | 480   |
            When I add "Latte" to the cart
            Then the display shows total ¥480

          @cart @wrong
          Scenario: the total is wrong
            Given the catalog:
              | name  | price |
              | Latte | 480   |
            When I add "Latte" to the cart
            Then the display shows total ¥999
        """,
        "features/ja.feature": """
        # language: ja
        機能: カート
          シナリオ: 合計が違う
            前提 商品カタログ:
              | name | price |
              | ラテ | 500   |
            もし カートに「ラテ」を追加する
            ならば カスタマーディスプレイに合計¥700が表示される
        """,
        "features/rule.feature": """
        Feature: Rules
          Rule: discounts
            Scenario: inside the rule
              Given the catalog:
                | name  | price |
                | Latte | 480   |
              When I add "Latte" to the cart
        """,
    ]

    /// What the framing page reads from the report once it loaded and its "failed" filter
    /// was pressed.
    struct Found: Decodable {
        var error: String?
        /// The summaries of the scenarios the filter leaves visible.
        var visible: [String]
        /// Resources the report and its display frames loaded (none may be).
        var resources: [String]
        /// The first failed step's display frame: its screen and total.
        var screen: String?
        var total: String?
        var totalAmount: String?
        /// How the frame aligns the total's amount: `right` only in the display's style.
        var amountAlign: String?
        /// The Japanese scenario's status as the report names it.
        var japaneseStatus: String?
        /// The scenarios the text filter leaves visible for a Rule's name, and the headings
        /// of the Rules still shown.
        var ruleVisible: [String]
        var rulesShown: [String]
    }

    static let harness = #"""
        <!DOCTYPE html><html><body><pre id="found">pending</pre>
        <iframe id="report" src="out/report.html" width="1200" height="900"></iframe>
        <script>
        var frame = document.getElementById("report");
        frame.addEventListener("load", function () {
          var doc = frame.contentDocument, win = frame.contentWindow;
          var found = { visible: [], resources: [], ruleVisible: [], rulesShown: [] };
          try {
            doc.querySelector('[data-filter-status="failed"]').click();
            doc.querySelectorAll("details.scenario").forEach(function (scenario) {
              if (!scenario.hidden) { found.visible.push(scenario.querySelector("summary").textContent); }
            });
            win.performance.getEntriesByType("resource").forEach(function (entry) { found.resources.push(entry.name); });
            var step = doc.querySelector("details.scenario.failed li.step.failed figure.display iframe");
            var shown = step && step.contentDocument;
            if (shown) {
              shown.defaultView.performance.getEntriesByType("resource").forEach(function (entry) {
                found.resources.push(entry.name);
              });
              var main = shown.querySelector("main[data-screen]");
              found.screen = main && main.getAttribute("data-screen");
              var total = shown.querySelector('[data-field="total"]');
              found.total = total && total.textContent.replace(/\s+/g, " ").trim();
              found.totalAmount = total && total.getAttribute("data-amount");
              var amount = total && total.querySelector(".amount");
              found.amountAlign = amount && shown.defaultView.getComputedStyle(amount).textAlign;
            }
            var japanese = doc.querySelector('details.scenario[lang="ja"] > summary .st');
            found.japaneseStatus = japanese && japanese.textContent;
            doc.querySelector('[data-filter-status="all"]').click();
            var filter = doc.getElementById("text-filter");
            filter.value = "DISCOUNTS";
            filter.dispatchEvent(new win.Event("input"));
            doc.querySelectorAll("details.scenario").forEach(function (scenario) {
              if (!scenario.hidden) { found.ruleVisible.push(scenario.querySelector("summary").textContent); }
            });
            doc.querySelectorAll("section.rule").forEach(function (rule) {
              if (!rule.hidden) { found.rulesShown.push(rule.querySelector("h3").textContent); }
            });
          } catch (error) { found.error = String(error); }
          document.getElementById("found").textContent = JSON.stringify(found);
        });
        </script></body></html>
        """#

    @Test(
        "loads with nothing from the network; 'failed' finds the failed scenarios; the frame shows the snapshot",
        .requires(.chromium))
    func failedDisplayStep() async throws {
        var files = Self.features
        files["harness.html"] = Self.harness
        let directory = try TemporaryProject.make(files, label: "html-report")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await BuiltBinary.execute(
            ["--format", "html:out/report.html", "--format", "summary", "--junit", "-"], in: directory,
            environment: ["NO_COLOR": "1"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let report = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(!report.contains("http://") && !report.contains("https://"), "the report names no address to load")
        // The failed step carries what the register and the calendar held.
        #expect(report.contains(#"["register-state.json","#), "the register's state is attached")
        #expect(report.contains(#"["calendar-state.json","#), "the calendar's state is attached")

        let shot = directory.appendingPathComponent("report.png").path
        let dom = try await Chromium.dumpDOM(
            directory.appendingPathComponent("harness.html").absoluteString,
            options: ["--allow-file-access-from-files", "--window-size=1200,1000", "--screenshot=\(shot)"])
        #expect(dom.status == 0, "chromium: \(dom.stderr.suffix(500))")
        let text = try #require(Chromium.preText("found", inDOM: dom.stdout), "\(dom.stdout.prefix(2000))")
        let found = try JSONDecoder().decode(Found.self, from: Data(text.utf8))
        #expect(found.error == nil, "\(found.error ?? "")")
        #expect(found.resources.isEmpty, "loaded \(found.resources)")
        #expect(found.visible.count == 2, "\(found.visible)")
        #expect(found.visible.contains { $0.contains("the total is wrong") }, "\(found.visible)")
        #expect(!found.visible.contains { $0.contains("the total is right") }, "\(found.visible)")
        #expect(found.screen == "cart")
        #expect(found.totalAmount == "480", "the frame shows what the display held, not what was expected")
        #expect(found.total?.contains("¥480") == true, "\(found.total ?? "none")")
        #expect(found.amountAlign == "right", "the frame draws the snapshot in the display's style")
        #expect(found.japaneseStatus == "失敗", "\(found.japaneseStatus ?? "none")")
        // A Rule heads its scenarios, and its name finds them.
        #expect(
            found.ruleVisible.count == 1 && found.ruleVisible.first?.contains("inside the rule") == true, "\(found)")
        #expect(found.rulesShown == ["Rule: discounts"], "\(found.rulesShown)")
        // A Japanese keyword has no space of its own: the report puts one before the step.
        #expect(report.contains(#"<span class="k">前提</span> 商品カタログ:"#), "the keyword stands apart")
        print("HTML report screenshot: \(shot)")
    }
}

import Foundation
import TestSupport
import Testing

/// The register page of `spec-run simulate` (the built binary) in headless Chromium,
/// driven over the DevTools protocol (`ChromiumDevTools`): clicks through a checkout with
/// points, while recording, and reads the display page framed beside the form as it
/// changes; then runs the recorded scenario on the built-in simulator.
@Suite("Register page in headless Chromium", .serialized)
struct RegisterPageChromiumTests {
    /// The display frame's screen, total, points and change, e.g. `payment 980 300 -`.
    static let displayReading = """
        (function () {
          var frame = document.getElementById("display").contentDocument;
          var main = frame && frame.querySelector("main");
          if (!main) { return "none"; }
          var amount = function (field) {
            var element = main.querySelector('[data-field="' + field + '"]');
            return element ? element.getAttribute("data-amount") : "-";
          };
          return [main.getAttribute("data-screen"), amount("total"), amount("points"), amount("change")].join(" ");
        })()
        """

    /// Runs `body` with a browser and a simulator of its own (its port), then closes both:
    /// what `body` throws is recorded, and the simulator must stop cleanly.
    private func withPage(_ body: (ChromiumDevTools, UInt16) async throws -> Void) async throws {
        let simulator = try await ChildSimulator.start()
        let browser: ChromiumDevTools
        do {
            browser = try await ChromiumDevTools.launch()
        } catch {
            await simulator.stop()
            throw error
        }
        do {
            try await body(browser, simulator.port)
        } catch {
            Issue.record("\(error)")
        }
        await browser.close()
        #expect(await simulator.stop().status == 0)
    }

    @Test(
        "clicking through a checkout with points updates the display live, and the recorded scenario runs green",
        .requires(.chromium))
    func checkoutWithPoints() async throws {
        try await withPage { browser, port in try await clickThrough(browser, port: port) }
    }

    @Test(
        "the calendar on the page: a refused booking in QA's words, the layout answered, a Japanese scenario green",
        .requires(.chromium))
    func calendarInJapanese() async throws {
        try await withPage { browser, port in try await bookAndCheckOut(browser, port: port) }
    }

    private func bookAndCheckOut(_ page: ChromiumDevTools, port: UInt16) async throws {
        try await page.open("http://127.0.0.1:\(port)/register-page")
        let ready = try await page.wait(
            until: #"document.getElementById("connection").getAttribute("data-connection") === "connected""#)
        try #require(ready, "the page did not connect")
        try await set("language", "ja", on: page)
        try await page.evaluate(#"document.getElementById("record").click()"#)
        try await set("staff", "Sato, 1", on: page)
        try await click("do-setStaff", on: page)
        try await set("start", "9", on: page)
        try await click("do-book", on: page)
        #expect(try await lastLog(page) == #"BookFrom: write a time such as 9:05 (got "9")"#)
        for (id, start, end) in [("R1", "10:00", "10:30"), ("R2", "10:10", "10:40")] {
            try await set("reservation", id, on: page)
            try await set("start", start, on: page)
            try await set("end", end, on: page)
            try await click("do-book", on: page)
        }
        #expect(
            try await lastLog(page).hasPrefix(
                "Book “R2” with “Sato” from 10:10 to 10:40Refused: more overlapping reservations than the staff member's capacity"
            ))
        try await set("reservation", "R1", on: page)
        try await set("menu", "Cut, 4000", on: page)
        try await click("do-setMenu", on: page)
        try await click("do-load", on: page)
        try await click("do-layout", on: page)
        #expect(
            try await lastLog(page) == "Where is each reservation drawn?Sato: 1 lane; R1 at x 1200, width 60, lane 0")
        try await click("do-viewState", on: page)
        #expect(try await lastLog(page) == "What does the calendar show?The calendar shows the content (R1).")
        try await click("do-checkoutReservation", on: page)
        try await expectDisplay("cart 4000 - -", on: page)

        let written = try await page.wait(until: #"document.getElementById("scenario").dataset.actions === "8""#)
        let scenario = try await page.evaluate(#"document.getElementById("scenario").textContent"#)
        try #require(written, "the page shows no scenario of the 8 actions: \(scenario)")
        #expect(scenario.hasPrefix("# language: ja\n"))
        #expect(scenario.contains("「R2」を「Sato」に10:10から10:40まで予約しようとする\n    ならば 「overCapacity」で拒否される\n"))
        let folder = try BuiltBinary.temporaryDirectory("register-page-calendar")
        let file = folder.appendingPathComponent("recorded.feature")
        try scenario.write(to: file, atomically: true, encoding: .utf8)
        let run = try await BuiltBinary.execute([file.path], in: folder)
        print("spec-run recorded.feature (calendar, ja): exit \(run.status)\n\(run.stdout.suffix(200))")
        #expect(run.status == 0, "the recorded scenario fails on the built-in simulator:\n\(scenario)\n\(run.stdout)")
    }

    /// The text of the log's last entry: what was asked, then the answer.
    private func lastLog(_ page: ChromiumDevTools) async throws -> String {
        try await page.evaluate(##"document.querySelector("#log li:last-child").textContent"##)
    }

    private func clickThrough(_ page: ChromiumDevTools, port: UInt16) async throws {
        try await page.open("http://127.0.0.1:\(port)/register-page")
        let ready = try await page.wait(
            until: """
                document.getElementById("connection").getAttribute("data-connection") === "connected"
                  && \(Self.displayReading).startsWith("welcome")
                """)
        try #require(ready, "the page did not connect, or its display showed no welcome screen")
        // A mark on the framed display's window: still there at the end, it was never reloaded.
        try await page.evaluate(#"document.getElementById("display").contentWindow.notReloaded = true"#)

        try await page.evaluate(#"document.getElementById("record").click()"#)
        try await set("catalog", "Coffee, 450\nTea, 380", on: page)
        try await click("do-setCatalog", on: page)
        try await set("item", "Coffee", on: page)
        try await set("quantity", "2", on: page)
        try await click("do-addItem", on: page)
        try await set("item", "Tea", on: page)
        try await set("quantity", "", on: page)
        try await click("do-addItem", on: page)
        try await expectDisplay("cart 1280 - -", on: page)
        try await set("member-points", "500", on: page)
        try await click("do-identifyMember", on: page)
        try await click("do-startCheckout", on: page)
        try await expectDisplay("payment 1280 - -", on: page)
        try await set("points", "300", on: page)
        try await click("do-applyPoints", on: page)
        try await expectDisplay("payment 980 300 -", on: page)
        try await set("method", "card", on: page)
        try await set("amount", "5000", on: page)
        try await click("do-takePayment", on: page)
        let refusal = try await page.evaluate(##"document.querySelector("#log li:last-child").textContent"##)
        #expect(
            refusal.contains("Refused: a card or QR payment above what remains (残額を超えるカード・QR決済). Code overpayment"),
            "\(refusal)")
        try await set("method", "cash", on: page)
        try await set("amount", "1000", on: page)
        try await click("do-takePayment", on: page)
        try await expectDisplay("complete 980 - 20", on: page)
        let summary = try await page.evaluate(#"document.getElementById("summary").textContent"#)
        #expect(summary == "Order 1001 complete: total ¥980, paid ¥1,000, change ¥20. Member M-1: 200 points.")
        #expect(
            try await page.evaluate(#"String(document.getElementById("display").contentWindow.notReloaded)"#)
                == "true", "the display frame was reloaded: it did not update live")

        let written = try await page.wait(until: #"document.getElementById("scenario").dataset.actions === "8""#)
        let scenario = try await page.evaluate(#"document.getElementById("scenario").textContent"#)
        print("recorded on the register page:\n\(scenario)")
        try #require(written, "the page shows no scenario of the 8 actions: \(scenario)")
        #expect(scenario.contains("    When I apply 300 points\n    Then the display shows points ¥300\n"))
        #expect(
            scenario.contains(
                #"When the customer tries to pay ¥5,000 by card"# + "\n    "
                    + #"Then it is rejected with "overpayment""#))
        let folder = try BuiltBinary.temporaryDirectory("register-page")
        let screenshot = folder.appendingPathComponent("register-page.png")
        try await page.screenshot(to: screenshot)
        print("register page screenshot: \(screenshot.path)")
        let file = folder.appendingPathComponent("recorded.feature")
        try scenario.write(to: file, atomically: true, encoding: .utf8)
        let run = try await BuiltBinary.execute([file.path], in: folder)
        print("spec-run recorded.feature: exit \(run.status)\n\(run.stdout.suffix(400))")
        #expect(run.status == 0, "the recorded scenario fails on the built-in simulator:\n\(run.stdout)\(run.stderr)")
    }

    /// Sets the form control `id` to `value`.
    private func set(_ id: String, _ value: String, on page: ChromiumDevTools) async throws {
        try await page.evaluate("document.getElementById(\(Self.literal(id))).value = \(Self.literal(value))")
    }

    /// Clicks button `id`, then waits until the page has its answer (nothing pending).
    private func click(_ id: String, on page: ChromiumDevTools) async throws {
        try await page.evaluate("document.getElementById(\(Self.literal(id))).click()")
        let answered = try await page.wait(until: #"document.body.getAttribute("data-pending") === "0""#)
        try #require(answered, "no answer after clicking \(id)")
    }

    /// Waits until the framed display reads `expected` (`displayReading`).
    private func expectDisplay(_ expected: String, on page: ChromiumDevTools) async throws {
        let shown = try await page.wait(until: "\(Self.displayReading) === \(Self.literal(expected))")
        let reading = try await page.evaluate(Self.displayReading)
        #expect(shown, "the display shows \(reading), expected \(expected)")
    }

    /// `text` as a JavaScript string literal.
    static func literal(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

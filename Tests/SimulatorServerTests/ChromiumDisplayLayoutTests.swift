import Foundation
import Simulator
import SimulatorServer
import TestSupport
import Testing
import Transport
import Wire

/// Every screen of the display page, with a 12-line cart, laid out by headless Chromium at
/// a phone's 390×844 and a second screen's 1024×600: the heading and every amount lie
/// inside the viewport (docs/protocol.md, "The display page").
///
/// Chromium's `--window-size` lays a page out in a window no narrower than 500 pixels, and
/// only its screenshot takes the size asked for; so the page is framed at the exact size
/// (`DisplayFrameHandler`), and reports its boxes (`?measure`) to the framing page, whose
/// DOM is dumped.
@Suite("Customer display layout in headless Chromium", .serialized)
struct ChromiumDisplayLayoutTests {
    static let sizes = [(width: 390, height: 844), (width: 1024, height: 600)]

    /// What the page's `?measure` script posts: the screen, its viewport, and the boxes of
    /// its heading (`h1`), its fields (by `data-field`) and its amounts (`amount`).
    struct Measured: Decodable {
        struct Box: Decodable, CustomStringConvertible {
            var field: String
            var text: String
            var left, top, right, bottom: Double

            var description: String { "\(field) \"\(text.prefix(40))\" at \(left),\(top)–\(right),\(bottom)" }

            /// Whether the box has an area and lies inside `outer` (to half a pixel).
            func lies(in outer: Box) -> Bool {
                right > left && bottom > top && left >= outer.left - 0.5 && top >= outer.top - 0.5
                    && right <= outer.right + 0.5 && bottom <= outer.bottom + 0.5
            }
        }
        var screen: String?
        var width, height: Double
        var boxes: [Box]
    }

    @Test("every screen keeps its heading and amounts in view at 390×844 and 1024×600", .requires(.chromium))
    func everyScreenInView() async throws {
        let simulator = try SimulatorServer.start()
        defer { simulator.stop() }
        let frames = try WebSocketServer.start(
            WebSocketServerConfiguration(port: 0), handler: DisplayFrameHandler(displayURL: simulator.url))
        defer { frames.stop() }
        let framesURL = "http://127.0.0.1:\(frames.port)"
        let register = try await simulator.connect("/register")
        defer { Task { await register.close() } }
        let folder = try BuiltBinary.temporaryDirectory("display-shots")
        print("display screenshots: \(folder.path)")

        try await check(framesURL, .welcome, folder)
        var id = 0
        func send(_ action: String) async throws {
            id += 1
            let answer = try await register.request(#"{"id":\#(id),"# + action.dropFirst())
            #expect(answer.contains(#""ok":true"#), "\(action): \(answer)")
        }
        for (index, name) in Self.names.enumerated() {
            try await send(
                #"{"action":"addItem","name":"\#(name)","price":\#(120 * (index + 1)),"quantity":\#(index % 3 + 1)}"#)
        }
        try await send(#"{"action":"setCartDiscount","amount":100}"#)
        try await send(#"{"action":"identifyMember","points":500}"#)
        try await check(framesURL, .cart, folder)
        try await send(#"{"action":"startCheckout"}"#)
        try await send(#"{"action":"applyPoints","points":300}"#)
        try await check(framesURL, .payment, folder)
        try await send(#"{"action":"takePayment","method":"card","amount":1000}"#)
        try await check(framesURL, .partial, folder)
        try await send(#"{"action":"takePayment","method":"cash","amount":100000}"#)
        try await check(framesURL, .complete, folder)
        try await send(#"{"action":"nextCustomer"}"#)
        try await send(#"{"action":"startRefund","order":"1001"}"#)
        try await check(framesURL, .refund, folder)
    }

    /// The fields each screen shows in this test's run, lines aside (docs/protocol.md).
    static let fields: [DisplayScreen: [String]] = [
        .welcome: ["greeting"], .cart: ["subtotal", "discount", "total"],
        .payment: ["subtotal", "discount", "points", "total"], .partial: ["total", "paid", "remaining"],
        .complete: ["total", "paid", "change", "thanks"], .refund: ["refund"],
    ]

    /// Twelve products, short and long, Latin and Japanese, one with markup in its name.
    static let names = [
        "Coffee", "カフェラテ", "Tea", "抹茶ラテ（ホット・ラージサイズ）", "Croissant", "チーズケーキ",
        "Sparkling mineral water from the northern Alps, 500 ml", "サンドイッチ", "Muffin", "おにぎり（鮭）",
        "<b>Tea & Cake</b>", "Cookie",
    ]

    /// Lays the current screen out at each size and checks it; saves each screenshot.
    private func check(_ frames: String, _ screen: DisplayScreen, _ folder: URL) async throws {
        for size in Self.sizes {
            let name = "\(screen.rawValue)-\(size.width)x\(size.height)"
            let frame = "\(frames)/\(size.width)x\(size.height)"
            let screenshot = folder.appendingPathComponent("\(name).png")
            let measured = try await measure(frame, size, screenshot: screenshot) { $0?.screen == screen.rawValue }
            let page = try #require(measured, "\(name): the page reported no boxes")
            #expect(page.screen == screen.rawValue, "\(name)")
            #expect(page.width == Double(size.width) && page.height == Double(size.height), "\(name): viewport")
            for problem in Self.problems(page, screen) { Issue.record("\(name): \(problem)") }
            let bytes = try FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int
            #expect((bytes ?? 0) > 1000, "\(name): screenshot")
        }
    }

    /// What is wrong with a laid-out screen: a heading other than the screen's; a field
    /// (other than the lines, which scroll in their list) outside the viewport; the latest
    /// line outside the visible part of its list; amounts that do not share one right edge.
    static func problems(_ page: Measured, _ screen: DisplayScreen) -> [String] {
        var problems: [String] = []
        let headings = page.boxes.filter { $0.field == "h1" }.map(\.text)
        let expected = CustomerDisplay.heading(of: screen).map { ["\($0)"] } ?? []
        if headings != expected { problems.append("headings \(headings), expected \(expected)") }
        let shown = page.boxes.map(\.field).filter { !["h1", "ul", "line", "amount"].contains($0) }
        if shown != fields[screen] { problems.append("fields \(shown), expected \(fields[screen] ?? [])") }
        let lineCount = page.boxes.filter { $0.field == "line" }.count
        if lineCount != ([.cart, .payment, .refund].contains(screen) ? names.count : 0) {
            problems.append("\(lineCount) lines")
        }
        let viewport = Measured.Box(
            field: "viewport", text: "", left: 0, top: 0, right: page.width, bottom: page.height)
        for box in page.boxes where box.field != "line" && box.field != "amount" && !box.lies(in: viewport) {
            problems.append("\(box) is not in view")
        }
        if let list = page.boxes.first(where: { $0.field == "ul" }),
            let latest = page.boxes.last(where: { $0.field == "line" }),
            !latest.lies(in: list)
        {
            problems.append("the latest line \(latest) is not in the visible part of its list \(list)")
        }
        let rightEdges = page.boxes.filter { $0.field == "amount" }.map(\.right)
        if let first = rightEdges.first, rightEdges.contains(where: { abs($0 - first) > 1 }) {
            problems.append("amounts end at \(rightEdges), not at one right edge")
        }
        return problems
    }

    /// Chromium's dump and screenshot of the framing page, up to three times until `ready`
    /// holds (on a loaded machine the virtual-time budget can run out before the snapshot).
    private func measure(
        _ frame: String, _ size: (width: Int, height: Int), screenshot: URL, until ready: (Measured?) -> Bool
    ) async throws -> Measured? {
        var measured: Measured?
        for attempt in 1...3 {
            let output = try await Shell.execute(
                "/usr/bin/env",
                [
                    "timeout", "60", ChromiumDisplayTests.chromium, "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", "--window-size=\(size.width),\(size.height)", "--virtual-time-budget=3000",
                    "--screenshot=\(screenshot.path)", "--dump-dom", frame,
                ])
            #expect(output.status == 0, "chromium: \(output.stderr.suffix(500))")
            measured = Self.measured(inDOM: output.stdout)
            if ready(measured) { return measured }
            print("chromium: attempt \(attempt) dumped \(frame) before its snapshot arrived")
        }
        return measured
    }

    /// The report in a dumped framing page's `#measured`, its text's entities decoded.
    static func measured(inDOM dom: String) -> Measured? {
        guard let text = Chromium.preText("measured", inDOM: dom) else { return nil }
        return try? JSONDecoder().decode(Measured.self, from: Data(text.utf8))
    }

}

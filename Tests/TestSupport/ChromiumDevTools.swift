import Foundation
import Transport

/// Headless Chromium driven over the DevTools protocol, for tests that click through a
/// page and read its DOM as it changes (`Chromium.dumpDOM` only sees a page once).
///
/// The browser is started with `--remote-debugging-port=0` in a profile folder of its
/// own; the port it chose is read from that folder's `DevToolsActivePort`, and the test
/// talks to it with the project's own `WebSocketClient`. `open` makes a tab and attaches
/// to it; `evaluate` runs JavaScript in it (promises awaited, the value returned as
/// text). Every wait is bounded; `close` ends the browser (killed if it lingers).
///
/// ```swift
/// let browser = try await ChromiumDevTools.launch()
/// try await browser.open("http://127.0.0.1:8080/register-page")
/// try await browser.evaluate("document.getElementById('do-startCheckout').click()")
/// await browser.close()
/// ```
public actor ChromiumDevTools {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let child: Child
    private let client: WebSocketClient
    private var nextID = 1
    private var session: String?

    private init(child: Child, client: WebSocketClient) {
        self.child = child
        self.client = client
    }

    /// Starts Chromium (a 1280×900 window) and connects to its DevTools endpoint, within
    /// 30 s; the browser is killed after 300 s whatever happens to the test.
    public static func launch() async throws -> ChromiumDevTools {
        let profile = try ScratchSpace.folder("chromium-devtools")
        let child = try Child(
            "/usr/bin/env",
            [
                "timeout", "300", Chromium.path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--remote-debugging-port=0", "--remote-allow-origins=*",
                "--user-data-dir=\(profile.path)", "--window-size=1280,900", "about:blank",
            ], stdout: .null, stderr: .null)
        let portFile = profile.appendingPathComponent("DevToolsActivePort")
        for _ in 0..<300 {
            // The file is written once, port then path; both lines mean it is complete.
            if let text = try? String(contentsOf: portFile, encoding: .utf8) {
                let lines = text.split(separator: "\n")
                if lines.count >= 2, let port = UInt16(lines[0]) {
                    let url = WebSocketURL(host: "127.0.0.1", port: port, path: String(lines[1]))
                    let client = try await WebSocketClient.connect(
                        to: url, timeout: .seconds(10), maximumMessageSize: 16 << 20)
                    return ChromiumDevTools(child: child, client: client)
                }
            }
            guard child.isRunning else { throw Failure(description: "chromium exited before it served DevTools") }
            try await Task.sleep(for: .milliseconds(100))
        }
        child.signal(SIGKILL)
        throw Failure(description: "chromium wrote no DevToolsActivePort within 30 s")
    }

    /// Opens `url` in a new tab and attaches to it: later commands go to that tab.
    public func open(_ url: String) async throws {
        let target = try await command("Target.createTarget", ["url": url], inPage: false)
        guard let targetID = target["targetId"] as? String else {
            throw Failure(description: "Target.createTarget gave no targetId: \(target)")
        }
        let attached = try await command(
            "Target.attachToTarget", ["targetId": targetID, "flatten": true], inPage: false)
        guard let session = attached["sessionId"] as? String else {
            throw Failure(description: "Target.attachToTarget gave no sessionId: \(attached)")
        }
        self.session = session
    }

    /// Evaluates `expression` in the tab (a promise is awaited) and returns its value: a
    /// string as it is, anything else as JSON text (`undefined` as ""). A thrown
    /// exception is a `Failure` with its text.
    @discardableResult
    public func evaluate(_ expression: String) async throws -> String {
        let answer = try await command(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
            inPage: true)
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw Failure(description: "\(expression.prefix(120)): \(text)")
        }
        let value = (answer["result"] as? [String: Any])?["value"]
        switch value {
        case nil: return ""
        case let text as String: return text
        case let other?:
            let data = try JSONSerialization.data(withJSONObject: other, options: [.fragmentsAllowed, .sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Waits (polling every 100 ms, at most `limit`) until `condition`, a JavaScript
    /// expression, is true in the tab (one that throws, as on a page still loading, is
    /// false); returns whether it came true.
    public func wait(until condition: String, limit: Duration = .seconds(15)) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        repeat {
            let probe = "(function () { try { return Boolean(\(condition)); } catch (error) { return false; } })()"
            if try await evaluate(probe) == "true" { return true }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        return false
    }

    /// Saves a PNG of the tab's viewport to `file`.
    public func screenshot(to file: URL) async throws {
        let answer = try await command("Page.captureScreenshot", ["format": "png"], inPage: true)
        guard let base64 = answer["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "Page.captureScreenshot gave no image")
        }
        try data.write(to: file)
    }

    /// Closes the browser: `Browser.close`, then up to 5 s for it to exit, then SIGKILL.
    public func close() async {
        try? client.send(text: #"{"id":0,"method":"Browser.close"}"#)
        await client.close(timeout: .seconds(1))
        let child = self.child
        let ended = (try? await offPool { child.wait(within: .seconds(5)) }) ?? nil
        if ended == nil {
            child.signal(SIGKILL)
            _ = try? await offPool { child.wait(within: .seconds(5)) }
        }
    }

    /// Sends one command and waits (at most 30 s) for its answer's `result`, skipping the
    /// events that come meanwhile.
    private func command(_ method: String, _ parameters: [String: Any], inPage: Bool) async throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inPage {
            guard let session else { throw Failure(description: "\(method) before open(_:)") }
            message["sessionId"] = session
        }
        let data = try JSONSerialization.data(withJSONObject: message)
        try client.send(text: String(decoding: data, as: UTF8.self))
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            guard let received = try await client.receive(timeout: .seconds(1)), let text = received.text else {
                continue
            }
            guard let answer = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                answer["id"] as? Int == id
            else { continue }
            if let error = answer["error"] { throw Failure(description: "\(method): \(error)") }
            return answer["result"] as? [String: Any] ?? [:]
        }
        throw Failure(description: "\(method): no answer within 30 s")
    }
}

import Foundation

/// Headless Chromium, the browser the tests check pages in (`Peer.chromium`).
public enum Chromium {
    /// Where `chromium` is (Debian names it so; some systems `chromium-browser`), found on
    /// `PATH` once: no shell, since tests ask for it on the cooperative pool.
    public static let path: String = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return "chromium"
    }()

    /// The DOM of `url` once its scripts have had `budget` ms of virtual time, with
    /// `options` added to the usual headless ones; at most 60 s.
    public static func dumpDOM(_ url: String, options: [String] = [], budget: Int = 5000) async throws -> Shell.Output {
        try await Shell.execute(
            "/usr/bin/env",
            [
                "timeout", "60", path, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--no-first-run", "--disable-background-networking", "--virtual-time-budget=\(budget)",
            ] + options + ["--dump-dom", url])
    }

    /// The text of the element `<pre id="ID">` in a dumped DOM, its entities decoded.
    public static func preText(_ id: String, inDOM dom: String) -> String? {
        guard let start = dom.range(of: "<pre id=\"\(id)\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { return nil }
        return dom[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}

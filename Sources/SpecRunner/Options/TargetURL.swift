import Foundation

/// A register's URL as `--target` names it.
package enum TargetURL {
    /// A register's URL as `--target` takes it (of a run, and of `spec-run explore`),
    /// checked before anything runs (reachability is the environment's job): the protocol's
    /// own form is `ws://HOST:PORT`; the page address `http://HOST:PORT/` is accepted too
    /// (same port). `WS://` is `ws://`: the scheme is read in any case, written in lower case.
    package static func checked(_ written: String) throws(UsageError) -> String {
        var url = written
        if let end = url.range(of: "://") { url = url[..<end.lowerBound].lowercased() + url[end.lowerBound...] }
        let parsed = URL(string: url)
        let scheme = parsed?.scheme?.lowercased() ?? ""
        guard ["ws", "wss", "http", "https"].contains(scheme), !(parsed?.host ?? "").isEmpty else {
            throw UsageError("--target '\(url)' is not a ws:// (or http://) URL with a host, e.g. ws://127.0.0.1:8080")
        }
        if let path = parsed?.path, !path.isEmpty, path != "/" {
            throw UsageError(
                "--target '\(url)' has a path: write ws://HOST:PORT (the steps add /register, /calendar"
                    + " and /display themselves)")
        }
        if parsed?.query != nil || parsed?.fragment != nil {
            throw UsageError("--target '\(url)' has a query or a fragment (after '?' or '#'): write ws://HOST:PORT")
        }
        // As written: a port past `Int`'s range is no `URL.port` at all.
        let address = url.components(separatedBy: "://").dropFirst().first?.prefix { !"/?#".contains($0) } ?? ""
        let authority = address.split(separator: "@").last ?? ""
        let port = authority.lastIndex(of: ":").map { authority[authority.index(after: $0)...] } ?? ""
        if !port.isEmpty, !port.contains("]"), !(Int(port).map { (1...65_535).contains($0) } ?? false) {
            throw UsageError("--target '\(url)' has port \(port): a port is 1 to 65535")
        }
        // The client speaks plain ws:// only: refused here, not as a run that cannot start.
        if scheme == "wss" || scheme == "https" {
            throw UsageError(
                "--target '\(url)': TLS (\(scheme)://) is not supported; write ws:// (a register on"
                    + " the test network, or behind a TLS-terminating proxy)")
        }
        return url
    }
}

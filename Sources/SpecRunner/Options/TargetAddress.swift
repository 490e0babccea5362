import Foundation

/// Checks `--target URL` before anything runs; reachability is the environment's job.
/// The protocol's own form is `ws://HOST:PORT`; the page address `http://HOST:PORT/` is
/// accepted too (same port).
enum TargetAddress {
    static func isPlausible(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            ["ws", "wss", "http", "https"].contains(scheme), let host = url.host, !host.isEmpty
        else { return false }
        return true
    }
}

import Foundation

/// An independent tool a test checks our code against (Python's `websockets`, Chromium,
/// `xmllint`, `junitparser`).
///
/// Locally a test whose peer is missing is skipped with a printed reason; under `CI=true`
/// it runs anyway and fails, so a missing install step can never turn CI green.
public struct Peer: Sendable, CustomStringConvertible {
    public let name: String
    /// A shell command that exits 0 when the peer is usable.
    public let probe: String
    public let installHint: String

    public init(name: String, probe: String, installHint: String) {
        self.name = name
        self.probe = probe
        self.installHint = installHint
    }

    public var description: String { name }

    public static let pythonWebsockets = Peer(
        name: "python websockets",
        probe: "python3 -c 'import websockets'",
        installHint: "python3 -m pip install websockets==17.4"
    )
    public static let junitparser = Peer(
        name: "python junitparser",
        probe: "python3 -c 'import junitparser'",
        installHint: "python3 -m pip install junitparser==5.0.3"
    )
    public static let xmllint = Peer(
        name: "xmllint",
        probe: "command -v xmllint",
        installHint: "apt-get install -y libxml2-utils"
    )
    /// `../shared` beside the repository: the conformance data, the JUnit schemas, the
    /// product docs and the corpus generators, read in place (never copied in).
    public static let sharedFolder = Peer(
        name: "../shared (conformance data, JUnit schemas, product docs)",
        probe: "test -d '\(SharedTestdata.url("testdata").path)'",
        installHint: "put the shared folder beside the repository as ../shared, or set SPEC_RUN_SHARED to its path"
    )
    public static let chromium = Peer(
        name: "chromium",
        probe: "command -v chromium || command -v chromium-browser",
        installHint: "apt-get install -y chromium"
    )

    /// Whether the tests run under CI (`CI` set to anything but empty, `0` or `false`).
    public static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// Whether the peer answers its probe.
    public var isInstalled: Bool {
        (try? Shell.run("/bin/sh", ["-c", probe + " >/dev/null 2>&1"]).status) == 0
    }

    /// `true` when a test that needs this peer should run: the peer is installed, or we
    /// are in CI (where the test must then fail loudly). Prints why a test is skipped.
    public var shouldRun: Bool {
        if isInstalled || Peer.isCI { return true }
        print("SKIPPED (peer missing): \(name) is not installed; install it with `\(installHint)`.")
        return false
    }
}

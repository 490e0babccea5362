import Foundation
import Synchronization
import Testing

/// An independent tool a test checks our code against (Python's `websockets`, Chromium,
/// `xmllint`, `junitparser`, `xunitparser`).
///
/// A test that needs a peer entirely carries the `.requires(peer)` trait: locally, with the
/// peer missing, the test runner records it as skipped and prints the reason; under
/// `CI=true` it runs anyway and fails, so a missing install step can never turn CI green.
/// A check that only adds a peer's cross-check to what the test asserts with the toolchain
/// alone asks `crossCheckRuns(…)`: a missing peer skips that cross-check, with the reason
/// printed, and under `CI=true` fails the test.
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
    /// Gathers every suite's properties in one table and asserts that no name repeats.
    public static let xunitparser = Peer(
        name: "python xunitparser",
        probe: "python3 -c 'import xunitparser'",
        installHint: "python3 -m pip install xunitparser==1.3.4"
    )
    /// The official Python `cucumber-messages` (its `JsonDataclassConverter` refuses an
    /// envelope that lacks a required field).
    public static let cucumberMessages = Peer(
        name: "python cucumber-messages",
        probe: "python3 -c 'import cucumber_messages'",
        installHint: "python3 -m pip install cucumber-messages==34.2.0"
    )
    /// Python itself, which runs `../shared/tools`' corpus generators.
    public static let python3 = Peer(
        name: "python3",
        probe: "command -v python3",
        installHint: "apt-get install -y python3"
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
    /// A real editor with a built-in LSP client, run headless (`spec-run lsp`'s tests).
    public static let neovim = Peer(
        name: "neovim",
        probe: "command -v nvim",
        installHint: "apt-get install -y neovim"
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

    /// Whether the peer answers its probe. Probed once per process, under a lock, so that
    /// the tests that ask first together start one shell, not one each: a test asks from a
    /// thread of the cooperative pool, which the wait holds.
    public var isInstalled: Bool {
        Peer.probed.withLock { probed in
            if let known = probed[name] { return known }
            let shell = try? Child("/bin/sh", ["-c", probe], stdout: .null, stderr: .null)
            let answer = shell?.wait() == Child.Ending(status: 0, signalled: false)
            probed[name] = answer
            return answer
        }
    }

    /// Why a test that needs the peer does not run here.
    public var missingReason: String {
        "\(name) is not installed (install it with `\(installHint)`; CI=true makes it required)"
    }

    /// `true` when a test that needs this peer should run: the peer is installed, or we
    /// are in CI (where the test must then fail loudly). Prints why a test is skipped.
    public var shouldRun: Bool {
        if isInstalled || Peer.isCI { return true }
        print("SKIPPED (peer missing): \(missingReason).")
        return false
    }

    /// Whether a cross-check with this peer runs: `true` when the peer is installed.
    /// Missing, it prints (once a process) that `check` is skipped, and under `CI=true`
    /// records an issue against the calling test.
    public func crossCheckRuns(_ check: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        if isInstalled { return true }
        if Peer.isCI {
            Issue.record("\(name) is missing under CI=true: \(check) cannot run", sourceLocation: sourceLocation)
        } else if Peer.announced.withLock({ $0.insert(name + check).inserted }) {
            print("SKIPPED (peer missing): \(check): \(missingReason).")
        }
        return false
    }

    private static let probed = Mutex<[String: Bool]>([:])
    private static let announced = Mutex<Set<String>>([])
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `peer` is installed, or under `CI=true` (where a missing
    /// peer then fails the test); elsewhere the test is recorded as skipped, with the reason.
    public static func requires(_ peer: Peer, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(if: peer.shouldRun, Comment(rawValue: peer.missingReason), sourceLocation: sourceLocation)
    }
}

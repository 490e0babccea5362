import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where the tests write their files: one folder per test process, removed when the
/// process exits, so a developer's `/tmp` does not collect a folder for every run of
/// every test. A folder left by a process that crashed is removed by the next test run.
///
/// `SPEC_RUN_KEEP_TEST_FILES=1` keeps the folder and prints where it is, to look at a
/// failing test's feature files and reports afterwards.
public enum ScratchSpace {
    /// The prefix of every process's folder in the system's temporary directory.
    static let prefix = "spec-run-tests-"

    /// This process's folder, made on first use.
    private static let root = Mutex<URL?>(nil)

    /// A new empty folder inside this process's scratch space, its name starting `label`.
    public static func folder(_ label: String) throws -> URL {
        let root = try processRoot()
        let url = root.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// This process's folder: made, and its removal at exit arranged, the first time.
    private static func processRoot() throws -> URL {
        try root.withLock { root in
            if let root { return root }
            let temporary = FileManager.default.temporaryDirectory
            removeAbandoned(in: temporary)
            let made = temporary.appendingPathComponent("\(prefix)\(getpid())")
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
            if ProcessInfo.processInfo.environment["SPEC_RUN_KEEP_TEST_FILES"] == "1" {
                print("test files kept in \(made.path)")
            } else {
                atexit { ScratchSpace.removeOwnRoot() }
            }
            root = made
            return made
        }
    }

    /// Removes this process's folder; called at exit.
    private static func removeOwnRoot() {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)\(getpid())")
        try? FileManager.default.removeItem(at: made)
    }

    /// Removes the folders of test processes that have ended (a crash or a
    /// kill skips the removal at exit). A folder whose process is alive is left alone:
    /// two test runs can share the machine.
    private static func removeAbandoned(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) == -1, errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}

import Foundation

/// A child process of the tests: the built binary, a peer, a shell.
///
/// Started by `posix_spawn` with every descriptor but its three standard ones closed, and
/// waited for by `waitpid`. Foundation's `Process` does neither on Linux: a child inherits
/// whatever the test process has open without close-on-exec (the pipes of another child
/// starting at the same moment, the sockets of servers under test) and holds them for as
/// long as it runs, so another child's end of file never comes; and it learns that a child
/// ended through a socket watched by `select`, which sees no descriptor numbered past
/// 1,024, so in a test process holding many sockets its waits never end.
public final class Child: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// A pipe to the test process: `input`, `output` or `errorOutput`.
        case pipe
        /// `/dev/null`.
        case null
        /// A file, created or emptied.
        case file(URL)
    }

    /// How the child ended.
    public struct Ending: Sendable, Equatable {
        /// The exit status, or the signal's number when a signal ended it.
        public let status: Int32
        /// Whether a signal ended it (a crash, a trap, a kill) instead of an exit.
        public let signalled: Bool

        /// The status as a shell reports it: 128 + the signal's number for a signal.
        public var shellStatus: Int32 { signalled ? 128 + status : status }

        public init(status: Int32, signalled: Bool) {
            self.status = status
            self.signalled = signalled
        }
    }

    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    public let pid: pid_t
    /// The writing end of the child's standard input, when it is `.pipe`.
    public let input: FileHandle?
    /// The reading end of the child's standard output, when it is `.pipe`.
    public let output: FileHandle?
    /// The reading end of the child's standard error, when it is `.pipe`.
    public let errorOutput: FileHandle?
    private let lock = NSLock()
    private var ended: Ending?

    /// Starts `executable` (a path) with `arguments`, in `currentDirectory`, with the test
    /// process's environment and `environment` over it.
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        currentDirectory: URL? = nil,
        stdin: Stream = .null,
        stdout: Stream = .pipe,
        stderr: Stream = .pipe
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32?] = [nil, nil, nil]
        var childEnds: [Int32] = []
        defer { for end in childEnds { close(end) } }
        for (number, stream) in [stdin, stdout, stderr].enumerated() {
            let target = Int32(number)
            switch stream {
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else {
                    for end in parentEnds.compactMap({ $0 }) { close(end) }
                    throw StartFailure(description: "pipe: \(String(cString: strerror(errno)))")
                }
                // Every child closes what it inherits past its standard three: this is for
                // the children of anything else in the test process.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (childEnd, parentEnd) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                childEnds.append(childEnd)
                parentEnds[number] = parentEnd
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let url):
                posix_spawn_file_actions_addopen(&actions, target, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        _ = SpawnExtensions.closeFrom?(&actions, 3)
        if let currentDirectory {
            guard let changeDirectory = SpawnExtensions.changeDirectory else {
                throw StartFailure(description: "this C library cannot change a spawned child's directory")
            }
            _ = changeDirectory(&actions, currentDirectory.path)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let argv = CStrings([executable] + arguments)
        let envp = CStrings(merged.map { "\($0.key)=\($0.value)" })
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        guard result == 0 else {
            for end in parentEnds.compactMap({ $0 }) { close(end) }
            throw StartFailure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        input = parentEnds[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        output = parentEnds[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        errorOutput = parentEnds[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }

    /// How it ended; nil while it runs. Never blocks.
    public var ending: Ending? {
        lock.lock()
        defer { lock.unlock() }
        if let ended { return ended }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        let signal = raw & 0x7f
        ended =
            signal == 0
            ? Ending(status: (raw >> 8) & 0xff, signalled: false) : Ending(status: signal, signalled: true)
        return ended
    }

    public var isRunning: Bool { ending == nil }

    /// Waits until it ends, blocking the calling thread (from Swift concurrency, inside
    /// `offPool`).
    public func wait() -> Ending {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        while true {
            if let ending { return ending }
            usleep(1_000)
        }
    }

    /// Waits up to `limit` for it to end; nil when it still runs.
    public func wait(within limit: Duration) -> Ending? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let ending { return ending }
            usleep(2_000)
        }
        return ending
    }

    /// Sends `number` to it, unless it has ended.
    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }
}

/// glibc's `posix_spawn` extensions, which its Swift module does not declare.
private enum SpawnExtensions {
    typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>
    static let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: (@convention(c) (Actions, Int32) -> Int32).self)
    }
    static let changeDirectory = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: (@convention(c) (Actions, UnsafePointer<CChar>) -> Int32).self)
    }
}

/// A null-terminated array of C strings, freed with it.
private final class CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit { for pointer in pointers { free(pointer) } }
}

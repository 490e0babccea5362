import Dispatch
import Synchronization

/// Reads and parses files on another thread, a few ahead of the one that uses them, and
/// hands them over in order: `spec-run gherkin` encodes and writes one file while the next
/// is parsed, so the two halves of the work share the machine's cores. The files are
/// parsed one after another, in order, so counter ids run on from file to file exactly as
/// they do in one thread.
final class FileReadAhead: Sendable {
    /// One file's turn: its parse, or why it could not be read.
    enum Item: Sendable {
        case parsed(ParsedFeatureFile)
        case unreadable(path: String, reason: String)
    }

    private let ready = Mutex<[Item?]>([])
    private let available = DispatchSemaphore(value: 0)
    private let room: DispatchSemaphore
    private let count: Int
    private let cancelled = Atomic<Bool>(false)

    /// Starts reading `files`, at most `window` ahead of `next()`.
    init(files: [String], fileSystem: FeatureFileSystem, ids: IdGenerator, window: Int = 8) {
        count = files.count
        room = DispatchSemaphore(value: window)
        ready.withLock { $0 = Array(repeating: nil, count: files.count) }
        DispatchQueue.global().async { [self] in
            for (index, file) in files.enumerated() {
                room.wait()
                if cancelled.load(ordering: .relaxed) { return }
                let item: Item
                do {
                    item = .parsed(FeatureFileReader(uri: file, ids: ids).read(try fileSystem.read(file)))
                } catch {
                    item = .unreadable(path: file, reason: "\(error)")
                }
                ready.withLock { $0[index] = item }
                available.signal()
            }
        }
    }

    /// Stops reading ahead (the files not yet read are not read).
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        room.signal()
    }

    /// The item of file `index`, waiting until it is read; call with 0, 1, 2, … in order.
    func item(_ index: Int) -> Item {
        precondition(index < count)
        available.wait()
        let item = ready.withLock { items in
            defer { items[index] = nil }
            return items[index]
        }
        room.signal()
        // Items are stored in order and `available` counts them, so file `index` is there.
        guard let item else { return .unreadable(path: "", reason: "not read") }
        return item
    }
}

import Wire

/// One connected customer display: the snapshots it has received, and waits for the
/// screen to match.
///
/// The watcher reads only when a step asks (non-blocking drains, or a receive bounded by
/// the step's limit), so a scenario costs no background task and no polling. Snapshots
/// are read as HTML only when a step looks at them (most are replaced before any does).
/// Given the worker's `EndpointUsage` (a built-in simulator), a drain with no request
/// since the socket was last found empty does not read it.
final class DisplayWatcher {
    /// Why the display could not be read.
    struct ConnectionLost: Error, Sendable, CustomStringConvertible {
        var reason: String
        var description: String { "the display connection was lost: \(reason)" }
    }

    private let channel: any MessageChannel
    /// Every snapshot's HTML as received, the one sent on connecting first.
    private var received: [String] = []
    private var parsed: [Int: DisplaySnapshot] = [:]
    /// The worker's requests, for a display of a built-in simulator; nil for a `--target`.
    private let requests: EndpointUsage?
    /// The request count when a drain last found the socket empty; nil until one has, and
    /// again once a snapshot arrives outside a drain (more may follow it).
    private var emptyAtRequest: Int?
    /// The number of `received[0]`, on a display that numbers its snapshots
    /// (`NumberedSnapshots`); nil on any other.
    private var firstNumber: Int?

    /// A display connection handed from one scenario to the next of a worker, with the last
    /// snapshot it received and that snapshot's number, if it numbers them.
    struct Kept: Sendable {
        let channel: any MessageChannel
        let last: String
        let lastNumber: Int?
    }

    /// Whether a read found the connection lost: such a display is not handed on.
    private var lost = false

    init(channel: any MessageChannel, requests: EndpointUsage?) {
        self.channel = channel
        self.requests = requests
        firstNumber = channel.openingHeader(NumberedSnapshots.headerName).flatMap { Int($0) }
    }

    /// The display an earlier scenario handed on (`kept`), its last snapshot counting as
    /// the one received on connecting until `startFromLatest` reads on.
    init(resuming kept: Kept, requests: EndpointUsage?) {
        channel = kept.channel
        self.requests = requests
        received = [kept.last]
        firstNumber = kept.lastNumber
    }

    /// The connection and its last snapshot, for the worker's next scenario; nil when
    /// none arrived or a read found the connection lost.
    var kept: Kept? {
        guard !lost, let last = received.last else { return nil }
        return Kept(channel: channel, last: last, lastNumber: firstNumber.map { $0 + received.count - 1 })
    }

    /// Whether the display numbers its snapshots (docs/protocol.md, "Numbered snapshots").
    var numbersSnapshots: Bool { firstNumber != nil }

    /// How many snapshots the display has received up to and including the one numbered
    /// `number`, whether or not it has arrived yet; nil when the display does not number
    /// its snapshots.
    func count(through number: Int) -> Int? {
        firstNumber.map { number - $0 + 1 }
    }

    /// The snapshot numbered `number`, waiting up to `timeout` for it to arrive; nil when
    /// the display does not number its snapshots, or this one is not among those received.
    nonisolated(nonsending) func snapshot(numbered number: Int, timeout: Duration) async throws -> DisplaySnapshot? {
        guard let firstNumber, number >= firstNumber else { return nil }
        let index = number - firstNumber
        if index >= received.count { try await waitForSnapshots(index + 1, timeout: timeout) }
        return index < received.count ? snapshot(at: index) : nil
    }

    var count: Int { received.count }

    /// Snapshots after the one received on connecting.
    var updateCount: Int { max(received.count - 1, 0) }

    /// The snapshot at `index` (0: the one sent on connecting).
    func snapshot(at index: Int) -> DisplaySnapshot {
        if let cached = parsed[index] { return cached }
        let snapshot = DisplaySnapshot(html: received[index])
        parsed[index] = snapshot
        return snapshot
    }

    /// The current screen (the last snapshot received), if any arrived.
    func latest() -> DisplaySnapshot? { received.isEmpty ? nil : snapshot(at: received.count - 1) }

    /// Takes every snapshot that has already arrived, without waiting.
    nonisolated(nonsending) func drain() async throws {
        // Read before the socket, so a request sent meanwhile makes the next drain read.
        let count = requests?.requestCount
        if let count, count == emptyAtRequest { return }
        do { received += try await channel.receiveAvailable() } catch { throw lose(error) }
        emptyAtRequest = count
    }

    /// Drains, then answers how many snapshots have arrived: what a step notes as it
    /// starts, in one call. A lost connection is left for the display steps to report.
    nonisolated(nonsending) func drainedCount() async -> Int {
        try? await drain()
        return received.count
    }

    /// Waits until the latest snapshot passes `mismatch` (which returns nil when it
    /// matches, else what differs), up to `timeout`. Returns nil on a match, else the last
    /// mismatch description.
    nonisolated(nonsending) func wait(
        timeout: Duration, until mismatch: @Sendable (DisplaySnapshot) -> String?
    ) async throws -> String? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        try await drain()
        while true {
            let problem = latest().map(mismatch) ?? "no snapshot has arrived"
            guard let problem else { return nil }
            guard let arrived = try await receiveNext(by: deadline) else { return problem }
            if arrived { try await drain() }
        }
    }

    /// Waits until at least `count` snapshots have arrived (or `timeout` passes).
    nonisolated(nonsending) func waitForSnapshots(_ count: Int, timeout: Duration) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        try await drain()
        while received.count < count {
            guard try await receiveNext(by: deadline) == true else { return }
        }
        try await drain()
    }

    /// For a display opened while the resets were under way, or handed on from the
    /// worker's previous scenario (`init(resuming:)`), read once the resets are answered:
    /// the simulator sends a change's snapshots before its answer, so the last snapshot is
    /// the reset state, kept as the one sent on connecting.
    nonisolated(nonsending) func startFromLatest(timeout: Duration) async throws {
        try await waitForSnapshots(1, timeout: timeout)
        do { received += try await channel.receiveAvailable() } catch { throw lose(error) }
        guard let last = received.last, received.count > 1 else { return }
        firstNumber = firstNumber.map { $0 + received.count - 1 }
        received = [last]
        parsed = [:]
        emptyAtRequest = nil
    }

    nonisolated(nonsending) func collect(until deadline: ContinuousClock.Instant) async throws {
        while try await receiveNext(by: deadline) != nil {}
        try await drain()
    }

    nonisolated(nonsending) func close() async { await channel.close() }

    /// Receives one snapshot, waiting until `deadline` at most, and appends it: nil once
    /// the deadline has passed, else whether one arrived.
    nonisolated(nonsending) private func receiveNext(by deadline: ContinuousClock.Instant) async throws -> Bool? {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return nil }
        let text: String?
        do { text = try await channel.receive(timeout: remaining) } catch { throw lose(error) }
        guard let text else { return false }
        received.append(text)
        emptyAtRequest = nil
        return true
    }

    private func lose(_ error: any Error) -> ConnectionLost {
        lost = true
        return ConnectionLost(reason: "\(error)")
    }
}

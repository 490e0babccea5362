import SpecRunner
import Synchronization

/// The answers a speculative attempt's plain actions have not read yet (docs/steps.md,
/// "Answers read later").
///
/// A plain action whose answer is a success changes nothing about the step that follows
/// it, so on a built-in simulator it is sent and its answer left in the socket; the next
/// step that looks (a state check, a try step, a query, the scenario's end) reads every
/// answer left first, in order, as protocol.md answers them; a display check is made once
/// they are read (`QAWorld.checkLater`). A run of actions
/// then costs one wait instead of one per action; an action that reaches the register
/// from the other connection (a reservation checkout after `/register` actions, or a
/// register action after one) first reads what the run left, since protocol.md orders
/// answers only within a connection.
///
/// The attempt's result is what the steps run one by one would give as long as every
/// answer was read and was a success: a step that fails with answers unread may not be
/// the step that would have failed. Otherwise the attempt has missed (`missed`), and the
/// runner discards it and runs the scenario again with each answer read as it comes
/// (docs/runner.md, "Speculative attempts"), so what is reported is always what the
/// steps run one by one give.
///
/// Shared with the runner, which asks `missed` from outside the world's actor once the
/// attempt is over (also after an abandoned step): hence a lock, uncontended.
final class DeferredAnswers: Sendable {
    /// A request sent and not yet answered, with what reading its answer needs.
    struct Unread: Sendable {
        var client: ProtocolClient
        var id: Int
        var action: String
        /// The step's limit, which runs from the request's sending, as it would have had its
        /// step waited for the answer.
        var timeout: Duration
        var deadline: ContinuousClock.Instant
        /// Whether the request may change the register (`QAWorld.touchesRegister`), and
        /// with it the display.
        var touchesRegister: Bool

        init(client: ProtocolClient, id: Int, action: String, timeout: Duration, touchesRegister: Bool) {
            self.client = client
            self.id = id
            self.action = action
            self.timeout = timeout
            self.touchesRegister = touchesRegister
            deadline = ContinuousClock.now.advanced(by: timeout)
        }
    }

    /// At most this many answers wait unread: a longer run of actions reads them and starts
    /// again, so the socket buffers never hold more than a few dozen answers.
    static let limit = 32

    private struct State {
        var unread: [Unread] = []
        /// An answer was not a success, or a step relied on what only reading every answer
        /// first could tell.
        var failed = false
    }

    private let state = Mutex(State())

    var isEmpty: Bool { state.withLock { $0.unread.isEmpty } }
    /// How many more may wait.
    var room: Int { state.withLock { max(Self.limit - $0.unread.count, 0) } }

    /// Whether the attempt's result may differ from the steps run one by one: an answer is
    /// still unread, or one was not a success, or `giveUp` was called.
    var missed: Bool { state.withLock { $0.failed || !$0.unread.isEmpty } }

    func append(_ request: Unread) { state.withLock { $0.unread.append(request) } }

    /// Whether a request on `client` must wait for the answers of another connection:
    /// protocol.md orders answers within a connection only, so the simulator may take a
    /// request on one connection before an earlier one on another. That matters only when
    /// both reach the register (`touchesRegister`): the calendar's own state is changed
    /// only by its own connection, in order.
    func waitsOnOther(than client: ProtocolClient, touchingRegister: Bool) -> Bool {
        guard touchingRegister else { return false }
        return state.withLock { $0.unread.contains { $0.client !== client && $0.touchesRegister } }
    }

    /// The index, among the unread answers, of the last request that may change the
    /// register; nil when none of them may.
    var lastTouchingRegister: Int? { state.withLock { $0.unread.lastIndex { $0.touchesRegister } } }

    /// Marks the attempt as missed: a step needed what the unread answers hid.
    func giveUp() { state.withLock { $0.failed = true } }

    /// Reads every unread answer, in order; fails at the first that is not a success, and
    /// the attempt has then missed. Returns each answer's snapshot number
    /// (`ProtocolResponse.snapshotNumber`), in the same order.
    @discardableResult
    nonisolated(nonsending) func readAll() async throws -> [Int?] {
        let requests = state.withLock { state in
            defer { state.unread = [] }
            return state.unread
        }
        do {
            var numbers: [Int?] = []
            numbers.reserveCapacity(requests.count)
            for request in requests { numbers.append(try await Self.read(request)) }
            return numbers
        } catch {
            giveUp()
            throw error
        }
    }

    /// Reads one answer; a step's failure unless it is a success that came within its
    /// limit. One read after its limit has passed may have come too late, which only a
    /// step waiting for it could have told: it counts as not in time.
    nonisolated(nonsending) private static func read(_ request: Unread) async throws -> Int? {
        let response: ProtocolResponse
        do {
            let remaining = ContinuousClock.now.duration(to: request.deadline)
            guard remaining > .zero else {
                throw ProtocolClient.Failure.timedOut(action: request.action, after: request.timeout)
            }
            response = try await request.client.response(to: request.id, action: request.action, timeout: remaining)
        } catch let failure as ProtocolClient.Failure {
            throw request.client.stepFailure(failure)
        }
        if case .rejected(let code, let message) = response.outcome {
            throw StepFailure(
                .rejected, "an earlier step's \"\(request.action)\" was rejected with \"\(code)\": \(message)")
        }
        return response.snapshotNumber
    }
}

import StepInterface
import Wire

/// Sending actions without waiting for their answers, on a built-in simulator (docs/steps.md,
/// "The request pipeline"): a plain action's answer is left unread and taken to be a
/// success; the next step that needs what the pipeline holds settles it, reading every
/// answer in order. An answer that is not a success is the failure of the step that sent
/// it, told as that step tells it (`Sender.verdict`) and naming it (`StepFailure.stepIndex`).
/// A check of the first display is made once the answers before it are read, on the
/// snapshot that followed them (`LaterCheck`). A `--target`'s world has no pipeline
/// (`QAWorld.pipelined`): a real register must never receive a step after a refused one.
///
/// The pipeline's state is its world's (`QAWorld.unread` and what follows it): these are
/// its types, and the world's extension below its workings.
enum RequestPipeline {
    /// A request sent and not yet answered.
    struct Unread {
        var action: ProtocolAction
        var client: ProtocolClient
        var id: Int
        /// The step's limit, which runs from the request's sending, as it would have had its
        /// step waited for the answer.
        var timeout: Duration
        var deadline: ContinuousClock.Instant
        /// The index in `senders` of the step that sent it.
        var sender: Int
    }

    /// A plain action whose answers are unread, and how it tells a failure from them.
    struct Sender {
        var step: Int
        var language: StepLanguage
        var group: StepGroup
        var verdict: Verdict
    }

    /// Runs the plain action's body again with `perform` answering the outcomes read
    /// (`QAWorld.replaying`): throws the step's failure as it would have in place.
    typealias Verdict = @Sendable (isolated QAWorld) async throws -> Void

    /// A display check made once the answers before it are read.
    struct LaterCheck {
        var step: Int
        /// How many unread answers were before it when it was asked for.
        var position: Int
        /// The index of the last of them that may change the register.
        var snapshotAnswer: Int
        var timeout: Duration
        var mismatch: @Sendable (DisplaySnapshot) -> String?
        /// The step's verdict on the snapshot it judged (`DisplaySteps.Judge`).
        var judge: DisplaySteps.Judge
    }

    /// The display's count of snapshots at a step's start, or the unread answer whose
    /// snapshot number will tell it.
    enum Mark {
        case count(Int)
        case afterAnswer(Int)
        /// The answer named no snapshot (a simulator that does not number them).
        case unknown
    }

    /// At most this many answers wait unread: a longer run of actions settles and starts
    /// again, so the socket buffers never hold more than a few dozen answers.
    static let limit = 32

    /// Whether `action` may change the register, and with it the display: every register
    /// action, and from the calendar only a reservation checkout, which puts the
    /// reservation's menu in the cart (domain.md, "Checkout of a reservation").
    static func touchesRegister(_ action: ProtocolAction) -> Bool {
        switch action {
        case .register, .calendar(.checkoutReservation): true
        case .calendar: false
        }
    }
}

extension QAWorld {
    /// Whether the pipeline holds no unread answer and no check to make.
    var isSettled: Bool { unread.isEmpty && checks.isEmpty }
    var room: Int { max(RequestPipeline.limit - unread.count, 0) }

    /// The index of the last unread request that may change the register.
    var lastTouchingRegister: Int? { unread.lastIndex { RequestPipeline.touchesRegister($0.action) } }

    /// Leaves the answers to `count` requests of `action`, sent from `firstID` on, unread.
    func append(_ action: ProtocolAction, count: Int, _ client: ProtocolClient, firstID: Int, timeout: Duration) {
        guard let sending else { return }
        if senders.last?.step != sending.step { senders.append(sending) }
        unconfirmed.withLock { $0 = $0 ?? sending.step }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        for offset in 0..<count {
            unread.append(
                RequestPipeline.Unread(
                    action: action, client: client, id: firstID + offset, timeout: timeout, deadline: deadline,
                    sender: senders.count - 1))
        }
    }

    /// Whether the running step, a check of the first display, is made later
    /// (`RequestPipeline.LaterCheck`), once the answers before it are read: it started with
    /// answers unread that may change the register. False: the check is made now.
    func checkLater(
        timeout: Duration, mismatch: @escaping @Sendable (DisplaySnapshot) -> String?,
        judge: @escaping DisplaySteps.Judge
    ) -> Bool {
        guard pipelined, let last = lastTouchingRegister else { return false }
        unconfirmed.withLock { $0 = $0 ?? runningStep }
        checks.append(
            RequestPipeline.LaterCheck(
                step: runningStep, position: unread.count, snapshotAnswer: last, timeout: timeout, mismatch: mismatch,
                judge: judge))
        return true
    }

    /// Reads every unread answer in order, making the display checks between them; the
    /// first step that fails throws its failure, naming it (`StepFailure.stepIndex`).
    func settle() async throws {
        guard !isSettled else { return }
        let (answers, owners, later) = (unread, senders, checks)
        (unread, senders, checks) = ([], [], [])
        var numbers: [Int?] = []
        numbers.reserveCapacity(answers.count)
        var nextCheck = 0
        var start = 0
        while true {
            while nextCheck < later.count, later[nextCheck].position <= start {
                try await make(later[nextCheck], numbers: numbers)
                nextCheck += 1
            }
            guard start < answers.count else { break }
            let sender = answers[start].sender
            let end = answers[start...].firstIndex { $0.sender != sender } ?? answers.count
            var outcomes: [ActionOutcome] = []
            for answer in answers[start..<end] {
                let response: ProtocolResponse
                let owner = owners[sender]
                do { response = try await Self.read(answer, language: owner.language) } catch var failure as StepFailure
                {
                    failure.stepIndex = owner.step
                    failure.details = await displayNow(owner.language, unlessWelcome: owner.group == .calendar)
                    throw failure
                }
                outcomes.append(response.outcome)
                numbers.append(response.snapshotNumber)
            }
            // Their snapshots are in the display's socket now: its next drain must read it.
            usage.countAnswers()
            if outcomes.contains(where: { $0 != .succeeded }) {
                throw await failure(
                    of: owners[sender], outcomes: outcomes, shownAt: numbers.last ?? nil,
                    timeout: answers[end - 1].timeout)
            }
            start = end
        }
        // The marks of steps that started while answers were unread: as many snapshots as
        // the display had been sent up to the one the noted answer names, which is what the
        // step would have found had it waited for them.
        func resolved(_ mark: RequestPipeline.Mark) -> RequestPipeline.Mark {
            guard case .afterAnswer(let answer) = mark else { return mark }
            guard answer < numbers.count, let number = numbers[answer], let count = display.count(through: number)
            else { return .unknown }
            return .count(max(count, 1))
        }
        (previousMark, currentMark) = (resolved(previousMark), resolved(currentMark))
        // Every answer and check as it should be: the steps that left them passed. (A failure
        // above leaves them unconfirmed until the runner has recorded it.)
        unconfirmed.withLock { $0 = nil }
    }

    /// The failure the sender's body gives on `outcomes`, with what the display showed
    /// right after them, as a failure at that step would have it (`StepBook.run`).
    private func failure(
        of sender: RequestPipeline.Sender, outcomes: [ActionOutcome], shownAt number: Int?, timeout: Duration
    ) async -> StepFailure {
        var failure: StepFailure
        do {
            try await replaying(outcomes, language: sender.language, sender.verdict)
            failure = StepFailure(.error, "an action was refused, but its step passed on the answers read")
        } catch let thrown as StepFailure {
            failure = thrown
        } catch {
            failure = StepFailure(.error, "\(error)")
        }
        let unlessWelcome = sender.group == .calendar
        let shown: String?
        // Sent before the answer that names it: it is there, or on its way.
        if let number, let snapshot = try? await display.snapshot(numbered: number, timeout: timeout) {
            shown = self.shown(snapshot, sender.language, unlessWelcome: unlessWelcome)
        } else {
            shown = await displayNow(sender.language, unlessWelcome: unlessWelcome)
        }
        if failure.kind != .assertion, let shown {
            failure.details = [failure.details, shown].compactMap { $0 }.joined(separator: "\n")
        }
        failure.stepIndex = sender.step
        return failure
    }

    /// Makes a display check on the snapshot right after the answers before it; one whose
    /// snapshot is not there waits for the screen as the step-by-step check does.
    private func make(_ check: RequestPipeline.LaterCheck, numbers: [Int?]) async throws {
        var failure: StepFailure?
        do {
            let number = check.snapshotAnswer < numbers.count ? numbers[check.snapshotAnswer] : nil
            if let number, let snapshot = try await display.snapshot(numbered: number, timeout: check.timeout) {
                failure = check.judge(check.mismatch(snapshot), snapshot, false)
            } else {
                let problem = try await display.wait(timeout: check.timeout, until: check.mismatch)
                failure = check.judge(problem, display.latest(), true)
            }
        } catch {
            failure = StepFailure(.error, "\(error)")
        }
        guard var failure else { return }
        failure.stepIndex = check.step
        throw failure
    }

    /// Reads one answer; a step's failure unless it came within its limit. One read after
    /// its limit has passed may have come too late, which only a step waiting for it could
    /// have told: it counts as not in time.
    nonisolated(nonsending) private static func read(
        _ answer: RequestPipeline.Unread, language: StepLanguage
    ) async throws -> ProtocolResponse {
        try await answer.client.reaching(answer.action.endpoint, language: language) {
            let remaining = ContinuousClock.now.duration(to: answer.deadline)
            guard remaining > .zero else {
                throw ProtocolClient.Failure.timedOut(action: answer.action.name, after: answer.timeout)
            }
            return try await answer.client.response(to: answer.id, action: answer.action, timeout: remaining)
        }
    }
}

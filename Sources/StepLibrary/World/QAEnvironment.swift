import StepInterface
import Wire

/// One worker's simulator and its long-lived `/register` and `/calendar` connections,
/// which every scenario of the worker reuses; each scenario's display starts at the reset
/// state (`makeWorld`).
actor QAEnvironment: WorkerEnvironment {
    /// Why the environment could not start or reset.
    struct StartFailure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    let baseURL: String
    let openChannel: ChannelOpener
    private let stopSimulator: (@Sendable () async -> Void)?
    /// Whether the environment started the simulator (a built-in one), not a `--target`.
    nonisolated var ownsSimulator: Bool { stopSimulator != nil }
    private let resetTimeout: Duration
    private var register: ProtocolClient
    private var calendar: ProtocolClient
    /// A `--target` without `/calendar` (`MissingEndpoint`): never reset, nor connected again.
    private var calendarMissing: Bool { calendar.isMissing }
    let usage = EndpointUsage()
    /// The display the last scenario handed on (`discard`), for the next (a built-in
    /// simulator's worker only).
    private var keptDisplay: DisplayWatcher.Kept?

    /// Connects to the simulator at `baseURL` (`ws://HOST:PORT`, or the page's
    /// `http://HOST:PORT/`; a trailing `/` ignored).
    /// `stopSimulator` runs at shutdown (the built-in simulator); nil for a `--target`.
    init(
        connectingTo baseURL: String, openChannel: ChannelOpener, resetTimeout: Duration,
        stopSimulator: (@Sendable () async -> Void)? = nil
    ) async throws {
        let base = Endpoint.base(of: baseURL)
        self.baseURL = base
        self.openChannel = openChannel
        self.stopSimulator = stopSimulator
        self.resetTimeout = resetTimeout
        do {
            guard base.hasPrefix("ws://") else {
                throw StartFailure(description: "the target \"\(baseURL)\" is not a ws:// URL (write ws://HOST:PORT)")
            }
            guard !base.dropFirst("ws://".count).contains("/") else {
                throw StartFailure(
                    description: "the target \"\(baseURL)\" has a path; write ws://HOST:PORT (the library adds "
                        + "/register, /calendar and /display)")
            }
            let numbered = stopSimulator != nil
            register = try await Self.connectClient(base + "/register", openChannel, numbered: numbered)
            do { calendar = try await Self.connectClient(base + "/calendar", openChannel, numbered: numbered) } catch
                where stopSimulator == nil
            {
                // A register build without the calendar: its register and display
                // scenarios still run, each calendar step fails saying why, and the
                // calendar is not reset.
                let reason = ReachFailure.reason(error, isTarget: true)
                let missing = MissingEndpoint(reason: "the register at \(base) has no /calendar endpoint (\(reason))")
                calendar = ProtocolClient(url: base + "/calendar", channel: missing)
            }
        } catch {
            await stopSimulator?()
            let what = stopSimulator == nil ? "the register at \(base) (--target)" : "the built-in simulator at \(base)"
            let reason = ReachFailure.reason(error, isTarget: stopSimulator == nil)
            throw error as? StartFailure ?? StartFailure(description: "cannot reach \(what): \(reason)")
        }
    }

    /// `numbered`: a built-in simulator's endpoint, asked to number its snapshots
    /// (`NumberedSnapshots`); `url` stays as failures name it.
    private static func connectClient(_ url: String, _ open: ChannelOpener, numbered: Bool) async throws
        -> ProtocolClient
    {
        ProtocolClient(url: url, channel: try await open.open(numbered ? NumberedSnapshots.asking(url) : url))
    }

    /// Resets the register and the calendar, then starts the scenario's display.
    ///
    /// A built-in simulator serves this worker alone: an endpoint no request has reached
    /// since its last reset is not reset again (`EndpointUsage`), and the worker keeps one
    /// display for all its scenarios (`discard` hands it on). A `--target` may be shared:
    /// both are reset every time, and each scenario dials a display of its own while the
    /// resets are under way, opened once they are answered (its first snapshot shows the
    /// reset state).
    func makeWorld() async throws -> any ScenarioWorld {
        let used = usage.takeUsed()
        var kept = keptDisplay.take()
        let pending: (any PendingChannel)?
        do {
            do {
                pending = try await resetAndDial(
                    register: used.register || !ownsSimulator,
                    calendar: (used.calendar || !ownsSimulator) && !calendarMissing, dial: kept == nil)
            } catch let failure as ProtocolClient.Failure {
                // No answer within the limit on a live connection: a register that stopped
                // answering, which a new connection does not wake (trying one would cost a
                // frozen `--target` a second limit a scenario).
                throw failure
            } catch {
                // A connection lost between scenarios (a target that restarted, a simulator
                // stopped and started again): connect again, for up to the step limit.
                await register.close()
                await calendar.close()
                await kept?.channel.close()
                kept = nil
                try await reconnect()
                pending = try await resetAndDial(register: true, calendar: !calendarMissing, dial: true)
            }
        } catch {
            // Both, after a reset that may not have happened.
            usage.mark(.calendar)
            await kept?.channel.close()
            if let refused = error as? StartFailure { throw StepFailure(.error, refused.description) }
            throw StepFailure.plain(error, after: "the register at \(baseURL) could not be reset for the scenario")
        }
        let display = try await startDisplay(pending, resuming: kept)
        // A `--target` may be a real register, which must never receive a step after a
        // refused one: its actions wait for each answer (`RequestPipeline`).
        return QAWorld(
            environment: self, register: register, calendar: calendar, display: display,
            pipelined: ownsSimulator && display.numbersSnapshots)
    }

    /// The scenario's display at the reset state: the worker's kept display read on to
    /// the reset's snapshot, or the one `pending` opens (or a new one).
    private func startDisplay(_ pending: (any PendingChannel)?, resuming kept: DisplayWatcher.Kept?) async throws
        -> sending DisplayWatcher
    {
        if let kept {
            let display = DisplayWatcher(resuming: kept, requests: usage)
            if (try? await display.startFromLatest(timeout: resetTimeout)) != nil { return display }
            await kept.channel.close()
        }
        let channel: any MessageChannel
        do {
            if let pending {
                channel = try await pending.open()
            } else {
                channel = try await openChannel.open(NumberedSnapshots.asking(baseURL + "/display"))
            }
        } catch {
            throw StepFailure.plain(error, after: "the display at \(baseURL)/display did not open")
        }
        let display = watcher(channel)
        do {
            if ownsSimulator {
                try await display.startFromLatest(timeout: resetTimeout)
            } else {
                try await display.waitForSnapshots(1, timeout: resetTimeout)
            }
        } catch {
            throw StepFailure.plain(error, after: "the display at \(baseURL)/display could not be read")
        }
        // protocol.md: a display receives the current snapshot at once. A target whose
        // display feed is silent fails here, instead of every display step waiting out its
        // limit.
        guard ownsSimulator || display.count > 0 else {
            throw StepFailure(
                .error,
                "the display at \(baseURL)/display sent no snapshot within \(resetTimeout) of connecting:"
                    + " protocol.md says a display receives the current snapshot at once")
        }
        return display
    }

    /// A display on `channel`: only one of our own simulator may skip reads (`EndpointUsage`).
    nonisolated func watcher(_ channel: any MessageChannel) -> DisplayWatcher {
        DisplayWatcher(channel: channel, requests: ownsSimulator ? usage : nil)
    }

    /// Connects `/register` and `/calendar` again, trying for up to the step limit while
    /// the register refuses: one that is restarting is back within a second or two, and
    /// three scenarios refused at once would end the run (`RegisterLoss`).
    private func reconnect() async throws {
        let deadline = ContinuousClock.now + resetTimeout
        var pause = Duration.milliseconds(50)
        while true {
            do {
                let newRegister = try await QAEnvironment.connectClient(
                    baseURL + "/register", openChannel, numbered: ownsSimulator)
                if !calendarMissing {
                    do {
                        calendar = try await QAEnvironment.connectClient(
                            baseURL + "/calendar", openChannel, numbered: ownsSimulator)
                    } catch {
                        await newRegister.close()
                        throw error
                    }
                }
                register = newRegister
                return
            } catch {
                guard ContinuousClock.now + pause < deadline, !Task.isCancelled else { throw error }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(400))
            }
        }
    }

    /// Resets the named endpoints (both requests in flight at once: one round trip) and,
    /// with `dial`, dials the display while the simulator works on them; a built-in
    /// simulator's display sends its opening request at once too (`PendingChannel.announce`).
    private func resetAndDial(register resetRegister: Bool, calendar resetCalendar: Bool, dial: Bool)
        async throws -> (any PendingChannel)?
    {
        let (register, calendar, timeout) = (self.register, self.calendar, resetTimeout)
        let registerID = resetRegister ? try await register.post(.register(.reset)) : nil
        let calendarID = resetCalendar ? try await calendar.post(.calendar(.reset)) : nil
        // Answers are read even when the dial failed, so none is left for a later request.
        var dialled: Result<(any PendingChannel)?, any Error> = .success(nil)
        if dial {
            do {
                let url = baseURL + "/display"
                let pending = try await openChannel.dial(ownsSimulator ? NumberedSnapshots.asking(url) : url)
                if ownsSimulator { try await pending.announce() }
                dialled = .success(pending)
            } catch { dialled = .failure(error) }
        }
        var responses: [ProtocolResponse] = []
        if let registerID {
            responses.append(try await register.response(to: registerID, action: .register(.reset), timeout: timeout))
        }
        if let calendarID {
            responses.append(try await calendar.response(to: calendarID, action: .calendar(.reset), timeout: timeout))
        }
        let who = ownsSimulator ? "the simulator" : "the register at \(baseURL)"
        for response in responses where !response.isOK {
            let message = response.errorMessage
            throw StartFailure(
                description:
                    "\(who) refused \"reset\": \(response.errorCode ?? "")\(message.isEmpty ? "" : ": \(message)")")
        }
        return try dialled.get()
    }

    func discard(_ world: any ScenarioWorld) async {
        guard let world = world as? QAWorld else { return }
        // A connection a scenario costs a socket, a handshake and a close on both ends: a
        // built-in simulator's next scenario reads on from where this one's display left off.
        keptDisplay = await world.closeDisplays(handingOn: ownsSimulator)
    }

    func shutdown() async {
        await keptDisplay.take()?.channel.close()
        await register.close()
        await calendar.close()
        await stopSimulator?()
    }
}

import Foundation
import Synchronization

/// Something that asked the client reactor to watch a socket.
protocol WebSocketClientReactorParticipant: AnyObject, Sendable {
    /// Called on the reactor thread when the watched socket became ready or the watch's
    /// deadline passed. The watch is removed before the call (a one-shot); the
    /// participant watches again if it still needs to.
    func reactorFired(readable: Bool, writable: Bool)
}

/// The one thread of the process that waits on client sockets nobody is reading
/// directly: a parked `receive`, bytes a full socket did not take, a close handshake.
///
/// Clients read and write on their callers' threads whenever they can (see
/// `WebSocketClientCore`); the reactor only covers the waits that outlast a short direct
/// wait, so a request/response round trip never crosses it. One `poll(2)` loop serves
/// every connection, so opening a connection creates no thread.
///
/// While a receive has been parked for `attendAfter` or longer, the reactor also reads
/// every other open connection of the process (the *attended* ones), so a server's ping
/// is answered and its close echoed on a connection nobody reads meanwhile: a register
/// with a strict heartbeat keeps a display the scenario is not reading during a long step.
/// Short waits, the usual ones, leave those connections alone.
final class WebSocketClientReactor: Sendable {
    /// How long a receive is parked before the other connections are read too.
    static let attendAfter = Duration.milliseconds(250)

    private struct Watch {
        let socket: Socket
        let readable: Bool
        let writable: Bool
        let deadline: ContinuousClock.Instant?
        /// Since when a receive has been parked on this socket (`nil`: no receive is).
        let parkedSince: ContinuousClock.Instant?
        let participant: any WebSocketClientReactorParticipant
    }

    /// An open connection, read during long parked waits.
    private struct Attended {
        let socket: Socket
        let participant: any WebSocketClientReactorParticipant
    }

    private struct State {
        var watches: [UInt64: Watch] = [:]
        var attended: [UInt64: Attended] = [:]
        var nextToken: UInt64 = 0
        /// When the loop wakes by itself (`nil`: only for an event).
        var plannedWake: ContinuousClock.Instant?
        /// Between collecting fired watches and the next rebuild of the poll set: changes
        /// made meanwhile are seen without a wake-up.
        var dispatching = false
    }

    private let state = Mutex(State())
    private let wake: WakeSignal

    /// The process's reactor, started on first use; an error when its wake-up pair
    /// could not be created (out of descriptors).
    static let shared: Result<WebSocketClientReactor, SocketError> = {
        do {
            let reactor = WebSocketClientReactor(wake: try WakeSignal())
            let thread = Thread { reactor.run() }
            thread.name = "websocket-client-reactor"
            thread.stackSize = 256 << 10
            thread.start()
            return .success(reactor)
        } catch let error as SocketError {
            return .failure(error)
        } catch {
            return .failure(SocketError(call: "socketpair", errorNumber: 0, detail: "\(error)"))
        }
    }()

    private init(wake: WakeSignal) {
        self.wake = wake
    }

    /// A token that names one participant's watch.
    func makeToken() -> UInt64 {
        state.withLock { state in
            state.nextToken += 1
            return state.nextToken
        }
    }

    /// Watches `socket` for `token` (replacing its earlier watch) until it is readable
    /// (when `readable`), writable (when `writable`), or `deadline` passes. `parkedSince`:
    /// since when a receive has been parked on it.
    func watch(
        _ token: UInt64, socket: Socket, readable: Bool = true, writable: Bool = false,
        deadline: ContinuousClock.Instant?, parkedSince: ContinuousClock.Instant? = nil,
        participant: any WebSocketClientReactorParticipant
    ) {
        let needsWake = state.withLock { state -> Bool in
            let earlier = state.watches[token]
            state.watches[token] = Watch(
                socket: socket, readable: readable, writable: writable, deadline: deadline, parkedSince: parkedSince,
                participant: participant)
            if state.dispatching { return false }
            if let earlier, earlier.socket == socket, earlier.readable == readable, earlier.writable == writable,
                let deadline, let planned = state.plannedWake, planned <= deadline,
                parkedSince.map({ planned <= $0 + Self.attendAfter }) ?? true
            {
                return false
            }
            return true
        }
        if needsWake { wake.signal() }
    }

    /// Stops watching for `token`. A poll already under way may still see its socket;
    /// the loop then finds no watch and ignores it.
    func unwatch(_ token: UInt64) {
        state.withLock { _ = $0.watches.removeValue(forKey: token) }
    }

    /// Reads `socket` for `token` during long parked waits, until `forget`.
    func attend(_ token: UInt64, socket: Socket, participant: any WebSocketClientReactorParticipant) {
        state.withLock { $0.attended[token] = Attended(socket: socket, participant: participant) }
    }

    /// Stops watching and attending `token`'s socket (it is about to be closed).
    func forget(_ token: UInt64) {
        state.withLock { state in
            state.watches.removeValue(forKey: token)
            state.attended.removeValue(forKey: token)
        }
    }

    private func run() {
        var descriptors: [pollfd] = []
        /// Each descriptor's token after the wake signal's, and whether it is only attended.
        var tokens: [(token: UInt64, attended: Bool)] = []
        while true {
            let timeout = state.withLock { state -> Int32 in
                state.dispatching = false
                descriptors.removeAll(keepingCapacity: true)
                tokens.removeAll(keepingCapacity: true)
                descriptors.append(pollfd(fd: wake.reader.fileDescriptor, events: Int16(POLLIN), revents: 0))
                var earliest: ContinuousClock.Instant?
                var parkedSince: ContinuousClock.Instant?
                for (token, watch) in state.watches {
                    let events = (watch.readable ? Int16(POLLIN) : 0) | (watch.writable ? Int16(POLLOUT) : 0)
                    descriptors.append(pollfd(fd: watch.socket.fileDescriptor, events: events, revents: 0))
                    tokens.append((token, false))
                    if let deadline = watch.deadline { earliest = min(earliest ?? deadline, deadline) }
                    if let since = watch.parkedSince { parkedSince = min(parkedSince ?? since, since) }
                }
                if let parkedSince, !state.attended.isEmpty {
                    let attendFrom = parkedSince + Self.attendAfter
                    if attendFrom <= .now {
                        for (token, attended) in state.attended where state.watches[token] == nil {
                            descriptors.append(
                                pollfd(fd: attended.socket.fileDescriptor, events: Int16(POLLIN), revents: 0))
                            tokens.append((token, true))
                        }
                    } else {
                        earliest = min(earliest ?? attendFrom, attendFrom)
                    }
                }
                state.plannedWake = earliest
                return earliest.map(WebSocketClientCore.milliseconds(until:)) ?? -1
            }
            let result = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if result < 0, errno != EINTR {
                // Only EINVAL/ENOMEM remain; back off instead of spinning.
                usleep(1000)
            }
            if descriptors[0].revents != 0 { wake.drain() }
            let now = ContinuousClock.now
            let fired = state.withLock { state -> [(any WebSocketClientReactorParticipant, Bool, Bool)] in
                state.dispatching = true
                var fired: [(any WebSocketClientReactorParticipant, Bool, Bool)] = []
                for (index, (token, attended)) in tokens.enumerated() {
                    let events = descriptors[index + 1].revents
                    let readable = events & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0
                    if attended {
                        // Read while it stays open; it is not a one-shot watch.
                        guard readable, state.watches[token] == nil, let connection = state.attended[token],
                            connection.socket.fileDescriptor == descriptors[index + 1].fd
                        else { continue }
                        fired.append((connection.participant, true, false))
                        continue
                    }
                    guard let watch = state.watches[token], watch.socket.fileDescriptor == descriptors[index + 1].fd
                    else { continue }
                    let writable = events & (Int16(POLLOUT) | Int16(POLLERR)) != 0
                    let expired = watch.deadline.map { $0 <= now } ?? false
                    guard readable || writable || expired else { continue }
                    state.watches[token] = nil
                    fired.append((watch.participant, readable, writable))
                }
                return fired
            }
            for (participant, readable, writable) in fired {
                participant.reactorFired(readable: readable, writable: writable)
            }
        }
    }
}

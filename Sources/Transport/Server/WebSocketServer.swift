import Dispatch
import Foundation
import Synchronization

/// An HTTP/1.1 + WebSocket server on one thread of its own, polling all connections.
///
/// ```swift
/// let server = try WebSocketServer.start(WebSocketServerConfiguration(port: 0), handler: MyHandler())
/// print(server.port)
/// server.stop()
/// ```
public final class WebSocketServer: Sendable {
    /// The port it listens on (the OS's choice when 0 was asked for).
    public let port: UInt16
    public let host: String
    private let wake: WakeSignal
    /// Shared with the server thread, which must not hold the server itself (its last
    /// reference would then be released, and `deinit` run, on that very thread).
    private let control = Control()
    private let finished = DispatchSemaphore(value: 0)

    /// Whether a stop was requested, and whether `stop()` already ran.
    private final class Control: Sendable {
        let stopRequested = Mutex(false)
        let stopCalled = Mutex(false)
    }

    private init(host: String, port: UInt16, wake: WakeSignal) {
        self.host = host
        self.port = port
        self.wake = wake
    }

    deinit {
        stop()
    }

    /// Binds, listens and starts the server thread. Throws `SocketError` when the
    /// address cannot be bound (in use, not an IPv4 address, not ours).
    public static func start(_ configuration: WebSocketServerConfiguration, handler: any WebSocketServerHandler) throws
        -> WebSocketServer
    {
        let listener = try Socket.listen(host: configuration.host, port: configuration.port)
        let server: WebSocketServer
        do {
            server = WebSocketServer(host: configuration.host, port: try listener.localPort(), wake: try WakeSignal())
        } catch {
            listener.close()
            throw error
        }
        let wake = server.wake
        let finished = server.finished
        let control = server.control
        let thread: Thread
        if configuration.colocated {
            let colocated = ColocatedServer(
                port: server.port,
                loop: WebSocketServerLoop(
                    listener: listener, wake: wake, handler: handler, configuration: configuration))
            ColocatedServer.register(colocated)
            thread = Thread {
                // The backstop: a turn each millisecond for peers that do not drive. While
                // clients drive, their turns serve every socket: it looks less often (up to
                // every 8 ms), so that it does not take the core from a worker for nothing.
                var waker = [SocketPollEntry(socket: wake.reader, wantsWrite: false)]
                var interval: Int32 = 1
                while !control.stopRequested.withLock({ $0 }) {
                    _ = try? Socket.poll(&waker, timeoutMilliseconds: interval)
                    interval = colocated.backstopTick() ? min(interval * 2, 8) : 1
                }
                ColocatedServer.unregister(colocated)
                colocated.shutDown()
                wake.close()
                finished.signal()
            }
        } else {
            thread = Thread {
                let loop = WebSocketServerLoop(
                    listener: listener, wake: wake, handler: handler, configuration: configuration)
                loop.run { control.stopRequested.withLock { $0 } }
                // The wake-up pair is the thread's to close: stop() signals it only before this.
                wake.close()
                finished.signal()
            }
        }
        thread.name = "websocket-server :\(server.port)"
        thread.start()
        return server
    }

    /// Stops accepting, closes every connection (WebSocket ones with 1001) and waits
    /// up to two seconds for the server thread to finish. Safe to call more than once.
    public func stop() {
        let first = control.stopCalled.withLock { called -> Bool in
            defer { called = true }
            return !called
        }
        guard first else { return }
        control.stopRequested.withLock { $0 = true }
        wake.signal()
        _ = finished.wait(timeout: .now() + 2)
    }
}

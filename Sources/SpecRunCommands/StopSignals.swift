import Dispatch
import Foundation

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP (unless ignored: `nohup`) for a command that stops
/// on them by itself (`simulate`, `explore`), as a run stops on them: their default action
/// is turned off and each calls `onSignal` with its number on a queue of Dispatch's, until
/// `cancel`.
struct StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(_ onSignal: @escaping @Sendable (Int32) -> Void) {
        var hangUp = sigaction()
        sigaction(SIGHUP, nil, &hangUp)
        let hangUpIgnored =
            unsafeBitCast(hangUp.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        sources = (hangUpIgnored ? [SIGINT, SIGTERM] : [SIGINT, SIGTERM, SIGHUP]).map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { onSignal(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}

import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM for a command that stops on them by itself (`simulate`,
/// `explore`): their default action is turned off and each calls `onSignal` on a queue
/// of Dispatch's, until `cancel`.
struct StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(_ onSignal: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: onSignal)
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}

import Glibc
import Transport

/// Why a worker could not reach its register, in words for whoever runs spec-run: a
/// `--target` that is not running, a host name that is not known, a server that does not
/// speak the protocol — not the socket call that failed.
public enum ReachFailure {
    public static func reason(_ error: any Error, isTarget: Bool) -> String {
        guard let client = error as? WebSocketClientError else { return "\(error)" }
        switch client {
        case .connectionFailed(let socket) where socket.call == "resolve":
            return "the host name is not known (\(socket.detail))"
        case .connectionFailed(let socket) where socket.errorNumber == ECONNREFUSED:
            return "nothing is listening there (connection refused)"
                + (isTarget ? "; is the register build running, on that port?" : "")
        case .connectionFailed(let socket) where socket.errorNumber == ETIMEDOUT || socket.errorNumber == EHOSTUNREACH:
            return "no answer from that host (\(String(cString: strerror(socket.errorNumber))))"
        case .handshakeFailed(let detail):
            return "something answers there, but not as protocol.md's WebSocket server (\(detail))"
        default:
            return "\(client)"
        }
    }
}

import Glibc

/// A failed system call on a socket, with the `errno` captured where it failed.
public struct SocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The system call that failed (`"bind"`, `"connect"`, …).
    public let call: String
    /// The `errno` right after the call, or 0 when the failure is not an OS error.
    public let errorNumber: Int32
    /// Extra context (an address, a timeout).
    public let detail: String

    public init(call: String, errorNumber: Int32, detail: String = "") {
        self.call = call
        self.errorNumber = errorNumber
        self.detail = detail
    }

    /// Captures the current `errno` for `call`.
    static func lastError(_ call: String, detail: String = "") -> SocketError {
        SocketError(call: call, errorNumber: errno, detail: detail)
    }

    public var description: String {
        let reason = errorNumber == 0 ? "failed" : String(cString: strerror(errorNumber))
        return detail.isEmpty ? "\(call): \(reason)" : "\(call) \(detail): \(reason)"
    }
}

extension SocketError {
    /// Whether the address refused or cannot be reached at once (nothing listens there,
    /// or the machine has no route or no IPv6): another address of the host may answer.
    var isRefusal: Bool {
        call == "connect"
            && [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL, EAFNOSUPPORT].contains(errorNumber)
    }
}

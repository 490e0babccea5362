/// Why a request or response head was rejected, with the status a server answers.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let status: HTTPStatus
    public let reason: String

    public init(status: HTTPStatus, reason: String) {
        self.status = status
        self.reason = reason
    }

    static func malformed(_ reason: String) -> HTTPParseError {
        HTTPParseError(status: .badRequest, reason: reason)
    }

    public var description: String { "\(status): \(reason)" }
}

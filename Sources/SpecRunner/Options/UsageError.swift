/// A command line the run command cannot accept: printed on one line with the usage,
/// exit status 2, no report.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

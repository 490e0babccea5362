/// Why a run cannot start; reported as one `<error>` test case, exit status 1.
public struct StartFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

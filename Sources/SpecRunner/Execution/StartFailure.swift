/// Why a run cannot start; reported as one `<error>` test case, exit status 1.
struct StartFailure: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

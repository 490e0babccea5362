extension Optional {
    /// Whether there is a value, tested without comparing: `x != nil` on an optional of an
    /// `Equatable` type picks `Optional`'s `==`, which copies the value (retaining its
    /// strings) into a tuple to compare it with `nil`, on every step of every pickle.
    @inline(__always)
    var hasValue: Bool {
        switch self {
        case .some: true
        case .none: false
        }
    }
}

/// How the simulated booking service answers the next load.
public enum BookingServiceMode: Equatable, Sendable {
    case normal
    case empty
    case failing(message: String)
    case hang

    public var name: String {
        switch self {
        case .normal: return "normal"
        case .empty: return "empty"
        case .failing: return "failing"
        case .hang: return "hang"
        }
    }
}

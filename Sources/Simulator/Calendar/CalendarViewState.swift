/// What the calendar screen shows while it loads reservations: exactly one of four states.
///
/// `loading` and `failed` carry the content shown before, so a reload keeps the list on
/// screen with an indicator or an error banner instead of blanking it.
public enum CalendarViewState: Equatable, Sendable {
    case empty
    case loading(previous: [Reservation]?)
    case loaded([Reservation])
    case failed(previous: [Reservation]?, error: String)

    /// The content this state shows, if any ("content already shown").
    public var content: [Reservation]? {
        switch self {
        case .empty: return nil
        case .loading(let previous): return previous
        case .loaded(let value): return value
        case .failed(let previous, _): return previous
        }
    }

    public var kind: String {
        switch self {
        case .empty: return "empty"
        case .loading: return "loading"
        case .loaded: return "loaded"
        case .failed: return "failed"
        }
    }

    public var error: String? {
        if case .failed(_, let error) = self { return error }
        return nil
    }
}

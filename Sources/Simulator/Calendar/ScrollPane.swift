/// The three panes that scroll together.
public enum ScrollPane: String, Equatable, Sendable, CaseIterable {
    /// Scrolls both ways and carries the header (x) and the staff column (y) with it.
    case grid
    /// The staff names: vertical only.
    case staff
    /// The time header: horizontal only.
    case header
}

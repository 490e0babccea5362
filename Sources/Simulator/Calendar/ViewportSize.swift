/// The size of the grid pane (header and staff column excluded).
public struct ViewportSize: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double = 800, height: Double = 600) {
        self.width = width
        self.height = height
    }
}

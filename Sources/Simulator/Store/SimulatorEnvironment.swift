import Foundation

/// The outside world the reducers need, injected so runs are deterministic: the clock and
/// the order-id scheme.
public struct SimulatorEnvironment: Sendable {
    /// The current time, stamped on completed orders.
    public var now: @Sendable () -> Date
    /// The id of the order with 0-based sequence number `n` since the last register reset.
    public var orderID: @Sendable (_ sequence: Int) -> String

    public init(
        now: @escaping @Sendable () -> Date = { Date() },
        orderID: @escaping @Sendable (_ sequence: Int) -> String = SimulatorEnvironment.countingFrom1001
    ) {
        self.now = now
        self.orderID = orderID
    }

    /// Order ids `"1001"`, `"1002"`, … as domain.md prescribes.
    public static let countingFrom1001: @Sendable (Int) -> String = { String(1001 + $0) }

    /// A fixed clock for tests and reproducible runs.
    public static func fixed(at date: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> SimulatorEnvironment {
        SimulatorEnvironment(now: { date })
    }
}

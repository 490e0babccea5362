/// Percentiles of round-trip times, computed like ws_echo_bench.py's `pct`.
struct LatencySummary {
    let p50: Double
    let p90: Double
    let p99: Double
    let max: Double
    let mean: Double
    let messagesPerSecond: Double

    /// `nanoseconds` unsorted; `total` the wall time of the whole timed loop.
    init(nanoseconds: [Int64], total: Duration) {
        let sorted = nanoseconds.sorted()
        func percentile(_ p: Double) -> Double {
            let index = min(sorted.count - 1, Int((p / 100 * Double(sorted.count - 1)).rounded()))
            return Double(sorted[index]) / 1000
        }
        p50 = percentile(50)
        p90 = percentile(90)
        p99 = percentile(99)
        max = Double(sorted.last ?? 0) / 1000
        mean = Double(sorted.reduce(0, +)) / Double(Swift.max(sorted.count, 1)) / 1000
        let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        messagesPerSecond = Double(sorted.count) / seconds
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

extension Duration {
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}

import SpecRunner
import Synchronization

/// The state a sample's steps keep between steps (`this.count` in the kit's TypeScript).
final class KitWorld: ScenarioWorld {
    private let values = Mutex<[String: Int]>([:])
    private let texts = Mutex<[String: [[String]]]>([:])

    subscript(number name: String) -> Int? {
        get { values.withLock { $0[name] } }
        set { values.withLock { $0[name] = newValue } }
    }

    subscript(table name: String) -> [[String]]? {
        get { texts.withLock { $0[name] } }
        set { texts.withLock { $0[name] = newValue } }
    }
}

/// A fresh `KitWorld` per scenario.
struct KitEnvironment: WorkerEnvironment {
    func makeWorld() async throws -> any ScenarioWorld { KitWorld() }
    func discard(_ world: any ScenarioWorld) async {}
    func shutdown() async {}
}

/// Counts across scenarios and attempts (the `retry` sample's `secondTimePass`).
final class KitCounter: Sendable {
    private let count = Mutex(0)
    /// Adds one and returns the new count.
    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

import Testing

@testable import SpecRunner

/// More built-in workers than four a core only wait for one, and overrun their limits.
@Suite("The number of workers")
struct WorkerCapTests {
    @Test("built-in simulators: at most four workers a core, with a warning that says so")
    func capped() {
        #expect(WorkerCap.workers(8, cores: 2, builtIn: true) == (8, nil))
        let capped = WorkerCap.workers(256, cores: 2, builtIn: true)
        #expect(capped.count == 8)
        #expect(
            capped.warning
                == "--jobs 256: this machine has 2 cores, so the run starts 8 workers (4 a core); more would only wait"
                + " for a core, and their steps would overrun --timeout")
        #expect(WorkerCap.workers(5, cores: 1, builtIn: true).count == 4)
    }

    @Test("a --target run keeps a worker for each register")
    func targets() {
        #expect(WorkerCap.workers(256, cores: 2, builtIn: false) == (256, nil))
    }
}

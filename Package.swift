// swift-tools-version: 6.0
import PackageDescription

/// spec-run: a Gherkin acceptance-test harness with a built-in point-of-sale simulator.
/// No package dependencies: only what the Swift toolchain ships.
let package = Package(
    name: "spec-run",
    products: [
        .executable(name: "spec-run", targets: ["spec-run"])
    ],
    targets: [
        // Leaves.
        .target(name: "Wire"),
        .target(name: "Gherkin", dependencies: ["Wire"], exclude: ["Dialects/generate-dialects.py"]),
        .target(name: "CucumberExpressions"),
        .target(name: "Transport"),
        // The pure simulator (on the wire's value types) and the simulator behind the protocol.
        .target(name: "Simulator", dependencies: ["Wire"]),
        .target(name: "SimulatorServer", dependencies: ["Simulator", "Transport", "Wire"]),
        // What a step library and the runner share (the step definitions, their context and
        // failures), the generic runner, and the QA step library, which builds beside the runner.
        .target(name: "StepInterface", dependencies: ["Gherkin", "CucumberExpressions"]),
        .target(name: "SpecRunner", dependencies: ["StepInterface", "Gherkin", "CucumberExpressions", "Wire"]),
        .target(
            name: "StepLibrary",
            dependencies: ["StepInterface", "Gherkin", "CucumberExpressions", "Transport", "Wire"]
        ),
        // Exploration: random action sequences on a register and the model, shrunk to a scenario.
        .target(
            name: "Explorer",
            dependencies: ["Gherkin", "Simulator", "SimulatorServer", "StepLibrary", "Transport", "Wire"]
        ),
        // `spec-run lsp`: the language server for editors.
        .target(
            name: "LanguageServer",
            dependencies: ["CucumberExpressions", "Gherkin", "SpecRunner", "StepLibrary", "Wire"]
        ),
        .target(
            name: "SpecRunCommands",
            dependencies: [
                "CucumberExpressions", "Gherkin", "SpecRunner", "StepLibrary", "SimulatorServer", "Explorer",
            ]
        ),
        // The executable hands the language server to the command line, so the two build side by side.
        .executableTarget(name: "spec-run", dependencies: ["SpecRunCommands", "LanguageServer"]),

        // Benchmarks (run with -c release; see bench/*/README.md).
        .executableTarget(
            name: "WebSocketBench",
            dependencies: ["Transport", "SimulatorServer"],
            path: "bench/WebSocketBench"
        ),

        .executableTarget(
            name: "ExploreBench",
            dependencies: ["Explorer", "FaultyRegisters", "SimulatorServer"],
            path: "bench/ExploreBench"
        ),
        .executableTarget(name: "RunnerBench", dependencies: ["SpecRunner"], path: "bench/RunnerBench"),
        .executableTarget(name: "GherkinBench", dependencies: ["Gherkin"], path: "bench/GherkinBench"),

        // Tests.
        .target(name: "TestSupport", dependencies: ["Transport"], path: "Tests/TestSupport"),
        // Registers that break one rule each, for the explorer's tests and benchmark.
        .target(
            name: "FaultyRegisters",
            dependencies: ["Simulator", "SimulatorServer", "Transport", "Wire"],
            path: "Tests/FaultyRegisters"
        ),
        // spec-run with the self-test steps the end-to-end tests use: not in the shipped binary.
        .executableTarget(
            name: "spec-run-self-test",
            dependencies: ["SpecRunCommands", "SpecRunner", "CucumberExpressions", "LanguageServer"],
            path: "Tests/SelfTestBinary"
        ),
        .testTarget(name: "GherkinTests", dependencies: ["Gherkin", "Wire", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CucumberExpressionsTests", dependencies: ["CucumberExpressions", "TestSupport"]),
        .testTarget(name: "WireTests", dependencies: ["Wire", "TestSupport"]),
        .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "Wire", "TestSupport"]),
        .testTarget(name: "TransportTests", dependencies: ["Transport", "TestSupport"], exclude: ["Peers"]),
        .testTarget(
            name: "SimulatorServerTests",
            dependencies: ["SimulatorServer", "Simulator", "Transport", "Wire", "TestSupport"]
        ),
        .testTarget(
            name: "SpecRunnerTests",
            dependencies: ["SpecRunner", "Gherkin", "CucumberExpressions", "TestSupport", "Wire"],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        .testTarget(
            name: "StepLibraryTests",
            dependencies: [
                "StepLibrary", "SpecRunner", "CucumberExpressions", "Gherkin", "Simulator", "SimulatorServer", "Wire",
                "TestSupport",
            ]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["TestSupport", "Wire"]),
        .testTarget(
            name: "CompatibilityKitTests",
            dependencies: ["SpecRunner", "Gherkin", "CucumberExpressions", "TestSupport"]
        ),
        .testTarget(
            name: "ExplorerTests",
            dependencies: [
                "Explorer", "FaultyRegisters", "Simulator", "SimulatorServer", "StepLibrary", "Transport", "Wire",
                "TestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

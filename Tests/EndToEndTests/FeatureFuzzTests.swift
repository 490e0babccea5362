import Foundation
import TestSupport
import Testing

/// The built `spec-run`, with the QA step library, over mutated copies of `features/`:
/// lines deleted, duplicated and swapped, keywords flipped, junk bytes inserted, files
/// cut short. Seeded and bounded: the seed is printed, and `SPEC_RUN_FUZZ_SEED=N`
/// repeats a run.
@Suite("spec-run over mutated feature files (built binary)")
struct FeatureFuzzTests {
    static let rounds = 3
    static let filesPerRound = 4
    /// A window of each source file, so a round's scenarios stay few (a few seconds a round).
    static let linesPerFile = 40

    @Test("mutated features: exit 0 or 1, never a signal; every report reads, its counts agree with the console")
    func mutatedFeatures() async throws {
        let seed =
            ProcessInfo.processInfo.environment["SPEC_RUN_FUZZ_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(Int64.max))
        print("feature fuzz: seed \(seed) (SPEC_RUN_FUZZ_SEED=\(seed) swift test --filter FeatureFuzzTests repeats it)")
        var random = SeededRandom(seed: seed)
        let sources = try Self.sourceFeatures()
        try #require(sources.count > 5, "features/ holds \(sources.count) feature files")
        for round in 1...Self.rounds {
            let directory = try TemporaryProject.make([:], label: "feature-fuzz")
            let folder = directory.appendingPathComponent("features")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 1...Self.filesPerRound {
                let source = sources[Int(random.next(below: UInt64(sources.count)))]
                let bytes = FeatureMutator.mutate(Self.window(of: source, random: &random), random: &random)
                try Data(bytes).write(to: folder.appendingPathComponent("fuzz-\(index).feature"))
            }
            let output = try await BuiltBinary.execute(
                ["features", "--junit", "report.xml", "--format", "summary", "--timeout", "5"], in: directory,
                // A crash ends the child at once: the runtime's backtracer, symbolicating a
                // debug build, would hold the pipes for minutes; the seed repeats the run.
                environment: ["NO_COLOR": "1", "SWIFT_BACKTRACE": "enable=no"])
            let context = "seed \(seed), round \(round): \(output.stdout.suffix(2000))\(output.stderr.suffix(2000))"
            try #require(!output.signalled, "a signal ended spec-run (\(output.status)); \(context)")
            #expect([0, 1].contains(output.status), "exit \(output.status); \(context)")
            let report = try await ReportCheck.read(directory.appendingPathComponent("report.xml").path)
            #expect(report.inconsistencies.isEmpty, "\(context)")
            let lastLine = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
            #expect(lastLine == Self.verdict(of: report), "report \(report); \(context)")
        }
    }

    /// The console's closing line for what the report holds.
    static func verdict(of report: JUnitReport) -> String {
        let count = { (result: String) in report.cases.count { $0.result == result } }
        var line = "\(count("passed")) passed, \(count("failure") + count("error")) failed"
        if count("skipped") > 0 { line += ", \(count("skipped")) skipped" }
        return line
    }

    /// The feature files of the repository's `features/`.
    static func sourceFeatures() throws -> [[UInt8]] {
        let root = SharedTestdata.packageRoot.appendingPathComponent("features")
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var paths: [String] = []
        while paths.count < 1000, let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".feature") { paths.append(path) }
        }
        return try paths.sorted().map { Array(try Data(contentsOf: root.appendingPathComponent($0))) }
    }

    /// The file's first lines (its language header and `Feature:`) and a window of the rest.
    static func window(of source: [UInt8], random: inout SeededRandom) -> [UInt8] {
        let lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count > linesPerFile else { return source }
        let start = 3 + Int(random.next(below: UInt64(lines.count - linesPerFile)))
        let kept = Array(lines.prefix(3)) + Array(lines[start..<min(lines.count, start + linesPerFile)])
        return Array(kept.joined(separator: [UInt8(ascii: "\n")]))
    }
}

/// Mutations of a feature file's bytes.
enum FeatureMutator {
    static let keywords = [
        "Feature:", "Rule:", "Background:", "Scenario:", "Scenario Outline:", "Examples:", "Given ", "When ",
        "Then ", "And ", "But ", "* ", "| ", "\"\"\"", "```", "@", "# language: ja", "# language: xx", "機能:",
        "シナリオ:", "前提", "もし", "ならば", "Scenarios:", "Givn ", "",
    ]

    /// One to four mutations of `bytes`.
    static func mutate(_ bytes: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        for _ in 0...random.next(below: 4) {
            guard !lines.isEmpty else { break }
            let at = Int(random.next(below: UInt64(lines.count)))
            switch random.next(below: 6) {
            case 0: lines.remove(at: at)
            case 1: lines.insert(lines[at], at: at)
            case 2: lines.swapAt(at, Int(random.next(below: UInt64(lines.count))))
            case 3: lines[at] = flipKeyword(lines[at], random: &random)
            case 4: lines[at] = insertJunk(lines[at], random: &random)
            default:
                let joined = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
                let cut = Int(random.next(below: UInt64(joined.count + 1)))
                lines = Array(joined.prefix(cut)).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .map(Array.init)
            }
        }
        return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// The line with its leading keyword (or its first word) replaced by another keyword.
    private static func flipKeyword(_ line: [UInt8], random: inout SeededRandom) -> [UInt8] {
        let indent = line.prefix { $0 == UInt8(ascii: " ") }
        let rest = line.dropFirst(indent.count)
        let word = rest.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ":") }
        var tail = rest.dropFirst(word.count)
        if tail.first == UInt8(ascii: ":") { tail = tail.dropFirst() }
        let keyword = keywords[Int(random.next(below: UInt64(keywords.count)))]
        return Array(indent) + Array(keyword.utf8) + Array(tail.drop { $0 == UInt8(ascii: " ") })
    }

    /// The line with one to eight random bytes (control characters, invalid UTF-8, NUL, CR
    /// included) inserted somewhere.
    private static func insertJunk(_ line: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var line = line
        let at = Int(random.next(below: UInt64(line.count + 1)))
        let junk = (0...random.next(below: 8)).map { _ in UInt8(truncatingIfNeeded: random.next(below: 256)) }
        line.insert(contentsOf: junk, at: at)
        return line
    }
}

/// SplitMix64: a small, seeded generator, so a failing run can be repeated from its seed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` above 0).
    mutating func next(below bound: UInt64) -> UInt64 { next() % max(bound, 1) }
}

// Parse + pickle-compile throughput of the Gherkin library over a corpus, measured the way
// ../shared/tools/peer_parse_bench.py measures the reference: every *.feature file is
// read into memory first, then each pass parses and compiles one file at a time, keeping
// nothing. Build with `swift build -c release --product GherkinBench`.
//
//     GherkinBench CORPUS [--repeat 5] [--json] [--count]
import Gherkin

#if canImport(Glibc)
    import Glibc
#endif

struct Options {
    var corpus = ""
    var repeatCount = 5
    var json = false
    var countOnly = false
}

func parseOptions(_ arguments: [String]) -> Options? {
    var options = Options()
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
        switch argument {
        case "--repeat":
            guard let value = iterator.next().flatMap(Int.init), value > 0 else { return nil }
            options.repeatCount = value
        case "--json": options.json = true
        case "--count": options.countOnly = true
        default:
            guard options.corpus.isEmpty, !argument.hasPrefix("-") else { return nil }
            options.corpus = argument
        }
    }
    return options.corpus.isEmpty ? nil : options
}

struct PassResult {
    var seconds: Double
    var pickles: Int
    var scenarios: Int
    var errors: Int
}

func onePass(_ sources: [(String, [UInt8])]) -> PassResult {
    let ids = IdGenerator.incrementing()
    var result = PassResult(seconds: 0, pickles: 0, scenarios: 0, errors: 0)
    let clock = ContinuousClock()
    for (uri, bytes) in sources {
        let start = clock.now
        let parsed = parseFeatureFile(bytes: bytes, uri: uri, ids: ids)
        let elapsed = clock.now - start
        result.seconds += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        result.pickles += parsed.pickles.count
        result.errors += parsed.errors.count
        for child in parsed.document?.feature?.children ?? [] {
            switch child {
            case .scenario: result.scenarios += 1
            case .rule(let rule):
                result.scenarios += rule.children.filter { if case .scenario = $0 { true } else { false } }.count
            case .background: break
            }
        }
    }
    return result
}

func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// `value` with `digits` decimals (Foundation's `String(format:)` is left out on purpose:
/// loading Foundation would dominate the peak memory being measured).
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    guard digits > 0 else { return String(whole) }
    let fraction = String(abs(scaled) % Int(scale))
    return "\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}

func main() -> Int32 {
    guard let options = parseOptions(Array(CommandLine.arguments.dropFirst())) else {
        printError("usage: GherkinBench CORPUS [--repeat N] [--json] [--count]")
        return 2
    }
    let paths = FeatureFileSystem.local.featureFiles(under: options.corpus)
    guard !paths.isEmpty else {
        printError("GherkinBench: no .feature files under \(options.corpus)")
        return 2
    }
    var sources: [(String, [UInt8])] = []
    for path in paths {
        guard let bytes = try? FeatureFileSystem.local.read(path) else {
            printError("GherkinBench: cannot read \(path)")
            return 2
        }
        sources.append((String(path.dropFirst(options.corpus.count + 1)), bytes))
    }
    if options.countOnly {
        print(onePass(sources).pickles)
        return 0
    }
    let bytes = sources.reduce(0) { $0 + $1.1.count }
    _ = onePass(sources)  // warm-up
    let runs = (0..<options.repeatCount).map { _ in onePass(sources) }
    let times = runs.map(\.seconds).sorted()
    let median =
        times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    let first = runs[0]
    let megabytesPerSecond = Double(bytes) / 1e6 / median
    if options.json {
        print(
            """
            {"files": \(sources.count), "bytes": \(bytes), "scenarios": \(first.scenarios), \
            "pickles": \(first.pickles), "errors": \(first.errors), "repeat": \(options.repeatCount), \
            "median_seconds": \(median), "best_seconds": \(times[0]), "worst_seconds": \(times[times.count - 1]), \
            "mb_per_s": \(megabytesPerSecond)}
            """
        )
    } else {
        print(
            "corpus \(options.corpus): \(sources.count) files, \(fixed(Double(bytes) / 1e6, 2)) MB, "
                + "\(first.scenarios) scenarios, \(first.pickles) pickles, \(first.errors) errors; "
                + "\(options.repeatCount) timed passes"
        )
        print(
            "  parse+compile \(fixed(median * 1e3, 1)) ms "
                + "[\(fixed(times[0] * 1e3, 1)) .. \(fixed(times[times.count - 1] * 1e3, 1))]"
                + "  \(fixed(Double(sources.count) / median, 0)) files/s"
                + "  \(fixed(Double(first.pickles) / median, 0)) pickles/s"
                + "  \(fixed(megabytesPerSecond, 2)) MB/s"
        )
    }
    return 0
}

exit(main())

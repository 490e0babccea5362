import Wire

/// The JUnit XML report as values, rendered by `render(into:)`: the Jenkins junit-4 shape
/// (`testsuites` > `testsuite` > `properties`, `testcase`).
struct JUnitDocument: Sendable, Equatable {
    /// Every suite's `timestamp` (the run's start) and `hostname`.
    var timestamp: String
    var hostname: String
    var suites: [Suite] = []
    /// The run's wall-clock time, for `<testsuites time>` (what the console's summary
    /// says); nil: the suites' times added up. With `--jobs 2` the sum is about twice it.
    var duration: Duration?

    struct Suite: Sendable, Equatable {
        var name: String
        var file: String
        var tags: [String]
        var cases: [TestCase]

        var failures: Int { cases.count { if case .failure = $0.outcome { true } else { false } } }
        var errors: Int { cases.count { if case .error = $0.outcome { true } else { false } } }
        var skipped: Int { cases.count { if case .skipped = $0.outcome { true } else { false } } }
        var time: Duration { cases.reduce(.zero) { $0 + $1.time } }
    }

    struct TestCase: Sendable, Equatable {
        var name: String
        var classname: String
        var time: Duration = .zero
        var outcome: Outcome
        var systemOut = ""
    }

    /// A test case's result element (`passed` writes none).
    enum Outcome: Sendable, Equatable {
        case passed
        case failure(type: String, message: String, body: String)
        case error(type: String, message: String, body: String)
        case skipped(String)
    }

    var tests: Int { suites.reduce(0) { $0 + $1.cases.count } }
    var failures: Int { suites.reduce(0) { $0 + $1.failures } }
    var errors: Int { suites.reduce(0) { $0 + $1.errors } }

    /// The XML text, every value escaped, in pieces (the head, then one piece per suite), so a large report can
    /// be written out as it is made instead of held whole.
    func render(into write: (String) -> Void) {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let total = duration ?? suites.reduce(Duration.zero) { $0 + $1.time }
        out += "<testsuites name=\"spec-run\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
        out += " time=\"\(Self.seconds(total))\">\n"
        write(out)
        // Suites are rendered on all cores, a batch at a time, and written in order.
        let batchSize = 16
        for batchStart in stride(from: 0, to: suites.count, by: batchSize) {
            let batch = suites[batchStart..<min(suites.count, batchStart + batchSize)]
            for piece in ResultSlots.map(count: batch.count, { render(batch[batchStart + $0]) }) { write(piece) }
        }
        write("</testsuites>\n")
    }

    /// One `testsuite` element, its properties and test cases.
    private func render(_ suite: Suite) -> String {
        var out = ""
        out += "  <testsuite name=\"\(XMLText.attribute(suite.name))\" tests=\"\(suite.cases.count)\""
        out += " failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"\(suite.skipped)\""
        out += " time=\"\(Self.seconds(suite.time))\" timestamp=\"\(XMLText.attribute(timestamp))\""
        out += " hostname=\"\(XMLText.attribute(hostname))\">\n"
        // One property, named by the file so that no name repeats in the report: readers
        // that gather every suite's properties in one table (xunitparser) refuse a repeat.
        if !suite.file.isEmpty {
            out += "    <properties>\n"
            out += "      <property name=\"\(XMLText.attribute(suite.file))\""
            out += " value=\"\(XMLText.attribute(suite.tags.joined(separator: " ")))\"/>\n"
            out += "    </properties>\n"
        }
        for testCase in suite.cases {
            out += "    <testcase classname=\"\(XMLText.attribute(testCase.classname))\""
            out += " name=\"\(XMLText.attribute(testCase.name))\" time=\"\(Self.seconds(testCase.time))\">\n"
            var systemOut = testCase.systemOut
            switch testCase.outcome {
            case .passed: break
            case .failure(let type, let message, let body), .error(let type, let message, let body):
                let element = if case .error = testCase.outcome { "error" } else { "failure" }
                out +=
                    "      <\(element) message=\"\(XMLText.attribute(message))\" type=\"\(XMLText.attribute(type))\">"
                out += XMLText.content(body) + "</\(element)>\n"
            case .skipped(let text):
                out += "      <skipped>\(XMLText.content(text))</skipped>\n"
                // The reason also leads the output: readers show `<skipped>`'s text seldom.
                systemOut = systemOut.isEmpty ? "skipped: \(text)" : "skipped: \(text)\n\(systemOut)"
            }
            if !systemOut.isEmpty {
                out += "      <system-out>\(XMLText.content(systemOut))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n"
        return out
    }

    /// Seconds with three decimals (the strictest schemas allow no more).
    static func seconds(_ duration: Duration) -> String {
        var bytes = UTF8Buffer(capacity: 16)
        appendSeconds(duration, to: &bytes)
        return bytes.text
    }

    /// Appends `seconds(duration)` as UTF-8 (a report writes thousands of them).
    static func appendSeconds(_ duration: Duration, to bytes: inout UTF8Buffer) {
        let (seconds, attoseconds) = duration.components
        let millis = Int(max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        DecimalDigits.append(millis / 1000, to: &bytes)
        let fraction = millis % 1000
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(48 + fraction / 100))
        bytes.append(UInt8(48 + fraction / 10 % 10))
        bytes.append(UInt8(48 + fraction % 10))
    }
}

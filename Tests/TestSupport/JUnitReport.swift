import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A JUnit report as the tests read it, with the toolchain's own XML parser
/// (FoundationXML): every test case's outcome, type, message, body and system-out.
///
/// The reader needs nothing beyond the Swift toolchain, so every test that checks a report
/// runs everywhere; `ReportCheck` adds the independent peers' cross-checks when present.
public struct JUnitReport: Sendable, Equatable, CustomStringConvertible {
    /// One `<testcase>`: its suite's name, and the result element's kind and contents.
    public struct Case: Sendable, Equatable, Codable {
        public let suite: String
        public let name: String
        public let classname: String
        /// `passed`, `failure`, `error` or `skipped`.
        public let result: String
        public let type: String?
        public let message: String?
        /// The result element's text; nil when it has none.
        public let text: String?
        public let systemOut: String?

        public init(
            suite: String, name: String, classname: String, result: String, type: String?, message: String?,
            text: String?, systemOut: String?
        ) {
            self.suite = suite
            self.name = name
            self.classname = classname
            self.result = result
            self.type = type
            self.message = message
            self.text = text
            self.systemOut = systemOut
        }
    }

    /// The counts the root element declares.
    public let tests: Int
    public let failures: Int
    public let errors: Int
    /// Every test case, in report order.
    public let cases: [Case]
    /// Where the counts the report declares disagree with its test cases; empty when none.
    public let inconsistencies: [String]

    public func named(_ name: String) -> Case? { cases.first { $0.name == name } }

    public var description: String {
        "JUnitReport(tests: \(tests), failures: \(failures), errors: \(errors), cases: \(cases))"
    }

    /// Why a report could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads the report at `path`.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(description: "\(path): no report there")
        }
        try self.init(data: data, origin: path)
    }

    /// Reads a report's bytes; `origin` names it in errors.
    public init(data: Data, origin: String = "report") throws {
        let document: XMLDocument
        do { document = try XMLDocument(data: data, options: []) } catch {
            throw ReadError(description: "\(origin): not well-formed XML: \(error)")
        }
        guard let root = document.rootElement() else { throw ReadError(description: "\(origin): no root element") }
        let suites: [XMLElement]
        switch root.name {
        case "testsuites": suites = root.elements(forName: "testsuite")
        case "testsuite": suites = [root]
        default: throw ReadError(description: "\(origin): the root is <\(root.name ?? "")>, not <testsuites>")
        }
        var cases: [Case] = []
        var problems: [String] = []
        for suite in suites {
            let suiteName = suite.attribute("name") ?? ""
            let own = suite.elements(forName: "testcase").map { Self.testCase($0, suite: suiteName) }
            problems += Self.countProblems(of: suite, cases: own, label: "<testsuite name=\"\(suiteName)\">")
            cases += own
        }
        if root.name == "testsuites" {
            problems += Self.countProblems(of: root, cases: cases, label: "<testsuites>")
        }
        self.cases = cases
        self.tests = root.intAttribute("tests") ?? cases.count
        self.failures = root.intAttribute("failures") ?? cases.count { $0.result == "failure" }
        self.errors = root.intAttribute("errors") ?? cases.count { $0.result == "error" }
        self.inconsistencies = problems
    }

    private static func testCase(_ element: XMLElement, suite: String) -> Case {
        let resultElement = ["failure", "error", "skipped"].lazy.compactMap { element.elements(forName: $0).first }
            .first
        let systemOut = element.elements(forName: "system-out").first?.stringValue
        return Case(
            suite: suite, name: element.attribute("name") ?? "", classname: element.attribute("classname") ?? "",
            result: resultElement?.name ?? "passed", type: resultElement?.attribute("type"),
            message: resultElement?.attribute("message"),
            text: resultElement?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            systemOut: systemOut.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Where `element`'s declared counts differ from what `cases` hold.
    private static func countProblems(of element: XMLElement, cases: [Case], label: String) -> [String] {
        var counted = ["tests": cases.count]
        for kind in ["failure", "error", "skipped"] { counted[kind + (kind == "skipped" ? "" : "s")] = 0 }
        for testCase in cases where testCase.result != "passed" {
            counted[testCase.result + (testCase.result == "skipped" ? "" : "s"), default: 0] += 1
        }
        return counted.keys.sorted().compactMap { key in
            guard let declared = element.attribute(key) else { return nil }
            guard let value = Int(declared), value == counted[key] else {
                return "\(label) says \(key)=\"\(declared)\" but holds \(counted[key] ?? 0)"
            }
            return nil
        }
    }
}

extension XMLElement {
    fileprivate func attribute(_ name: String) -> String? { attribute(forName: name)?.stringValue }
    fileprivate func intAttribute(_ name: String) -> Int? { attribute(name).flatMap { Int($0) } }
}

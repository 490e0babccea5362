import Foundation
import TestSupport
import Testing

@testable import SpecRunner
@testable import StepLibrary

/// The project's own feature files and their coverage notes, against the library.
@Suite("The project's feature files", .serialized)
struct FeatureFilesTests {
    static var features: URL { SharedTestdata.packageRoot.appendingPathComponent("features") }

    @Test("every Japanese try form listed in features/COVERAGE.md is defined")
    func coverageTryForms() throws {
        let url = Self.features.appendingPathComponent("COVERAGE.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let defined = Set(QAStepLibrary.catalogue(.ja).map(\.expression))
        let tryForms = text.split(separator: "\n").filter { $0.hasPrefix("| ") }.compactMap { row -> String? in
            let parts = row.split(separator: "`")
            guard parts.count >= 2, parts[1].hasSuffix("うとする") || parts[1].hasSuffix("うとする:") else { return nil }
            return String(parts[1])
        }
        #expect(tryForms.count >= 20)
        for form in tryForms { #expect(defined.contains(form), "`\(form)` is not defined") }
    }

    @Test("features/ runs green against the built-in simulator")
    func featuresPass() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.features.path), "no \(Self.features.path)")
        let (status, output) = await RunnerCorpusTests.specRun([
            Self.features.path, "--junit", "-", "--format", "summary", "--timeout", "30",
        ])
        #expect(status == 0, "\(output)")
    }

    @Test("features/ saved with Windows line endings and a byte-order mark runs green too")
    func featuresPassWithWindowsLineEndings() async throws {
        let folder = try BuiltBinary.temporaryDirectory("features-crlf")
        let files = try #require(FileManager.default.enumerator(atPath: Self.features.path)).compactMap {
            $0 as? String
        }
        for file in files where file.hasSuffix(".feature") {
            let text = try String(contentsOf: Self.features.appendingPathComponent(file), encoding: .utf8)
            let target = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(("\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")).utf8).write(to: target)
        }
        let (status, output) = await RunnerCorpusTests.specRun([
            folder.path, "--junit", "-", "--format", "summary", "--timeout", "30",
        ])
        #expect(status == 0, "\(output)")
    }
}

import Foundation
import TestSupport
import Testing

/// The Cucumber Compatibility Kit (`../shared/testdata/cucumber-compatibility-kit`): each
/// sample run with Swift step definitions that do what its `.ts` does, its messages
/// compared with its `.ndjson` after `KitComparison`'s normalisation. The samples left
/// out need what spec-run leaves out on purpose (docs/runner.md says why).
@Suite("Cucumber Compatibility Kit")
struct CompatibilityKitTests {
    static let leftOut: [String: String] = [
        "markdown": "Markdown features (.feature.md): spec-run reads .feature files only",
        "multiple-features-reversed": "--order reverse: spec-run orders by --seed",
        "test-run-exception": "--error: a switch of the kit's reference implementation",
    ]

    static var samples: [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: KitRun.kit.appendingPathComponent("samples").path))
            ?? []
        return names.filter { leftOut[$0] == nil }.sorted()
    }

    @Test("the kit is there, with every sample either run or left out for a reason", .requires(.sharedFolder))
    func kitIsPresent() {
        #expect(Self.samples.count + Self.leftOut.count == 46)
    }

    @Test("each sample's messages are the kit's", arguments: samples)
    func sample(_ name: String) async throws {
        let run = try await KitRun.messages(of: name)
        let written = try KitComparison.normalised(run.messages)
        let expected = try KitComparison.normalised(try KitRun.expected(name))
        let difference = KitComparison.firstDifference(written, expected)
        #expect(difference == nil, "\(name): \(difference ?? "")\n\(run.stderr)")
    }
}

import TestSupport
import Testing

/// The conformance folders exist and hold every case, so the parameterised suites cannot
/// pass by running nothing.
@Suite("Conformance data")
struct ConformanceDataTests {
    @Test(
        "each folder holds its cases",
        .requires(.sharedFolder),
        arguments: [
            ("cucumber-expression/tokenizer", 16),
            ("cucumber-expression/parser", 28),
            ("cucumber-expression/transformation", 8),
            ("cucumber-expression/matching", 65),
            ("regular-expression/matching", 3),
        ])
    func folderHoldsCases(folder: String, minimum: Int) {
        #expect(SharedTestdata.isPresent, "expected ../shared at \(SharedTestdata.root.path)")
        #expect(Conformance.caseNames(folder).count >= minimum)
    }
}

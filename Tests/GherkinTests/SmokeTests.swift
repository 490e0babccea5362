import TestSupport
import Testing

@Test("the shared test data folder is where the tests expect it", .requires(.sharedFolder))
func sharedTestdataIsPresent() {
    #expect(SharedTestdata.isPresent, "expected ../shared beside the repository at \(SharedTestdata.root.path)")
}

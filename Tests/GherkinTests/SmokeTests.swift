import TestSupport
import Testing

@Test("the shared test data folder is where the tests expect it")
func sharedTestdataIsPresent() {
    guard Peer.sharedFolder.shouldRun else { return }
    #expect(SharedTestdata.isPresent, "expected ../shared beside the repository at \(SharedTestdata.root.path)")
}

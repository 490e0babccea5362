import Testing

@testable import Transport

@Suite("How long a client reads before it blocks")
struct SpinBudgetTests {
    @Test("a loopback peer gets the whole direct wait; a remote one a short spin, then poll")
    func byHost() {
        #expect(SocketWait.spinBudget(forHost: "127.0.0.1") == SocketWait.directBudget)
        #expect(SocketWait.spinBudget(forHost: "127.4.5.6") == SocketWait.directBudget)
        #expect(SocketWait.spinBudget(forHost: "localhost") == SocketWait.directBudget)
        #expect(SocketWait.spinBudget(forHost: "10.0.0.5") == .microseconds(40))
        #expect(SocketWait.spinBudget(forHost: "192.168.1.127") == .microseconds(40))
    }
}

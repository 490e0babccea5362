import Foundation
import Testing
import Wire

@testable import Simulator

/// A store under test: sends actions through the root reducer with a fixed clock and checks
/// that every rejection leaves the state exactly as it was.
struct StoreHarness {
    var state = StoreState()
    let environment = SimulatorEnvironment.fixed()

    var register: RegisterState { state.register }

    /// Sends `action`; a rejection fails the test with the simulator's message.
    mutating func send(_ action: RegisterAction, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.register(action), sourceLocation: sourceLocation)
    }

    mutating func send(_ action: StoreAction, sourceLocation: SourceLocation = #_sourceLocation) {
        do throws(Rejection) {
            try StoreReducer.reduce(&state, action, environment)
        } catch {
            Issue.record("unexpected rejection of \(action): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Sends `action`, expects `code`, and checks the state did not change at all.
    @discardableResult
    mutating func reject(
        _ action: RegisterAction, _ code: RejectionCode, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Rejection? {
        reject(.register(action), code, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func reject(
        _ action: StoreAction, _ code: RejectionCode, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Rejection? {
        let before = state
        do throws(Rejection) {
            try StoreReducer.reduce(&state, action, environment)
            Issue.record("\(action) succeeded, expected \(code)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
            #expect(state == before, "a rejected action changed the state", sourceLocation: sourceLocation)
            return error
        }
    }

    /// A cart with Coffee ¥450 ×2 and Cake ¥600 (subtotal ¥1,500).
    static func withCart() -> StoreHarness {
        var store = StoreHarness()
        store.send(.catalogSet([Product(name: "Coffee", price: 450), Product(name: "Cake", price: 600)]))
        store.send(.itemAdded(name: "Coffee", price: nil, quantity: 2))
        store.send(.itemAdded(name: "Cake", price: nil, quantity: 1))
        return store
    }

    /// `withCart`, a member M-1 with `points`, and checkout started.
    static func inPayment(memberPoints points: Int? = nil) -> StoreHarness {
        var store = withCart()
        if let points { store.send(.memberIdentified(id: "M-1", points: points)) }
        store.send(.checkoutStarted)
        return store
    }
}

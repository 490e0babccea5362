import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

/// The argument helpers the step bodies use: found by type wherever the language put the
/// parameter, whatever else the step has.
@Suite("Step arguments")
struct StepArgumentTests {
    private final class NoWorld: ScenarioWorld {}

    private func context(_ arguments: [any Sendable]) -> StepContext {
        StepContext(
            arguments: arguments, dataTable: nil, docString: nil, world: NoWorld(), text: "", keyword: "When ",
            location: SourceLine(uri: "a.feature", line: 1), timeout: .seconds(1))
    }

    @Test("first finds an argument by its type in either order")
    func firstByType() throws {
        #expect(try context(["Latte", 520]).first(String.self) == "Latte")
        #expect(try context([520, "Latte"]).first(String.self) == "Latte")
        #expect(try context([520, DisplayScreen.cart]).first(DisplayScreen.self) == .cart)
        #expect(try context(["total", PaymentMethod.card, 1.5]).first(PaymentMethod.self) == .card)
        #expect(try context([DisplayField.total, DisplayScreen.payment]).first(DisplayField.self) == .total)
    }

    @Test("first still casts to types that are not the library's own")
    func firstOtherTypes() throws {
        #expect(try context([UInt8(7), "x"]).first(UInt8.self) == 7)
        #expect(try context(["x", 3]).first((any BinaryInteger).self) as? Int == 3)
    }

    @Test("first without an argument of the type fails the step with the type's name")
    func firstMissing() {
        #expect {
            _ = try context([520, "Latte"]).first(DisplayField.self)
        } throws: { error in
            (error as? StepFailure)?.message.contains("DisplayField") == true
        }
    }

    @Test("firstInteger takes the first whole number, an Int or another integer type")
    func firstInteger() throws {
        #expect(try context(["Latte", 520]).firstInteger() == 520)
        #expect(try context([3, "Latte", 520]).firstInteger() == 3)
        #expect(try context([PaymentMethod.cash, 2.5, UInt16(1000)]).firstInteger() == 1000)
        #expect(throws: StepFailure.self) { try context(["Latte", 2.5]).firstInteger() }
    }

    @Test("integer takes an Int, another integer type or a whole float, and refuses a fraction")
    func integerAtIndex() throws {
        #expect(try context(["x", 42]).integer(1) == 42)
        #expect(try context([Int32(-5)]).integer(0) == -5)
        #expect(try context([12.0]).integer(0) == 12)
        #expect(throws: StepFailure.self) { try context([12.5]).integer(0) }
    }
}

import Testing
import Wire

@testable import SpecRunner
@testable import StepLibrary

/// A `--target` whose `getState` lacks a member protocol.md requires is told so, not read
/// as "no order" or "no member".
@Suite("Required members of the register's state")
struct AnswerFieldTests {
    @Test("present members are returned as sent, null included")
    func present() throws {
        let state = try JSONParser.parse(#"{"lastOrder":null,"members":[{"id":"M-1","points":5}]}"#)
        #expect(try AnswerField.required("lastOrder", in: state, shape: "an id or null", .en) == .null)
        let members = try AnswerField.required("members", in: state, shape: "accounts", .en)
        #expect(members.arrayValue?.count == 1)
    }

    @Test("a missing member fails as the register's error, naming the member, protocol.md and what was sent")
    func missing() throws {
        let state = try JSONParser.parse(#"{"cart":[],"total":0}"#)
        do {
            _ = try AnswerField.required("lastOrder", in: state, shape: "lastOrder, an order id or null", .en)
            Issue.record("no failure for a state without lastOrder")
        } catch let failure as StepFailure {
            #expect(failure.kind == .error)
            #expect(
                failure.message
                    == #"the register's state has no "lastOrder" (protocol.md: lastOrder, an order id or null); "#
                    + #"it has "cart", "total": the register does not answer getState as protocol.md describes"#)
        }
        do {
            _ = try AnswerField.required("members", in: state, shape: "members", .ja)
            Issue.record("no failure for a state without members")
        } catch let failure as StepFailure {
            #expect(failure.message.hasPrefix("レジのstateに「members」がありません（protocol.md：members）。"), "\(failure.message)")
        }
    }

    @Test("an empty state says it is empty, not that it has no members")
    func emptyState() throws {
        for (language, expected) in [
            (StepLanguage.en, "it is empty ({}): the register"), (.ja, "stateは空（{}）です。接続先のレジ"),
        ] {
            #expect(throws: StepFailure.self) {
                do {
                    _ = try AnswerField.required("members", in: .object([:]), shape: "members", language)
                } catch let failure as StepFailure {
                    #expect(failure.message.contains(expected), "\(failure.message)")
                    throw failure
                }
            }
        }
    }

    @Test("an answer without a state object says so")
    func noState() throws {
        #expect(throws: StepFailure.self) {
            _ = try AnswerField.required("lastOrder", in: .null, shape: "an id or null", .en)
        }
    }
}

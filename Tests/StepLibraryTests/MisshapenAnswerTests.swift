import Foundation
import StepInterface
import Testing
import Wire

@testable import StepLibrary

/// A register build whose answers hold a member in another shape than protocol.md's, or
/// leave it out, is told so, naming the member and what it sent: never read as a business
/// outcome ("no member was identified"), nor as a view that contradicts itself.
@Suite("Answers in another shape than protocol.md's")
struct MisshapenAnswerTests {
    /// The register's channel with each answer of `/register` and `/calendar` rewritten by
    /// `rewrite`, as a register build that writes it so would send it.
    struct RewritingChannel: MessageChannel {
        let inner: any MessageChannel
        let rewrite: @Sendable (String) -> String

        func send(_ text: String) async throws { try await inner.send(text) }
        func sendAll(_ texts: [String]) async throws { try await inner.sendAll(texts) }
        func receive(timeout: Duration) async throws -> String? {
            try await inner.receive(timeout: timeout).map(rewrite)
        }
        func receiveAvailable() async throws -> [String] { try await inner.receiveAvailable().map(rewrite) }
        func close() async { await inner.close() }
    }

    static func driver(rewriting pattern: String, with template: String) async throws -> ScenarioDriver {
        let expression = try NSRegularExpression(pattern: pattern)
        let rewrite: @Sendable (String) -> String = { text in
            expression.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return try await ScenarioDriver.start(
            openChannel: ChannelOpener { url in
                let inner = try await WebSocketChannel.open(url)
                guard !url.contains("/display") else { return inner }
                return RewritingChannel(inner: inner, rewrite: rewrite)
            }, stepByStep: true)
    }

    @Test("a member's points sent as a string name the member and the shape, in the step's language")
    func pointsAsString() async throws {
        let driver = try await Self.driver(rewriting: #""points":([0-9]+)"#, with: #""points":"$1""#)
        defer { Task { await driver.stop() } }
        let english = try await driver.run(
            """
            Given the customer is a loyalty member with 500 points
            Then the member has 500 points
            """)
        #expect(
            english.failedStep?.failure.message
                == #"the register's getState answer has "members[0].points": "500", a string, where protocol.md says"#
                + " an integer: the register does not answer getState as protocol.md describes")
        #expect(english.failedStep?.failure.kind == .error)
        let japanese = try await driver.run(
            """
            前提 お客さまは500ポイントを持つ会員である
            ならば 会員のポイント残高は500である
            """)
        #expect(
            japanese.failedStep?.failure.message.hasPrefix(#"レジのgetStateの答えの「members[0].points」は"500"ですが"#) == true,
            "\(String(describing: japanese.failedStep?.failure.message))")
    }

    @Test("a view state without hasContent says so, not that the content is not the content")
    func viewStateWithoutContentFlag() async throws {
        let driver = try await Self.driver(rewriting: #""hasContent":(true|false),?"#, with: "")
        defer { Task { await driver.stop() } }
        let outcome = try await driver.run(
            """
            Given the booking service answers normally
            When the calendar loads
            Then the calendar shows the content
            """)
        #expect(
            outcome.failedStep?.failure.message
                == #"the register's viewState answer has no "viewState.hasContent" (protocol.md: true or false): "#
                + "the register does not answer viewState as protocol.md describes")
    }

    @Test("a layout number sent as a string is named as sent, not as none")
    func numberAsString() {
        #expect {
            try CalendarLayout.expectNumber(#"the x of reservation "R2""#, .string("1320"), 1320, .en)
        } throws: { error in
            (error as? StepFailure)?.message
                == #"expected the x of reservation "R2" to be 1320, but the register gave "1320", a string, not a number"#
                + " (protocol.md)"
        }
    }
}

import Dispatch
import Testing
import Wire

@testable import SpecRunner

@Suite("Step matching, shared by the threads that plan files")
struct StepMatcherTests {
    private static func matcher() -> StepMatcher {
        var registry = StepRegistry()
        registry.step("I add {int} {string} to the cart") { _ in }
        registry.step("I add {int} items") { _ in }
        registry.step("I add {int} {word}") { _ in }
        registry.step("the total is ¥{int}") { _ in }
        return StepMatcher(definitions: registry.definitions)
    }

    private static func summary(_ match: StepMatch) -> String {
        switch match {
        case .matched(let definition, let arguments):
            "matched \(definition) \(arguments.map { $0.text ?? "-" })"
        case .undefined: "undefined"
        case .ambiguous(let definitions): "ambiguous \(definitions)"
        }
    }

    @Test("a step written more than one way is one definition, found by each wording's own start")
    func wordings() {
        var registry = StepRegistry()
        registry.step("the display shows {int}", alsoWritten: ["the customer display shows {int}", "it shows {int}"]) {
            _ in
        }
        registry.step("the second display shows {int}") { _ in }
        registry.step("it shows {word}") { _ in }
        #expect(registry.registrationErrors == [])
        let matcher = StepMatcher(definitions: registry.definitions)
        #expect(Self.summary(matcher.match("the display shows 3")) == #"matched 0 ["3"]"#)
        #expect(Self.summary(matcher.match("the customer display shows 4")) == #"matched 0 ["4"]"#)
        #expect(Self.summary(matcher.match("the second display shows 5")) == #"matched 1 ["5"]"#)
        // A wording two definitions have is ambiguous, as two expressions are.
        #expect(Self.summary(matcher.match("it shows 6")) == "ambiguous [0, 2]")
        #expect(registry.definitions[0].expression.source == "the display shows {int}")
    }

    @Test("many threads matching the same texts get what one thread gets")
    func concurrentMatches() {
        let texts = [
            "I add 3 \"Latte\" to the cart", "I add 2 items", "the total is ¥300", "I add 1 muffin", "I remove it",
        ]
        let expected = texts.map { Self.summary(Self.matcher().match($0)) }
        #expect(
            expected == [
                "matched 0 [\"3\", \"\\\"Latte\\\"\"]", "ambiguous [1, 2]", "matched 3 [\"300\"]",
                "matched 2 [\"1\", \"muffin\"]", "undefined",
            ])
        let shared = Self.matcher()
        let slots = ResultSlots<[String]>(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            let seen = (0..<50).map { round in Self.summary(shared.match(texts[(round + worker) % texts.count])) }
            slots.set(worker, seen)
        }
        for (worker, seen) in slots.values().enumerated() {
            #expect(seen == (0..<50).map { expected[($0 + worker) % texts.count] })
        }
    }

    @Test("texts are cached by their bytes: a different Unicode form is a different text")
    func keysAreBytes() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)  // String equality is canonical equivalence…
        #expect(UTF8Text(composed) != UTF8Text(decomposed))  // …the cache's key is not.
        #expect(UTF8Text(composed) == UTF8Text("caf\u{E9}"))
        #expect(UTF8Text(composed).hashValue == UTF8Text("caf\u{E9}").hashValue)
    }
}

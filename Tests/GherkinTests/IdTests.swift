import Dispatch
import Gherkin
import Synchronization
import Testing

/// Ids are drawn a block at a time per file; files read one after another must still get
/// the same ids as when every id was drawn one by one, and concurrent readers unique ones.
@Suite("Ids across files")
struct IdTests {
    private static let text = """
        @f
        Feature: ids
          Background:
            Given a

          @s
          Scenario Outline: o <x>
            When <x>
              | <x> | y |

            @e
            Examples:
              | x |
              | 1 |
              | 2 |

          Rule: r
            Scenario: s
              Then c
        """

    /// Every id in the file's AST and pickles.
    private func ids(_ file: ParsedFeatureFile) -> [String] {
        var ids: [String] = []
        func add(_ steps: [Step]) {
            for step in steps {
                ids.append(step.id)
                for row in step.dataTable?.rows ?? [] { ids.append(row.id) }
            }
        }
        func add(_ scenario: Scenario) {
            ids.append(scenario.id)
            ids += scenario.tags.map(\.id)
            add(scenario.steps)
            for examples in scenario.examples {
                ids.append(examples.id)
                ids += examples.tags.map(\.id)
                ids += ([examples.tableHeader].compactMap { $0 } + examples.tableBody).map(\.id)
            }
        }
        func add(_ background: Background) {
            ids.append(background.id)
            add(background.steps)
        }
        guard let feature = file.document?.feature else { return ids }
        ids += feature.tags.map(\.id)
        for child in feature.children {
            switch child {
            case .background(let background): add(background)
            case .scenario(let scenario): add(scenario)
            case .rule(let rule):
                ids.append(rule.id)
                ids += rule.tags.map(\.id)
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background): add(background)
                    case .scenario(let scenario): add(scenario)
                    }
                }
            }
        }
        for pickle in file.pickles {
            ids.append(pickle.id)
            ids += pickle.steps.map(\.id)
        }
        return ids
    }

    @Test("files read in turn draw consecutive ids, continuing from file to file")
    func consecutive() {
        let generator = IdGenerator.incrementing()
        var all: [String] = []
        for index in 0..<3 {
            let file = parseFeatureFile(bytes: Array(Self.text.utf8), uri: "\(index).feature", ids: generator)
            #expect(file.errors.isEmpty)
            all += ids(file)
        }
        #expect(all.count == 3 * 24)
        #expect(Set(all) == Set((0..<all.count).map(String.init)))
        #expect(generator.next() == String(all.count))
    }

    @Test("concurrent readers sharing a generator get unique ids")
    func concurrent() {
        let generator = IdGenerator.incrementing()
        let collected = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let file = parseFeatureFile(bytes: Array(Self.text.utf8), uri: "\(index).feature", ids: generator)
            let drawn = ids(file)
            collected.withLock { $0 += drawn }
        }
        let all = collected.withLock { $0 }
        #expect(all.count == 16 * 24)
        #expect(Set(all).count == all.count)
    }

    @Test("ranges reserved in turn draw their ids whatever the order they are drawn in, then the generator's")
    func ranges() {
        let generator = IdGenerator.incrementing()
        #expect(generator.next() == "0")
        let ranges = [generator.range(3), generator.range(2)]
        #expect(generator.next() == "6")
        let drawn = Mutex<[Int: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            var range = ranges[1 - index]
            let ids = (0..<(index == 0 ? 2 : 3)).map { _ in range.next() }
            drawn.withLock { $0[1 - index] = ids }
        }
        #expect(drawn.withLock { $0 } == [0: ["1", "2", "3"], 1: ["4", "5"]])
        // Past its end a range draws from the generator, so its ids stay unique.
        var second = ranges[1]
        #expect([second.next(), second.next(), second.next()] == ["4", "5", "7"])
    }
}

import Glibc
import Testing

@testable import SpecRunner

@Suite("Pieces made on all cores, handed over in order")
struct OrderedPiecesTests {
    @Test("each piece reaches the consumer once, in the order added, however long each takes to make")
    func inOrder() {
        let pieces = OrderedPieces<Int>()
        for index in 0..<40 {
            if index % 10 == 0 {
                pieces.add(made: -index)
                continue
            }
            // Later pieces are quicker, so they are made before the ones ahead of them.
            pieces.add {
                usleep(UInt32(40 - index) * 200)
                return index * index
            }
        }
        var consumed: [Int] = []
        pieces.consume { consumed.append($0) }
        #expect(consumed == (0..<40).map { $0 % 10 == 0 ? -$0 : $0 * $0 })
    }

    @Test("with nothing added, nothing is consumed")
    func empty() {
        var consumed: [String] = []
        OrderedPieces<String>().consume { consumed.append($0) }
        #expect(consumed.isEmpty)
    }
}

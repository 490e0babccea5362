import Testing

@testable import Gherkin

/// The inline strings the scanner and the id generator write must be indistinguishable from
/// the standard library's own: same text, equality, hash, and behaviour when changed.
@Suite("Inline small strings")
struct SmallStringTests {
    @Test("the layout check passes on this platform (else every string takes the slow path)")
    func layoutIsVerified() {
        #expect(SmallString.isAvailable == (MemoryLayout<String>.size == 16))
    }

    @Test("ids are the decimal numbers, around every change in digit count")
    func decimals() {
        var values = Array(0...20_000)
        var power = 10
        while power <= 1_000_000_000_000 {
            values += [power - 2, power - 1, power, power + 1]
            power *= 10
        }
        values += [12_345_678, 87_654_321, 99_999_999, 100_000_000, Int.max]
        for value in values {
            let made = SmallString.decimal(value)
            #expect(made == String(value), "\(value)")
            #expect(made.utf8.count == String(value).utf8.count)
            #expect(made.hashValue == String(value).hashValue)
        }
    }

    @Test("cut-out ASCII text equals the library's string at every length and offset")
    func asciiSlices() throws {
        let text = Array("Given a customer books \"Head Spa\" with Ito at 11:00 | a | b |".utf8)
        for start in 0..<text.count {
            for end in start...min(text.count, start + 20) {
                let expected = String(decoding: text[start..<end], as: UTF8.self)
                guard let made = SmallString.utf8(text, from: start, to: end) else {
                    #expect(end - start == 0 || end - start > SmallString.capacity)
                    continue
                }
                #expect(made == expected)
                #expect(made.hashValue == expected.hashValue)
                var changed = made
                changed += "!"
                #expect(changed == expected + "!")
            }
        }
    }

    @Test("non-ASCII text is inline when well-formed, left to the library when cut mid-scalar")
    func nonAscii() {
        let text = Array("¥1,200 前提 ok \u{1F642}".utf8)
        for start in 0..<text.count {
            for end in start...text.count {
                let made = SmallString.utf8(text, from: start, to: end)
                guard let expected = String(validating: text[start..<end], as: UTF8.self), end - start > 0,
                    end - start <= SmallString.capacity
                else {
                    #expect(made == nil, "\(start)..<\(end)")
                    continue
                }
                #expect(made == expected, "\(start)..<\(end)")
                #expect(made?.hashValue == expected.hashValue)
                #expect(made?.unicodeScalars.count == expected.unicodeScalars.count)
            }
        }
        #expect(UTF8Text.string(text, from: 0, to: 7) == "¥1,200")
    }

    @Test("out-of-range positions are refused")
    func outOfRange() {
        let text = Array("plain".utf8)
        #expect(SmallString.utf8(text, from: -1, to: 3) == nil)
        #expect(SmallString.utf8(text, from: 0, to: text.count + 1) == nil)
        #expect(SmallString.utf8(text, from: 3, to: 2) == nil)
    }
}

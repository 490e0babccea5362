import Foundation
import Testing

@testable import Wire

@Suite("Protocol: JSON reading and writing")
struct JSONCodecTests {
    @Test("the parser reads every JSON type and keeps integer literals exact")
    func parse() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5e3, true, false, null, "x\u0041"], "b": {}} "#)
        #expect(
            value
                == .object([
                    "a": .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("xA")]),
                    "b": .object([:]),
                ]))
        #expect(JSONValue.number("9007199254740993").intValue == 9_007_199_254_740_993)
        #expect(JSONValue.number("2.0").intValue == 2)
        #expect(JSONValue.number("2.5").intValue == nil)
        #expect(JSONValue.number("1e400").doubleValue == nil)
    }

    @Test("parse failures say where", arguments: [("{\"a\" 1}", 5), ("[1,]", 3), ("tru", 3), ("\"abc", 4), ("01", 1)])
    func failures(text: String, offset: Int) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.offset == offset, "\(error.reason)")
        }
    }

    @Test("strings are escaped so any text round-trips through Foundation's parser")
    func stringRoundTrip() throws {
        let texts = ["plain", "quote \" backslash \\", "\n\r\t\u{08}\u{0C}\u{01}\u{1F}", "日本語 ¥ 🍵", "</script>"]
        for text in texts {
            var writer = JSONWriter()
            writer.beginArray()
            writer.string(text)
            writer.endArray()
            let parsed = try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [String]
            #expect(parsed == [text])
        }
    }

    @Test(
        "numbers are written exactly and whole values without a fraction",
        arguments: [(1_200.0, "1200"), (0.1, "0.1"), (-0.0, "0"), (60.25, "60.25"), (1e20, "1e+20"), (1e-7, "1e-07")])
    func numbers(value: Double, text: String) {
        var writer = JSONWriter()
        writer.double(value)
        #expect(writer.text == text)
        #expect(Double(writer.text) == value)
    }

    @Test("members are separated by commas at every level")
    func structure() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("a", 1)
        writer.key("b")
        writer.beginArray()
        writer.int(1)
        writer.beginObject()
        writer.endObject()
        writer.null()
        writer.endArray()
        writer.member("c", optional: nil)
        writer.endObject()
        #expect(writer.text == #"{"a":1,"b":[1,{},null],"c":null}"#)
    }
}

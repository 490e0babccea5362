import Testing

@testable import Wire

@Suite("JSON: parsing, the member scan and serialising values")
struct JSONParserTests {
    @Test("strings with escapes, surrogate pairs and Japanese text")
    func strings() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\n", "\u00e9\ud83d\ude00", "合計", "\/"]"#)
        #expect(value == .array([.string("a\"b\\c\n"), .string("é😀"), .string("合計"), .string("/")]))
    }

    @Test("numbers, literals and nesting")
    func numbers() throws {
        let value = try JSONParser.parse(#" {"x": 1200.5, "y": -3, "z": 1e3, "t": true, "n": null, "a": [[], {}]} "#)
        #expect(value["x"]?.doubleValue == 1200.5)
        #expect(value["y"]?.intValue == -3)
        #expect(value["z"]?.intValue == 1000)
        #expect(value["t"]?.boolValue == true)
        #expect(value["n"]?.isNull == true)
        #expect(value["x"]?.intValue == nil)
    }

    @Test(
        "malformed text is an error with an offset, never a crash",
        arguments: [
            "", "{", #"{"a" 1}"#, "[1,]", #""abc"#, "tru", "{} x", #"{"a":"\x"}"#, "-", "007", "+1", ".5", "1.",
            #""\ud83d""#, String(repeating: "[", count: 1000),
        ])
    func malformed(text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
    }

    @Test("nesting is bounded at 64 levels, and says so")
    func depth() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(deepest) }
        let failure = try #require(throws: JSONParser.Failure.self) { try JSONParser.parse("[" + deepest + "]") }
        #expect(failure.description == "invalid JSON at byte 64: nested deeper than 64 levels")
    }

    @Test("values serialise compactly, members in order, escaping what JSON requires")
    func serialise() throws {
        let request = JSONValue.object([
            "id": 3, "action": "addItem", "name": .string("Tea & \"Cake\"\n"), "price": JSONValue(450),
            "x": JSONValue(1.5), "ok": true, "none": .null, "list": .array([1, 2]),
        ])
        #expect(
            request.serialized
                == #"{"id":3,"action":"addItem","name":"Tea & \"Cake\"\n","price":450,"x":1.5,"ok":true,"none":null,"list":[1,2]}"#
        )
        #expect(try JSONParser.parse(request.serialized) == request)
    }

    @Test(
        "whole numbers serialise as String(Int) writes them, as Int or as Double",
        arguments: [0, 7, -7, 10, 99, 100, 520, -1_000, 123_456_789, 8_999_999_999_999_999, -8_999_999_999_999_999])
    func wholeNumbers(value: Int) {
        #expect(JSONValue(Double(value)).serialized == String(value))
        #expect(JSONValue(value).serialized == String(value))
        #expect(JSONValue.array([JSONValue(Double(value)), "x"]).serialized == "[\(value),\"x\"]")
    }

    @Test("a number JSON cannot say is null")
    func notFinite() {
        #expect(JSONValue(Double.infinity) == .null)
        #expect(JSONValue(Double.nan).serialized == "null")
    }

    @Test("the member scan locates values without parsing them")
    func memberScan() throws {
        let text = #"{"id":3,"ok":true,"state":{"lines":[{"name":"a\"}]{[","q":1}],"x":null},"layout":{"rows":[]}}"#
        let members = try JSONMembers(text)
        #expect(members.text("id") == "3")
        #expect(members.integer("id") == 3)
        #expect(members.isTrue("ok"))
        #expect(members.text("state") == #"{"lines":[{"name":"a\"}]{[","q":1}],"x":null}"#)
        #expect(members.value("state")?["lines"]?.arrayValue?.first?["name"]?.stringValue == #"a"}]{["#)
        #expect(members.value("layout")?["rows"]?.arrayValue == [])
        #expect(members.range(of: "viewport") == nil)
    }

    @Test("a name written with escapes is found by its decoded name, and the last of a repeated name counts")
    func escapedNames() throws {
        let members = try JSONMembers(#"{"\u0069d": 5, "o\u006b": true, "id": 6}"#)
        #expect(members.integer("id") == 6)
        #expect(members.isTrue("ok"))
        let value = try JSONParser.parse(#"{"\u0069d": 5, "o\u006b": true, "id": 6}"#)
        #expect(value["id"]?.intValue == 6)
    }

    @Test(
        "a text the member scan cannot take apart is an error",
        arguments: [
            "", "[]", #"{"id":1"#, #"{"id":}"#, #"{"a":"unterminated}"#, #"{"a":[1,2}"#, "{1:2}", #"{"a":["x\"#,
            #"{"a":["\"]}"#,
        ])
    func malformedMembers(text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONMembers(text) }
    }

    @Test("integers read exactly, negative zero and long ones included")
    func exactIntegers() throws {
        let value = try JSONParser.parse("[-0, 7, 123456789012345, 1234567890123456789, -42]")
        let numbers = try #require(value.arrayValue)
        #expect(numbers.compactMap(\.intValue) == [0, 7, 123_456_789_012_345, 1_234_567_890_123_456_789, -42])
        #expect(numbers.first?.doubleValue?.sign == .minus)
        let members = try JSONMembers(#"{"a":1234567890123456789,"b":-0,"c":12.0,"d":"5"}"#)
        #expect(members.integer("a") == 1_234_567_890_123_456_789)
        #expect(members.integer("b") == 0)
        #expect(members.integer("c") == nil && members.integer("d") == nil)
    }
}

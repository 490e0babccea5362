import Testing

@testable import StepLibrary

@Suite("JSON")
struct JSONParserTests {
    @Test("a protocol response parses with keys in order")
    func response() throws {
        let value = try JSONParser.parse(
            #"{"id": 7, "ok": false, "error": {"code": "invalidQuantity", "message": "Quantity must be at least 1 (got 0)."}}"#
        )
        #expect(value["id"]?.intValue == 7)
        #expect(value["ok"]?.boolValue == false)
        #expect(value["error"]?["code"]?.stringValue == "invalidQuantity")
        let response = try ProtocolResponse(
            text:
                #"{"id": 7, "ok": false, "error": {"code": "invalidQuantity", "message": "Quantity must be at least 1 (got 0)."}}"#
        )
        #expect(response.id == 7)
        #expect(!response.isOK)
        #expect(response.outcome == .rejected(code: "invalidQuantity", message: "Quantity must be at least 1 (got 0)."))
    }

    @Test("the top level is read without parsing the state until asked")
    func shallowResponse() throws {
        let text = #"{"id":3,"ok":true,"state":{"lines":[{"name":"a\"}]{[","q":1}],"x":null},"layout":{"rows":[]}}"#
        let members = try JSONParser.topLevelMembers(text)
        #expect(members["id"] == "3")
        #expect(members["ok"] == "true")
        #expect(members["state"] == #"{"lines":[{"name":"a\"}]{[","q":1}],"x":null}"#)
        let response = try ProtocolResponse(text: text)
        #expect(response.isOK)
        #expect(response.outcome == .succeeded)
        #expect(response.state["lines"]?.arrayValue?.first?["name"]?.stringValue == #"a"}]{["#)
        #expect(response.member("layout")?["rows"]?.arrayValue == [])
        #expect(response.member("viewport") == nil)
    }

    @Test("an answer without protocol.md's ok (a server that echoes the request) says so, not an empty refusal")
    func notProtocol() throws {
        let echoed = try ProtocolResponse(text: #"{"id":1,"action":"reset"}"#)
        #expect(!echoed.isProtocolAnswer && !echoed.isOK)
        #expect(
            echoed.errorMessage
                == #"the answer is not a protocol.md response (it has no "ok"): {"id":1,"action":"reset"}"#)
        let refused = try ProtocolResponse(
            text: #"{"id":1,"ok":false,"error":{"code":"emptyCart","message":"Empty."}}"#)
        #expect(refused.isProtocolAnswer && refused.errorMessage == "Empty.")
        #expect(try ProtocolResponse(text: #"{"id":1,"ok":false}"#).errorMessage == "")
    }

    @Test(
        "a response that is not a JSON object is an error",
        arguments: [
            "", "[]", #"{"id":1"#, #"{"id":}"#, #"{"a":"unterminated}"#, #"{"a":[1,2}"#, "{1:2}", #"{"a":["x\"#,
            #"{"a":["\"]}"#,
        ])
    func malformedResponse(text: String) {
        #expect(throws: JSONParser.Failure.self) { try ProtocolResponse(text: text) }
    }

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
            "", "{", #"{"a" 1}"#, "[1,]", #""abc"#, "tru", "{} x", #"{"a":"\x"}"#, "-",
            String(repeating: "[", count: 1000),
        ])
    func malformed(text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
    }

    @Test("requests serialise compactly, escaping what JSON requires")
    func serialise() throws {
        let request = JSONValue.object([
            ("id", 3), ("action", "addItem"), ("name", .string("Tea & \"Cake\"\n")), ("price", .number(450)),
            ("x", .number(1.5)), ("ok", true), ("none", .null), ("list", .array([1, 2])),
        ])
        #expect(
            request.serialized
                == #"{"id":3,"action":"addItem","name":"Tea & \"Cake\"\n","price":450,"x":1.5,"ok":true,"none":null,"list":[1,2]}"#
        )
        #expect(try JSONParser.parse(request.serialized) == request)
    }

    @Test(
        "whole numbers serialise as String(Int) writes them",
        arguments: [0, 7, -7, 10, 99, 100, 520, -1_000, 123_456_789, 8_999_999_999_999_999, -8_999_999_999_999_999])
    func wholeNumbers(value: Int) {
        #expect(JSONValue.number(Double(value)).serialized == String(value))
        #expect(JSONValue.array([.number(Double(value)), "x"]).serialized == "[\(value),\"x\"]")
    }

    @Test("a value is found anywhere below an object")
    func nestedLookup() throws {
        let value = try JSONParser.parse(#"{"state": {"metrics": {"hourWidth": 60}}, "rows": []}"#)
        #expect(value.firstValue(named: "hourWidth")?.doubleValue == 60)
        #expect(value.firstValue(named: "missing") == nil)
    }

    @Test("a key written with escapes is found by its decoded name, and the first of a repeated key counts")
    func escapedKeys() throws {
        let text = #"{"\u0069d": 5, "o\u006b": true, "id": 6}"#
        let response = try ProtocolResponse(text: text)
        #expect(response.id == 5)
        #expect(response.isOK)
        #expect(try JSONParser.topLevelMembers(text) == ["id": "5", "ok": "true"])
    }

    @Test("whole numbers read exactly, negative zero and long ones included")
    func wholeNumbers() throws {
        let value = try JSONParser.parse("[-0, 007, 123456789012345, 1234567890123456789, -42]")
        let numbers = try #require(value.arrayValue).compactMap(\.doubleValue)
        // The nearest Double to the 19-digit number, as Swift itself reads it.
        let long = try #require(Double("1234567890123456789"))
        #expect(numbers == [0, 7, 123_456_789_012_345, long, -42])
        #expect(numbers.first?.sign == .minus)
        #expect(value.arrayValue?.first?.intValue == 0)
    }
}

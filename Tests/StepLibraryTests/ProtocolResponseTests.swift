import Testing
import Wire

@testable import StepLibrary

@Suite("Protocol responses")
struct ProtocolResponseTests {
    @Test("a protocol response is read: id, ok and the error")
    func response() throws {
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
        let response = try ProtocolResponse(text: text)
        #expect(response.isOK)
        #expect(response.outcome == .succeeded)
        #expect(response.idText == "3")
        #expect(response.state["lines"]?.arrayValue?.first?["name"]?.stringValue == #"a"}]{["#)
        #expect(response.member("layout")?["rows"]?.arrayValue == [])
        #expect(response.member("viewport") == nil)
    }

    @Test("a failure quotes at most 200 bytes of a register's id or answer")
    func longIDsAreCut() throws {
        let long = String(repeating: "7", count: 1 << 20)
        let response = try ProtocolResponse(text: #"{"id":"\#(long)","ok":true}"#)
        #expect(response.idText == "\"" + String(repeating: "7", count: 199) + "…")
        #expect(response.excerpt.utf8.count == 200 + "…".utf8.count)
        #expect(try ProtocolResponse(text: #"{"id":null}"#).idText == "null")
    }

    @Test("a numbered answer says its snapshot")
    func snapshotNumber() throws {
        #expect(try ProtocolResponse(text: #"{"id":3,"ok":true,"snapshot":12}"#).snapshotNumber == 12)
        #expect(try ProtocolResponse(text: #"{"id":3,"ok":true}"#).snapshotNumber == nil)
    }

    @Test(
        "an answer without protocol.md's ok, or a refusal without its error.code, is told apart from a refusal",
        arguments: [
            (#"{"id":1,"action":"reset"}"#, "ok"), (#"{"id":1,"ok":"true","state":{}}"#, "ok"),
            (#"{"id":1,"ok":null}"#, "ok"), (#"{"id":1,"ok":false}"#, "error.code"),
            (#"{"id":1,"ok":false,"error":{"code":7,"message":"Empty."}}"#, "error.code"),
            (#"{"id":1,"ok":false,"error":"emptyCart"}"#, "error.code"),
        ])
    func notProtocol(answer: String, missing: String) throws {
        let response = try ProtocolResponse(text: answer)
        #expect(response.missingMember == missing && !response.isOK)
        #expect(response.excerpt == answer)
    }

    @Test(
        "a success without its state object is no protocol.md answer",
        arguments: [#"{"id":1,"ok":true}"#, #"{"id":1,"ok":true,"state":null}"#, #"{"id":1,"ok":true,"state":[]}"#])
    func successWithoutState(answer: String) throws {
        let response = try ProtocolResponse(text: answer)
        #expect(response.isOK && response.missingMember == "state")
    }

    @Test("a success and a refusal with its code are protocol.md answers")
    func protocolAnswers() throws {
        let refused = try ProtocolResponse(
            text: #"{"id":1,"ok":false,"error":{"code":"emptyCart","message":"Empty."}}"#)
        #expect(refused.missingMember == nil && refused.outcome == .rejected(code: "emptyCart", message: "Empty."))
        let bare = try ProtocolResponse(text: #"{"id":1,"ok":false,"error":{"code":"emptyCart"}}"#)
        #expect(bare.missingMember == nil && bare.errorMessage == "")
        let success = try ProtocolResponse(text: #"{"id":1,"ok":true,"state":{}}"#)
        #expect(success.missingMember == nil && success.outcome == .succeeded)
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

    @Test("a key written with escapes is found by its decoded name, and the last of a repeated key counts")
    func escapedKeys() throws {
        let response = try ProtocolResponse(text: #"{"\u0069d": 5, "o\u006b": true, "id": 6}"#)
        #expect(response.id == 6)
        #expect(response.isOK)
    }
}

import Wire

/// What one action did, as a client of the protocol sees it: the answer, the display
/// snapshots it caused, and (after a refusal) the endpoint's state read back.
struct Observation: Sendable {
    var response: JSONObject
    /// The display snapshots that arrived with the response, in order.
    var snapshots: [String]
    /// After a refusal: the endpoint's `getState` answer's `state`.
    var stateAfterRefusal: JSONObject?
    /// The response's text after its `id` (the model's: what "distinct states" counts).
    var answerText: Substring = ""

    var ok: Bool { response["ok"]?.boolValue ?? false }
    var code: String? { response["error"]?["code"]?.stringValue }
    var message: String? { response["error"]?["message"]?.stringValue }
    var state: JSONObject? { response["state"]?.objectValue }

    /// Reads a response's text; a text that is not a JSON object reads as an empty object,
    /// which every check then reports.
    static func parse(_ text: String) -> JSONObject {
        (try? JSONParser.parse(text))?.objectValue ?? JSONObject()
    }
}

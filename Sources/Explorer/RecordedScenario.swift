import StepLibrary
import Wire

/// The register page's recorder (`spec-run simulate`): the requests the page sent, in,
/// the scenario that does the same, out — written by `ScenarioWriter`, as
/// `spec-run explore` writes its findings.
public enum RecordedScenario {
    /// The most actions one recording holds.
    public static let maximumActions = 2_000

    /// Answers one message of the page, a JSON object:
    ///
    /// ```json
    /// {"language": "en", "name": "Checkout with points",
    ///  "actions": [{"endpoint": "register", "request": {"action": "addItem", "name": "Coffee"}}]}
    /// ```
    ///
    /// with `{"ok": true, "feature": "…"}`, or `{"ok": false, "error": "…"}` naming the
    /// action (1-based) and the field that no step can say.
    public static func answer(_ message: String) -> String {
        do throws(ExploreAction.Unwritable) {
            return JSONValue.object(["ok": true, "feature": .string(try feature(message))]).serialized
        } catch {
            return JSONValue.object(["ok": false, "error": .string(error.description)]).serialized
        }
    }

    /// The feature file a message asks for; throws why there is none.
    public static func feature(_ message: String) throws(ExploreAction.Unwritable) -> String {
        func problem(_ description: String) -> ExploreAction.Unwritable { .init(description: description) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(message)
        } catch {
            throw problem("the recording is not JSON (\(error))")
        }
        let code = value["language"]?.stringValue ?? "en"
        guard let language = StepLanguage(rawValue: code) else { throw problem("language \"\(code)\" is not en or ja") }
        guard let items = value["actions"]?.arrayValue else { throw problem("the recording has no list of actions") }
        guard items.count <= maximumActions else {
            throw problem("the recording has \(items.count) actions (at most \(maximumActions))")
        }
        let actions = try items.enumerated().map { index, item throws(ExploreAction.Unwritable) in
            guard let endpoint = item["endpoint"]?.stringValue.flatMap(Endpoint.init(rawValue:)),
                let request = item["request"]?.objectValue
            else { throw problem("action \(index + 1) needs an endpoint (register or calendar) and a request") }
            do throws(ExploreAction.Unwritable) {
                return try ExploreAction(endpoint: endpoint, request: request)
            } catch {
                throw problem("action \(index + 1): \(error.description)")
            }
        }
        let name = value["name"]?.stringValue ?? ""
        if let reason = ExploreAction.unwritableName(name) { throw problem("the name \(reason)") }
        return ScenarioWriter(language: language).recordedFeature(actions, name: name)
    }
}

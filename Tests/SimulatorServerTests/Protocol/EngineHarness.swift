import Foundation
import Simulator
import Testing
import Wire

@testable import SimulatorServer

/// Drives a `SimulatorEngine` with request text and reads its responses with Foundation's
/// own JSON parser, so the codec's output is checked by an independent reader.
struct EngineHarness {
    var engine = SimulatorEngine(environment: .fixed())
    private var nextID = 1

    /// Sends `request` (an object without `id`; one is added) and returns the parsed response.
    mutating func send(
        _ endpoint: Endpoint, _ request: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        var withID = request
        withID["id"] = nextID
        nextID += 1
        let data = try JSONSerialization.data(withJSONObject: withID, options: [.sortedKeys])
        let text = String(decoding: data, as: UTF8.self)
        return try sendText(endpoint, text, sourceLocation: sourceLocation)
    }

    /// Sends raw text and parses the response.
    mutating func sendText(
        _ endpoint: Endpoint, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let response = engine.handle(text, on: endpoint)
        let object = try JSONSerialization.jsonObject(with: Data(response.utf8))
        return try #require(object as? [String: Any], "response is not an object: \(response)")
    }

    /// Sends a request that must succeed and returns its `state`.
    @discardableResult
    mutating func ok(
        _ endpoint: Endpoint, _ request: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let response = try send(endpoint, request, sourceLocation: sourceLocation)
        #expect(response["ok"] as? Bool == true, "\(response)", sourceLocation: sourceLocation)
        return try #require(response["state"] as? [String: Any], sourceLocation: sourceLocation)
    }

    /// Sends request text (an object without `id`) verbatim; it must fail with `code`, leave
    /// the state unchanged, and the `error` object is returned.
    @discardableResult
    mutating func error(
        _ endpoint: Endpoint, json: String, code: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let before = engine.state
        let text = #"{"id":"x","# + json.dropFirst()
        let response = try sendText(endpoint, text, sourceLocation: sourceLocation)
        #expect(response["ok"] as? Bool == false, sourceLocation: sourceLocation)
        #expect(response["id"] as? String == "x", sourceLocation: sourceLocation)
        let error = try #require(response["error"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(error["code"] as? String == code, "\(error)", sourceLocation: sourceLocation)
        #expect(engine.state == before, "a failed request changed the state", sourceLocation: sourceLocation)
        return error
    }

    /// Sends a request that must fail and returns its `error` object.
    @discardableResult
    mutating func error(
        _ endpoint: Endpoint, _ request: [String: Any], code: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let before = engine.state
        let response = try send(endpoint, request, sourceLocation: sourceLocation)
        #expect(response["ok"] as? Bool == false, sourceLocation: sourceLocation)
        #expect(response["state"] == nil, sourceLocation: sourceLocation)
        let error = try #require(response["error"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(error["code"] as? String == code, "\(error)", sourceLocation: sourceLocation)
        #expect((error["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(engine.state == before, "a failed request changed the state", sourceLocation: sourceLocation)
        return error
    }
}

/// Reads an integer from a Foundation-parsed JSON value.
func int(_ value: Any?) -> Int? {
    (value as? NSNumber)?.intValue
}

/// Reads a number from a Foundation-parsed JSON value.
func double(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
}

import Foundation
import TestSupport
import Wire

/// A small JSON-RPC client for `spec-run lsp`: the built binary over a pipe, messages
/// framed with `Content-Length`, every wait bounded.
final class LSPClient {
    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    let child: Child
    private var buffer: [UInt8] = []
    private var nextID = 1

    init() throws {
        child = try Child(BuiltBinary.path, ["lsp"], stdin: .pipe, stdout: .pipe, stderr: .null)
    }

    /// Writes `bytes` as they are (to send what no client should).
    func sendRaw(_ bytes: [UInt8]) {
        child.input?.write(Data(bytes))
    }

    func send(_ message: JSONValue) {
        let body = Array(message.serialized.utf8)
        sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(.object(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Sends a request and returns its response, keeping the notifications that came first.
    func request(_ method: String, _ params: JSONValue, seen: inout [JSONValue]) throws -> JSONValue {
        let id = nextID
        nextID += 1
        send(.object(["jsonrpc": "2.0", "id": JSONValue(id), "method": .string(method), "params": params]))
        while true {
            let message = try next()
            if message["id"]?.intValue == id, message["method"] == nil { return message }
            seen.append(message)
        }
    }

    func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        var seen: [JSONValue] = []
        return try request(method, params, seen: &seen)
    }

    /// The next message that satisfies `accept`, skipping others.
    func next(where accept: (JSONValue) -> Bool) throws -> JSONValue {
        for _ in 0..<100 {
            let message = try next()
            if accept(message) { return message }
        }
        throw Timeout(description: "100 messages without the one awaited")
    }

    /// The next diagnostics published for `uri`.
    func diagnostics(for uri: String) throws -> [JSONValue] {
        let message = try next {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
        }
        return message["params"]?["diagnostics"]?.arrayValue ?? []
    }

    /// The next message; throws after 20 seconds without one.
    func next() throws -> JSONValue {
        let deadline = Date().addingTimeInterval(20)
        while true {
            if let message = try take() { return message }
            guard let output = child.output else { throw Timeout(description: "no output pipe") }
            var poller = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard left > 0, poll(&poller, 1, left) > 0 else {
                throw Timeout(description: "no message from spec-run lsp within 20 s")
            }
            let data = output.availableData
            guard !data.isEmpty else { throw Timeout(description: "spec-run lsp closed its output") }
            buffer += data
        }
    }

    /// A whole message from the buffer, if one is there.
    private func take() throws -> JSONValue? {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = buffer.indices.first(where: { buffer[$0...].starts(with: separator) }) else { return nil }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length: ") }),
            let length = Int(lengthLine.dropFirst("Content-Length: ".count))
        else { throw Timeout(description: "a header without Content-Length: \(header)") }
        let start = end + separator.count
        guard buffer.count >= start + length else { return nil }
        let body = buffer[start..<(start + length)]
        buffer.removeFirst(start + length)
        return try JSONParser.parse(Array(body)[...])
    }

    /// `initialize` and `initialized`.
    func start() throws -> JSONValue {
        let response = try request("initialize", .object(["processId": .null, "capabilities": .object([:])]))
        notify("initialized", .object([:]))
        return response
    }

    /// The response to a code-action request for lines `first`…`last` of `uri`.
    func codeActions(_ uri: String, from first: Int, to last: Int) throws -> JSONValue {
        try request(
            "textDocument/codeAction",
            .object([
                "textDocument": .object(["uri": .string(uri)]),
                "range": .object(["start": position(first, 0), "end": position(last, 0)]),
                "context": .object(["diagnostics": .array([])]),
            ]))
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            .object([
                "textDocument": .object([
                    "uri": .string(uri), "languageId": "gherkin", "version": JSONValue(version), "text": .string(text),
                ])
            ]))
    }

    /// Ends the server as a client does; its exit status.
    func stop() throws -> Int32? {
        _ = try request("shutdown", .null)
        notify("exit", .null)
        try? child.input?.close()
        return child.wait(within: .seconds(10))?.status
    }
}

/// `{"line": L, "character": C}`.
func position(_ line: Int, _ character: Int) -> JSONValue {
    .object(["line": JSONValue(line), "character": JSONValue(character)])
}

/// `[start line, start character, end line, end character]` of a diagnostic or edit.
func span(_ value: JSONValue) -> [Int] {
    let range = value["range"]
    return [
        range?["start"]?["line"], range?["start"]?["character"], range?["end"]?["line"], range?["end"]?["character"],
    ]
    .map { $0?.intValue ?? -1 }
}

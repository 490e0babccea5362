import SpecRunner
import Wire

/// `spec-run lsp`: a Language Server Protocol 3.17 server on standard input and output
/// (docs/lsp.md). It keeps the open feature files and, on every change, sends what a dry
/// run finds in the file (`DocumentCheck`), worded in the file's language.
public final class LanguageServer {
    private let channel = MessageChannel()
    private let check: DocumentCheck
    private var documents: [String: TextDocument] = [:]
    private var shutDown = false
    private var initialized = false
    /// The documents opened, changed or closed since their diagnostics were last published.
    private var changed: [String] = []

    public init(registry: StepRegistry) {
        check = DocumentCheck(registry: registry)
    }

    /// Serves until `exit` or the input's end: 0 after a `shutdown`, 1 otherwise (as the
    /// specification asks).
    public func run() -> Int32 {
        while true {
            switch channel.next() {
            case .end:
                return shutDown ? 0 : 1
            case .badHeader(let problem):
                answer(nil, .invalidRequest, problem)
            case .body(let bytes):
                let message: JSONValue
                do { message = try JSONParser.parse(bytes[...]) } catch {
                    answer(nil, .parseError, error.description)
                    continue
                }
                if let status = handle(message) { return status }
            }
            // Changes typed faster than a file is checked are checked once, as they stand.
            if !channel.hasWaitingInput { publishChanged() }
        }
    }

    /// Publishes the diagnostics of every document changed since they were last published.
    private func publishChanged() {
        for uri in changed { publish(uri) }
        changed.removeAll()
    }

    /// Answers one message; the exit status once `exit` came.
    private func handle(_ message: JSONValue) -> Int32? {
        guard message.objectValue != nil, let method = message["method"]?.stringValue else {
            // A response from the client (to no request of ours), or no message at all.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return nil }
            answer(message["id"], .invalidRequest, "a request needs an object with a \"method\" string")
            return nil
        }
        let params = message["params"] ?? .null
        if method == "exit" { return shutDown ? 0 : 1 }
        // Before `initialize`, LSP allows nothing else: a request gets an error, a
        // notification is dropped.
        guard initialized || method == "initialize" else {
            if let id = message["id"] { answer(id, .serverNotInitialized, "the server is not initialized yet") }
            return nil
        }
        guard let id = message["id"] else {
            notification(method, params)
            return nil
        }
        if shutDown, method != "shutdown" {
            answer(id, .invalidRequest, "the server is shut down")
            return nil
        }
        do throws(RPCError) {
            channel.send(["id": id, "result": try request(method, params)])
        } catch {
            answer(id, error.code, error.message)
        }
        return nil
    }

    /// Sends the error response to request `id` (null when the request has none).
    private func answer(_ id: JSONValue?, _ code: RPCError.Code, _ message: String) {
        channel.send([
            "id": id ?? .null, "error": .object(["code": JSONValue(code.rawValue), "message": .string(message)]),
        ])
    }

    private func request(_ method: String, _ params: JSONValue) throws(RPCError) -> JSONValue {
        let uri = params["textDocument"]?["uri"]?.stringValue
        let document = uri.flatMap { documents[$0] }
        func invalid(_ message: String) -> RPCError { RPCError(code: .invalidParams, message: message) }
        switch method {
        case "initialize":
            // The specification allows one: a second would reset what the client was told.
            guard !initialized else {
                throw RPCError(code: .invalidRequest, message: "the server is initialized already")
            }
            initialized = true
            return Self.capabilities
        case "shutdown":
            shutDown = true
            return .null
        case "textDocument/formatting":
            guard let document else { throw invalid("\(method) needs an open textDocument") }
            return .array(TableFormat.edits(lines: document.lines))
        case "textDocument/codeAction":
            guard let uri, let document, let start = TextDocument.Position(params["range"]?["start"]),
                let end = TextDocument.Position(params["range"]?["end"])
            else { throw invalid("\(method) needs an open textDocument and a range") }
            let problems = problems(in: document, uri: uri)
            return .array(
                QuickFix.actions(
                    uri: uri, lines: document.lines, from: start.line, to: end.line, problems: problems,
                    lineEnd: document.text.utf8.contains(13) ? "\r\n" : "\n"))
        case "textDocument/completion", "textDocument/hover":
            guard let uri, let place = TextDocument.Position(params["position"]) else {
                throw invalid("\(method) needs a textDocument and a position")
            }
            guard let lines = document?.lines else { throw invalid("\(uri) is not open") }
            if method == "textDocument/hover" {
                return Hover.contents(lines: lines, line: place.line, character: place.character, check: check)
            }
            let items = Completion.items(lines: lines, line: place.line, character: place.character)
            return .object(["isIncomplete": false, "items": .array(items)])
        default:
            throw RPCError(code: .methodNotFound, message: "unknown method \"\(method)\"")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        guard !shutDown, let uri = params["textDocument"]?["uri"]?.stringValue else { return }
        let version = params["textDocument"]?["version"]?.intValue
        switch method {
        case "textDocument/didOpen":
            guard let text = params["textDocument"]?["text"]?.stringValue else { return }
            documents[uri] = TextDocument(version: version ?? 0, text: text)
        case "textDocument/didChange":
            guard var document = documents[uri] else { return }
            for change in params["contentChanges"]?.arrayValue ?? [] { document.apply(change) }
            document.version = version ?? document.version
            documents[uri] = document
        case "textDocument/didClose": documents[uri] = nil
        // `initialized`, `$/cancelRequest`, `workspace/didChangeConfiguration`, …: nothing to do.
        default: return
        }
        if !changed.contains(uri) { changed.append(uri) }
    }

    /// Sends what a dry run finds in the document; for a closed one, no problems and no version.
    private func publish(_ uri: String) {
        var params: JSONObject = ["uri": .string(uri)]
        var items: [JSONValue] = []
        if let document = documents[uri] {
            params.append("version", JSONValue(document.version))
            let lines = document.lines
            items = problems(in: document, uri: uri).map { ProblemRange.diagnostic($0, lines: lines) }
        }
        params.append("diagnostics", .array(items))
        channel.send(["method": "textDocument/publishDiagnostics", "params": .object(params)])
    }

    /// What a dry run finds in the document, parsed under its URI's last path component
    /// (without colons).
    private func problems(in document: TextDocument, uri: String) -> [DocumentProblem] {
        let name = uri.split(separator: "/").last.map(String.init) ?? "document.feature"
        return check.problems(in: document.text, path: name.contains(":") || name.isEmpty ? "document.feature" : name)
    }

    static let capabilities: JSONValue = .object([
        "capabilities": .object([
            "positionEncoding": "utf-16",
            "textDocumentSync": .object(["openClose": true, "change": 2]),
            "completionProvider": .object(["triggerCharacters": .array([" ", "\"", "「"])]),
            "hoverProvider": true,
            "codeActionProvider": true,
            "documentFormattingProvider": true,
        ]),
        "serverInfo": .object(["name": "spec-run"]),
    ])
}

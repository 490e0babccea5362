import SpecRunner
import Wire

/// `spec-run lsp`: a Language Server Protocol 3.17 server on standard input and output
/// (docs/lsp.md). It keeps the open feature files and, on every change, sends what a dry
/// run finds in the file (`DocumentCheck`), worded in the file's language.
public final class LanguageServer {
    private let channel: MessageChannel
    private let check: DocumentCheck
    private var documents: [String: TextDocument] = [:]
    private var shutDown = false

    public init(registry: StepRegistry, input: Int32 = 0, output: Int32 = 1) {
        channel = MessageChannel(input: input, output: output)
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
                channel.send(RPC.error(id: .null, code: RPC.invalidRequest, message: problem))
            case .body(let bytes):
                let message: JSONValue
                do { message = try JSONParser.parse(bytes[...]) } catch {
                    channel.send(RPC.error(id: .null, code: RPC.parseError, message: error.description))
                    continue
                }
                if let status = handle(message) { return status }
            }
        }
    }

    /// Answers one message; the exit status once `exit` came.
    private func handle(_ message: JSONValue) -> Int32? {
        guard message.objectValue != nil, let method = message["method"]?.stringValue else {
            // A response from the client (to no request of ours), or no message at all.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return nil }
            let reason = "a request needs an object with a \"method\" string"
            channel.send(RPC.error(id: message["id"] ?? .null, code: RPC.invalidRequest, message: reason))
            return nil
        }
        let id = message["id"]
        let params = message["params"] ?? .null
        if method == "exit" { return shutDown ? 0 : 1 }
        guard let id else {
            notification(method, params)
            return nil
        }
        if shutDown, method != "shutdown" {
            channel.send(RPC.error(id: id, code: RPC.invalidRequest, message: "the server is shut down"))
            return nil
        }
        switch request(method, params) {
        case .success(let result): channel.send(.object(["jsonrpc": "2.0", "id": id, "result": result]))
        case .failure(let failure): channel.send(RPC.error(id: id, code: failure.code, message: failure.message))
        }
        return nil
    }

    private func request(_ method: String, _ params: JSONValue) -> Result<JSONValue, RPC.Failure> {
        switch method {
        case "initialize": return .success(Self.capabilities)
        case "shutdown":
            shutDown = true
            return .success(.null)
        case "textDocument/formatting":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else {
                return .failure(RPC.Failure(code: RPC.invalidParams, message: "\(method) needs an open textDocument"))
            }
            return .success(.array(TableFormat.edits(lines: TextDocument.lines(of: document.text))))
        case "textDocument/codeAction":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
                let start = Self.position(params["range"]?["start"]), let end = Self.position(params["range"]?["end"])
            else {
                return .failure(
                    RPC.Failure(code: RPC.invalidParams, message: "\(method) needs an open textDocument and a range"))
            }
            let lines = TextDocument.lines(of: document.text)
            let problems = check.problems(in: document.text, path: Self.fileName(of: uri))
            return .success(
                .array(QuickFix.actions(uri: uri, lines: lines, from: start.line, to: end.line, problems: problems)))
        case "textDocument/completion", "textDocument/hover":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let place = Self.position(params["position"])
            else {
                return .failure(
                    RPC.Failure(code: RPC.invalidParams, message: "\(method) needs a textDocument and a position"))
            }
            guard let document = documents[uri] else {
                return .failure(RPC.Failure(code: RPC.invalidParams, message: "\(uri) is not open"))
            }
            let lines = TextDocument.lines(of: document.text)
            if method == "textDocument/hover" {
                return .success(
                    Hover.contents(lines: lines, line: place.line, character: place.character, check: check))
            }
            let items = Completion.items(lines: lines, line: place.line, character: place.character)
            return .success(.object(["isIncomplete": false, "items": .array(items)]))
        default:
            return .failure(RPC.Failure(code: RPC.methodNotFound, message: "unknown method \"\(method)\""))
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
                let text = item["text"]?.stringValue
            else { return }
            documents[uri] = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
            publish(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri] else { return }
            for change in params["contentChanges"]?.arrayValue ?? [] {
                Self.apply(change, to: &document)
            }
            document.version = params["textDocument"]?["version"]?.intValue ?? document.version
            documents[uri] = document
            publish(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
            documents[uri] = nil
            channel.send(Self.diagnostics(uri: uri, version: nil, items: []))
        default:
            // `initialized`, `$/cancelRequest`, `workspace/didChangeConfiguration`, …: nothing to do.
            return
        }
    }

    /// One content change: the whole text, or a range and its new text.
    static func apply(_ change: JSONValue, to document: inout TextDocument) {
        guard let text = change["text"]?.stringValue else { return }
        guard let range = change["range"], let start = position(range["start"]), let end = position(range["end"]) else {
            document.text = text
            return
        }
        document.replace(from: start, to: end, with: text)
    }

    static func position(_ value: JSONValue?) -> TextDocument.Position? {
        guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue else { return nil }
        return TextDocument.Position(line: line, character: character)
    }

    private func publish(_ uri: String) {
        guard let document = documents[uri] else { return }
        let lines = TextDocument.lines(of: document.text)
        let items = check.problems(in: document.text, path: Self.fileName(of: uri)).map {
            ProblemRange.diagnostic($0, lines: lines)
        }
        channel.send(Self.diagnostics(uri: uri, version: document.version, items: items))
    }

    /// The name the parser is given: the URI's last path component, without colons.
    static func fileName(of uri: String) -> String {
        let name = uri.split(separator: "/").last.map(String.init) ?? "document.feature"
        return name.contains(":") || name.isEmpty ? "document.feature" : name
    }

    static func diagnostics(uri: String, version: Int?, items: [JSONValue]) -> JSONValue {
        var params: JSONObject = ["uri": .string(uri)]
        if let version { params.append("version", JSONValue(version)) }
        params.append("diagnostics", .array(items))
        return .object(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)])
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

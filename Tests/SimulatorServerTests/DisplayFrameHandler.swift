import Transport

/// Serves, at `/WIDTHxHEIGHT`, a page framing the customer-display page (`?measure`) at
/// exactly that size and writing what the frame reports into its own DOM (`#measured`),
/// where Chromium's `--dump-dom` shows it.
///
/// It is served from 127.0.0.1 like the simulator, so Chromium runs the frame in the page's
/// own process, where `--virtual-time-budget` also waits for the frame's socket; a frame in
/// a `file:` page runs elsewhere, and the dump comes before its snapshot.
struct DisplayFrameHandler: WebSocketServerHandler {
    let displayURL: String

    func route(_ request: HTTPRequest) -> WebSocketServerRoute {
        let size = request.path.dropFirst().split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { return .respond(.text(.notFound, "not found")) }
        let page = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8">
            <style>html, body { margin: 0; overflow: hidden; } \
            iframe { display: block; border: 0; width: \(size[0])px; height: \(size[1])px; }</style></head>
            <body><iframe src="\(displayURL)?measure"></iframe><pre id="measured"></pre>
            <script>addEventListener("message", function (event) {
              document.getElementById("measured").textContent = event.data; });</script>
            </body></html>
            """
        return .respond(
            HTTPResponse(
                status: .ok, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]),
                body: Array(page.utf8)))
    }

    func connectionOpened(_ connection: WebSocketConnectionID, request: HTTPRequest, server: WebSocketServerContext) {}

    func received(_ message: WebSocketMessage, from connection: WebSocketConnectionID, server: WebSocketServerContext) {
    }

    func connectionClosed(_ connection: WebSocketConnectionID, server: WebSocketServerContext) {}
}

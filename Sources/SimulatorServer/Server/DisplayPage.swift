/// The customer-display web page served at `GET /`.
///
/// It opens `/display` on the same host and replaces the screen's content with each
/// snapshot; when the connection drops it reconnects with a growing delay (≤ 5 s).
enum DisplayPage {
    static let html = #"""
        <!DOCTYPE html>
        <html lang="ja">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Customer display</title>
        <style>
          body { font-family: system-ui, sans-serif; margin: 0; background: #10131a; color: #f4f4f4; }
          #screen { padding: 2rem; font-size: 2rem; }
          #screen ul { list-style: none; padding: 0; }
          #screen [data-field="total"] { font-size: 3rem; font-weight: bold; }
          #status { position: fixed; bottom: 0.5rem; right: 0.75rem; font-size: 0.8rem; opacity: 0.6; }
        </style>
        </head>
        <body>
        <div id="screen"><p>Connecting…</p></div>
        <div id="status" data-connection="connecting">connecting</div>
        <script>
        (function () {
          "use strict";
          var screen = document.getElementById("screen");
          var status = document.getElementById("status");
          var delay = 250;
          function setStatus(text) { status.textContent = text; status.setAttribute("data-connection", text); }
          function connect() {
            var scheme = location.protocol === "https:" ? "wss://" : "ws://";
            var socket = new WebSocket(scheme + location.host + "/display");
            socket.onopen = function () { delay = 250; setStatus("connected"); };
            // Snapshots are the server's own escaped HTML (protocol.md), shown as they are.
            socket.onmessage = function (event) { screen.innerHTML = event.data; };
            socket.onclose = function () {
              setStatus("reconnecting");
              setTimeout(connect, delay);
              delay = Math.min(delay * 2, 5000);
            };
          }
          connect();
        })();
        </script>
        </body>
        </html>
        """#
}

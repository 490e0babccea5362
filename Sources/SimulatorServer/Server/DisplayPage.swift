import Simulator
import Wire

/// The customer-display web page served at `GET /` (docs/protocol.md, "The display page"):
/// each snapshot of `/display` replaces the screen's content, styled by `DisplayStyle.css`;
/// a dropped connection is opened again after a growing delay (≤ 5 s). With `?measure`
/// (for tests) it posts the boxes it shows to the page that frames it. Its corner link to
/// the register page is hidden when the page is framed (the register page frames it).
enum DisplayPage {
    static let html = #"""
        <!DOCTYPE html>
        <html lang="ja">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Customer display</title>
        <style>
        \#(DisplayStyle.css)
          #screen > p { margin: 0; padding: 1em; }
          #status { position: fixed; top: 0.3rem; right: 0.5rem; font-size: 0.7rem; opacity: 0.5; }
          #register-link { position: fixed; top: 0.3rem; right: 7rem; font-size: 0.7rem; opacity: 0.5; color: inherit; }
        </style>
        </head>
        <body>
        <div id="screen"><p>Connecting…</p></div>
        <div id="status" data-connection="connecting">connecting</div>
        <a id="register-link" href="/register-page" target="_blank">register</a>
        <script>
        (function () {
          "use strict";
          var screen = document.getElementById("screen");
          var status = document.getElementById("status");
          var delay = 250;
          var measure = /[?&]measure(=|&|$)/.test(location.search);
          if (window.parent !== window) { document.getElementById("register-link").hidden = true; }
          // The screen and where its heading and fields lie, for the page that frames this one.
          function report() {
            var main = screen.querySelector("main");
            var boxes = [];
            screen.querySelectorAll("h1, ul, [data-field], .amount").forEach(function (element) {
              var box = element.getBoundingClientRect();
              boxes.push({ field: element.getAttribute("data-field") || element.className || element.tagName.toLowerCase(),
                           text: element.textContent, left: box.left, top: box.top, right: box.right, bottom: box.bottom });
            });
            var measured = { screen: main ? main.getAttribute("data-screen") : null,
                             width: window.innerWidth, height: window.innerHeight, boxes: boxes };
            if (window.parent !== window) { window.parent.postMessage(JSON.stringify(measured), "*"); }
          }
          function setStatus(text) { status.textContent = text; status.setAttribute("data-connection", text); }
          function connect() {
            var scheme = location.protocol === "https:" ? "wss://" : "ws://";
            var socket = new WebSocket(scheme + location.host + "/display");
            socket.onopen = function () { delay = 250; setStatus("connected"); };
            // Snapshots are the server's own escaped HTML (protocol.md), shown as they are.
            socket.onmessage = function (event) {
              screen.innerHTML = event.data;
              var list = screen.querySelector("ul");
              if (list) { list.scrollTop = list.scrollHeight; }
              if (measure) { report(); }
            };
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

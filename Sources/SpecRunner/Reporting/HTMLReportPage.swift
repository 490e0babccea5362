/// The HTML report's fixed parts: its style and its script, inline, so the one file works
/// offline and from a CI artifact; its policy forbids loading anything from anywhere.
enum HTMLReportPage {
    static let head = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="generator" content="spec-run">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; frame-src 'self' about:">
        <title>spec-run report</title>
        <style>
        body { font: 15px/1.45 system-ui, "Hiragino Sans", "Noto Sans CJK JP", "Yu Gothic UI", Meiryo, sans-serif;
          margin: 0 auto; max-width: 72rem; padding: 0 1rem 3rem; color: #1d2127; background: #fff; }
        header.run { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #d0d5dc; padding: 0.6rem 0;
          z-index: 1; }
        header h1 { font-size: 1.1rem; margin: 0; }
        header p { margin: 0.15rem 0; }
        header.failed .verdict { color: #b3261e; font-weight: bold; }
        header.passed .verdict { color: #1b7a3a; font-weight: bold; }
        .filters { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin-top: 0.4rem; }
        .filters button { font: inherit; padding: 0.1rem 0.6rem; border: 1px solid #aab2bd; border-radius: 1rem;
          background: #f4f6f8; cursor: pointer; }
        .filters button[aria-pressed="true"] { background: #1d2127; color: #fff; border-color: #1d2127; }
        .filters select, .filters input { font: inherit; }
        #shown { color: #5b6470; }
        h2 { font-size: 1.05rem; margin: 1.4rem 0 0.4rem; }
        h3 { font-size: 0.95rem; margin: 0.8rem 0 0.3rem; } section.rule { margin-left: 0.8rem; }
        .w, .t { color: #5b6470; font-size: 0.85em; }
        details.scenario { border: 1px solid #d0d5dc; border-left-width: 6px; border-radius: 4px; margin: 0.35rem 0;
          padding: 0.2rem 0.6rem; }
        details.scenario > summary { cursor: pointer; }
        .passed { border-left-color: #1b7a3a; } .failed, .interrupted { border-left-color: #b3261e; }
        .undefined, .ambiguous, .pending { border-left-color: #a86b00; } .skipped { border-left-color: #7a8794; }
        li.step.passed > .st::before { content: "\2713"; }
        .st { display: inline-block; min-width: 4.5em; font-size: 0.8em; font-weight: bold; text-transform: uppercase; }
        .passed > .st, .passed > summary > .st { color: #1b7a3a; }
        .failed > .st, .failed > summary > .st, .interrupted > summary > .st { color: #b3261e; }
        .undefined > .st, .ambiguous > .st, .pending > .st,
        .undefined > summary > .st, .ambiguous > summary > .st, .pending > summary > .st { color: #8a5800; }
        .skipped > .st, .skipped > summary > .st { color: #5f6b78; }
        .tag { font-size: 0.8em; background: #eef1f4; border-radius: 0.6em; padding: 0 0.4em; }
        ol.steps { list-style: none; padding-left: 0.4rem; margin: 0.3rem 0; }
        li.step { margin: 0.2rem 0; }
        .k { font-weight: bold; }
        pre { white-space: pre-wrap; margin: 0.3rem 0 0.3rem 5em; padding: 0.4rem; background: #f4f6f8; }
        pre.failure { background: #fdecea; color: #7a1b14; }
        table { border-collapse: collapse; margin: 0.2rem 0 0.2rem 5em; }
        td { border: 1px solid #d0d5dc; padding: 0.05rem 0.4rem; }
        figure.display { margin: 0.4rem 0 0.4rem 5em; }
        figure.display .frame { width: 512px; height: 300px; overflow: hidden; border: 1px solid #aab2bd; }
        figure.display iframe { border: 0; transform: scale(0.5); transform-origin: 0 0; background: #10131a; }
        figcaption { color: #5b6470; font-size: 0.85em; }
        img.attachment { max-width: 100%; margin-left: 5em; }
        details.attachment { margin-left: 5em; } details.attachment > summary { cursor: pointer; color: #5b6470; }
        details.attachment pre { margin-left: 0; }
        .run-error { color: #b3261e; white-space: pre-wrap; }
        section.warnings { background: #fff6db; border-left: 4px solid #a86b00; padding: 0.2rem 0.8rem; }
        section.warnings h2 { font-size: 1em; color: #7a4e00; margin: 0.4rem 0; }
        section.warnings li { white-space: pre-wrap; overflow-wrap: anywhere; }
        [hidden] { display: none !important; }
        summary, pre, li.step { overflow-wrap: anywhere; }
        @media print { header.run { position: static; } .filters { display: none; } }
        @media (max-width: 700px) {
          header.run { position: static; }
          pre, table, figure.display, img.attachment, details.attachment { margin-left: 0.5em; }
        }
        @media (max-width: 600px) {
          figure.display .frame { width: 307px; height: 180px; }
          figure.display iframe { transform: scale(0.3); }
        }
        </style>
        </head>
        <body>
        <noscript><p class="run-error">This page's filters and the customer display at each check need JavaScript, which this viewer has turned off: open the file in a browser.</p></noscript>

        """#

    static let tail = #"""
        <script>
        (function () {
          "use strict";
          var table = JSON.parse(document.getElementById("attachments").textContent);
          var state = { status: "all", tag: "", text: "" };
          var scenarios = Array.prototype.slice.call(document.querySelectorAll("details.scenario"));
          var features = Array.prototype.slice.call(document.querySelectorAll("section.feature, section.rule"));
          var texts = new Map();
          // A scenario's text: what the page shows, its Rule's, and the steps of a folded one.
          function textOf(scenario) {
            if (!texts.has(scenario)) {
              var rule = scenario.parentElement.matches("section.rule") ? scenario.parentElement.firstElementChild : null;
              var text = (rule ? rule.textContent + "\n" : "") + scenario.textContent;
              var body = scenario.querySelector("div[data-body]");
              if (body && !body.firstChild) {
                var template = document.createElement("template");
                template.innerHTML = table.bodies[Number(body.dataset.body)];
                text += template.content.textContent;
              }
              texts.set(scenario, text.toLowerCase());
            }
            return texts.get(scenario);
          }
          // The display page keeps its list of lines scrolled to the latest; so does the frame.
          function scrolled() {
            var list = this.contentDocument && this.contentDocument.querySelector("ul");
            if (list) { list.scrollTop = list.scrollHeight; }
          }
          function page(index) {
            return table.prefix + table.pages[index].map(function (line) { return table.lines[line]; }).join("\n") +
              table.suffix;
          }
          // A page in a frame (same origin, no scripts: the report reads it, it runs nothing).
          function figure(index, caption) {
            var frame = document.createElement("iframe");
            frame.setAttribute("sandbox", "allow-same-origin");
            frame.width = "1024";
            frame.height = "600";
            frame.title = caption;
            frame.addEventListener("load", scrolled);
            frame.srcdoc = page(index);
            var box = document.createElement("div");
            box.className = "frame";
            box.appendChild(frame);
            var figure = document.createElement("figure");
            figure.className = "display";
            var label = document.createElement("figcaption");
            label.textContent = caption;
            figure.appendChild(box);
            figure.appendChild(label);
            return figure;
          }
          // A named text, folded under its name.
          function folded(index) {
            var details = document.createElement("details");
            details.className = "attachment";
            var summary = document.createElement("summary");
            summary.textContent = table.texts[index][0];
            var pre = document.createElement("pre");
            pre.textContent = table.texts[index][1];
            details.appendChild(summary);
            details.appendChild(pre);
            return details;
          }
          // Puts the scenario's attachments in place, once.
          function fill(scenario) {
            var body = scenario.querySelector("div[data-body]");
            if (body && !body.firstChild) { body.innerHTML = table.bodies[Number(body.dataset.body)]; }
            scenario.querySelectorAll("li[data-a]").forEach(function (step) {
              if (step.dataset.filled) { return; }
              step.dataset.filled = "yes";
              step.dataset.a.split(" ").forEach(function (reference) {
                var index = Number(reference.slice(1));
                step.appendChild(reference[0] === "p" ? figure(index, scenario.dataset.caption) : folded(index));
              });
            });
          }
          function apply() {
            var shown = 0;
            scenarios.forEach(function (scenario) {
              var tags = " " + scenario.dataset.tags + " ";
              var visible = (state.status === "all" || scenario.dataset.status === state.status ||
                  (state.status === "failed" && scenario.dataset.verdict === "failed")) &&
                (state.tag === "" || tags.indexOf(" " + state.tag + " ") >= 0) &&
                (state.text === "" || textOf(scenario).indexOf(state.text) >= 0);
              scenario.hidden = !visible;
              if (visible) { shown += 1; }
            });
            features.forEach(function (feature) {
              feature.hidden = !feature.querySelector("details.scenario:not([hidden])");
            });
            document.querySelectorAll("[data-filter-status]").forEach(function (button) {
              button.setAttribute("aria-pressed", String(button.dataset.filterStatus === state.status));
            });
            document.getElementById("shown").textContent = shown + " of " + scenarios.length + " scenarios shown";
          }
          document.querySelectorAll("[data-filter-status]").forEach(function (button) {
            button.addEventListener("click", function () { state.status = button.dataset.filterStatus; apply(); });
          });
          document.getElementById("tag-filter").addEventListener("change", function (event) {
            state.tag = event.target.value; apply();
          });
          document.getElementById("text-filter").addEventListener("input", function (event) {
            state.text = event.target.value.trim().toLowerCase(); apply();
          });
          scenarios.forEach(function (scenario) {
            if (scenario.open) { fill(scenario); }
            scenario.addEventListener("toggle", function () { if (scenario.open) { fill(scenario); } });
          });
          // `report.html#status=failed&tag=@cart&text=latte` opens filtered.
          new URLSearchParams(location.hash.slice(1)).forEach(function (value, key) {
            if (key === "status") { state.status = value; }
            if (key === "tag") { state.tag = value; document.getElementById("tag-filter").value = value; }
            if (key === "text") { state.text = value.toLowerCase(); document.getElementById("text-filter").value = value; }
          });
          window.addEventListener("beforeprint", function () {
            scenarios.forEach(function (scenario) { scenario.open = true; fill(scenario); });
          });
          apply();
        })();
        </script>
        </body>
        </html>

        """#
}

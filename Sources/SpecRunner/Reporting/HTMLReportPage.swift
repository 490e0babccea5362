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
        .where, .time { color: #5b6470; font-size: 0.85em; }
        details.scenario { border: 1px solid #d0d5dc; border-left-width: 6px; border-radius: 4px; margin: 0.35rem 0;
          padding: 0.2rem 0.6rem; }
        details.scenario > summary { cursor: pointer; }
        .passed { border-left-color: #1b7a3a; } .failed, .interrupted { border-left-color: #b3261e; }
        .undefined, .ambiguous, .pending { border-left-color: #a86b00; } .skipped { border-left-color: #7a8794; }
        .status { display: inline-block; min-width: 4.5em; font-size: 0.8em; font-weight: bold; text-transform: uppercase; }
        .passed > .status, .passed > summary > .status { color: #1b7a3a; }
        .failed > .status, .failed > summary > .status, .interrupted > summary > .status { color: #b3261e; }
        .undefined > .status, .ambiguous > .status, .pending > .status,
        .undefined > summary > .status, .ambiguous > summary > .status, .pending > summary > .status { color: #a86b00; }
        .skipped > .status, .skipped > summary > .status { color: #7a8794; }
        .tag { font-size: 0.8em; background: #eef1f4; border-radius: 0.6em; padding: 0 0.4em; }
        ol.steps { list-style: none; padding-left: 0.4rem; margin: 0.3rem 0; }
        li.step { margin: 0.2rem 0; }
        .keyword { font-weight: bold; }
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
        [hidden] { display: none !important; }
        @media print { header.run { position: static; } .filters { display: none; } }
        </style>
        </head>
        <body>

        """#

    static let tail = #"""
        <script>
        (function () {
          "use strict";
          var snapshots = JSON.parse(document.getElementById("snapshots").textContent);
          var state = { status: "all", tag: "", text: "" };
          var scenarios = Array.prototype.slice.call(document.querySelectorAll("details.scenario"));
          var features = Array.prototype.slice.call(document.querySelectorAll("section.feature"));
          var texts = new Map();
          function textOf(scenario) {
            if (!texts.has(scenario)) { texts.set(scenario, scenario.textContent.toLowerCase()); }
            return texts.get(scenario);
          }
          function fill(scenario) {
            scenario.querySelectorAll("iframe[data-snapshot]").forEach(function (frame) {
              if (frame.hasAttribute("srcdoc")) { return; }
              // The display page keeps its list of lines scrolled to the latest; so does the frame.
              frame.addEventListener("load", function () {
                var list = frame.contentDocument && frame.contentDocument.querySelector("ul");
                if (list) { list.scrollTop = list.scrollHeight; }
              });
              frame.srcdoc = snapshots[Number(frame.dataset.snapshot)];
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

/// The customer display's style sheet: how a snapshot (`CustomerDisplay.render`) looks,
/// on the display page and in a report. It styles the snapshot's own markup and `#screen`,
/// the element that holds it, so any page that shows a snapshot in `#screen` looks the
/// same; the layout rule (the screen never scrolls, the lines scroll inside their list) is
/// docs/protocol.md's, "The display page".
public enum DisplayStyle {
    public static let css = """
        html, body { height: 100%; }
        body {
          margin: 0; overflow: hidden; background: #10131a; color: #f4f4f4;
          font-family: "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP",
            "Source Han Sans JP", "Yu Gothic UI", "Yu Gothic", Meiryo, system-ui, sans-serif;
          font-size: clamp(16px, 2.2vmin + 10px, 30px); line-height: 1.35;
        }
        main[data-screen] {
          box-sizing: border-box; height: 100%; display: flex; flex-direction: column;
          padding: 0.8em 1.1em; gap: 0.3em;
        }
        main h1 {
          flex: none; margin: 0 0 0.3em; padding-bottom: 0.3em; font-size: 1.2em; font-weight: bold;
          border-bottom: 1px solid rgba(255, 255, 255, 0.3);
        }
        main ul {
          flex: 1 1 auto; min-height: 0; overflow-y: auto; scrollbar-width: none; list-style: none; margin: 0; padding: 0;
        }
        main li {
          display: grid; grid-template-columns: minmax(0, 1fr) auto auto; column-gap: 0.8em;
          align-items: baseline; padding: 0.2em 0; border-bottom: 1px solid rgba(255, 255, 255, 0.1);
        }
        main li .name { overflow-wrap: anywhere; }
        main .quantity, main .amount { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        main p[data-field] {
          flex: none; margin: 0; display: flex; justify-content: space-between; align-items: baseline; gap: 1em;
        }
        main [data-field="total"], main [data-field="remaining"], main [data-field="refund"],
        main[data-screen="complete"] [data-field="change"] {
          font-size: 1.6em; font-weight: bold; border-top: 2px solid rgba(255, 255, 255, 0.6); padding-top: 0.15em;
        }
        main h1 + [data-field="total"] { border-top: none; padding-top: 0; }
        main [data-field="remaining"], main[data-screen="complete"] [data-field="change"] { color: #ffd166; }
        main[data-screen="welcome"] { justify-content: center; }
        main p[data-field="greeting"], main p[data-field="thanks"] {
          display: block; margin-top: 0.5em; text-align: center; font-size: min(2em, 7.5vw); font-weight: bold;
        }
        #screen { height: 100%; }
        """

    /// A snapshot as the display page shows it is `pagePrefix + snapshot + pageSuffix`: a
    /// page of its own with nothing to load and no script, what a report shows of a step
    /// that judged the display. `#screen` is the element the display page puts each
    /// snapshot in.
    public static let pagePrefix =
        "<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n<style>\n" + css
        + "</style>\n</head>\n<body>\n<div id=\"screen\">"
    /// What follows the snapshot in its page (`pagePrefix`).
    public static let pageSuffix = "</div>\n</body>\n</html>\n"
}

#!/usr/bin/env bash
# The HTML report of the 2,000-scenario spec corpus: its size, what writing it adds to
# the run, and how long headless Chromium takes to load it.
#
#   bench/report/run.sh [CORPUS] [RUNS]     (defaults: /tmp/spec-corpus, 5)
#
# CORPUS is made as bench/spec makes it (gen_spec_corpus.py, 100 files x 20 scenarios,
# seed 7). Builds a release spec-run unless SPEC_RUN_BIN names a folder holding one. The
# run with and without `--format html` is timed in turns by hyperfine. The load time is
# the report's own `performance` timing (navigation start to the end of its load event,
# its script included), read by a page that frames it, median of RUNS loads.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SHARED=${SPEC_RUN_SHARED:-$ROOT/../shared}
CORPUS=${1:-/tmp/spec-corpus}
RUNS=${2:-5}
WORK=$(mktemp -d /tmp/report-bench.XXXXXX)
CHROMIUM=$(command -v chromium || command -v chromium-browser)

. "$HERE/../lib/spec-corpus.sh"
spec_corpus "$CORPUS"
SR="$(release_spec_run)/spec-run"
PLAIN="$SR $CORPUS --format summary --junit $WORK/plain/junit.xml"
HTML="$SR $CORPUS --format summary --junit $WORK/html/junit.xml --format html:$WORK/html/report.html"

$HTML | tail -1 | sed 's/^/run: /'
hyperfine -N --warmup 1 --runs "$RUNS" -n plain "$PLAIN" -n html "$HTML" --export-json "$WORK/runs.json" \
  >"$WORK/hyperfine.log" 2>&1 || { cat "$WORK/hyperfine.log"; exit 1; }

cat >"$WORK/html/harness.html" <<'HTML'
<!DOCTYPE html><html><body><pre id="found">pending</pre>
<iframe id="report" src="report.html" width="1200" height="900"></iframe>
<script>
document.getElementById("report").addEventListener("load", function () {
  var frame = this;
  setTimeout(function () {
    var timing = frame.contentWindow.performance.getEntriesByType("navigation")[0];
    document.getElementById("found").textContent = String(timing.loadEventEnd - timing.startTime);
  }, 0);
});
</script></body></html>
HTML
LOADS=()
for _ in $(seq "$RUNS"); do
  LOADS+=("$(timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --allow-file-access-from-files --dump-dom "file://$WORK/html/harness.html" \
    2>/dev/null | sed -n 's/.*<pre id="found">\([0-9.]*\)<\/pre>.*/\1/p')")
done

python3 - "$WORK" "${LOADS[@]}" <<'PY'
import json, os, statistics, sys
work, loads = sys.argv[1], [float(x) for x in sys.argv[2:] if x]
runs = {r["command"]: r["times"] for r in json.load(open(os.path.join(work, "runs.json")))["results"]}
plain, html = statistics.median(runs["plain"]), statistics.median(runs["html"])
size = os.path.getsize(os.path.join(work, "html", "report.html"))
print(f"report: {size / 1e6:.2f} MB")
print(f"run: {plain:.3f} s plain, {html:.3f} s with --format html (+{(html / plain - 1) * 100:.1f} %), medians of {len(runs['plain'])}")
if loads:
    print(f"Chromium load: median {statistics.median(loads):.0f} ms of {len(loads)} ({', '.join(f'{x:.0f}' for x in loads)})")
else:
    print("Chromium load: no figure (the harness reported nothing)")
PY
rm -rf "$WORK"

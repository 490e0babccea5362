#!/usr/bin/env bash
# spec-run's runner against behave 1.3.3, side by side in one run on one corpus.
#
#   bench/runner/run.sh [CORPUS] [RUNS]     (defaults: /tmp/runner-corpus, 10)
#
# CORPUS is made with gen_corpus.py --behave-compat (100 files x 10 scenarios, seed 1:
# 1,869 pickles) when missing. Both sides use catch-all no-op steps: behave's
# behave_baseline/steps, ours bench/RunnerBench (one `.*` regular-expression step).
# Builds release binaries unless SPEC_RUN_BIN names a folder holding spec-run and
# RunnerBench. Prints both tables, then the ratios of medians.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SHARED=${SPEC_RUN_SHARED:-$ROOT/../shared}
CORPUS=${1:-/tmp/runner-corpus}
RUNS=${2:-10}
. "$HERE/../lib/peak-rss.sh"
WORK=$(mktemp -d /tmp/runner-bench.XXXXXX)

if [ ! -f "$CORPUS/corpus-manifest.json" ]; then
  python3 "$SHARED/tools/gen_corpus.py" "$CORPUS" --behave-compat --files 100 --scenarios-per-file 10 --seed 1 >/dev/null
fi
if [ -z "${SPEC_RUN_BIN:-}" ]; then
  (cd "$ROOT" && swift build -c release --product spec-run >/dev/null && swift build -c release --product RunnerBench >/dev/null)
  SPEC_RUN_BIN=$(cd "$ROOT" && swift build -c release --show-bin-path)
fi
SPEC_RUN_BIN=$(cd "$SPEC_RUN_BIN" && pwd)
RB="$SPEC_RUN_BIN/RunnerBench"
RUN="$RB $CORPUS --format summary --junit $WORK/run/junit.xml"
DRY="$RB $CORPUS --format summary --dry-run --junit $WORK/dry/junit.xml"
VERSION="$SPEC_RUN_BIN/spec-run --version"

echo "== behave 1.3.3 (shared/tools/peer_run_bench.sh)"
"$SHARED/tools/peer_run_bench.sh" "$CORPUS" "$RUNS" | tee "$WORK/behave.txt"

echo "== spec-run (RunnerBench, no-op steps)"
$RUN | tail -2 | sed 's/^/  /'
hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/ours.json" \
  -n run "$RUN" -n dry-run "$DRY" -n version "$VERSION" >"$WORK/hyperfine.log" 2>&1 || { cat "$WORK/hyperfine.log"; exit 1; }
record_peak_rss "$WORK" "$RUNS" run $RUN
record_peak_rss "$WORK" "$RUNS" dry-run $DRY
echo "  report check (junit_check.py):"
python3 "$SHARED/tools/junit_check.py" "$WORK/run" --top 3 | sed 's/^/    /'

python3 - "$WORK" "$HERE/../lib" <<'PY'
import statistics, sys
sys.path.insert(0, sys.argv[2])
from results import load
ours, rss, behave = load(sys.argv[1])
print(f"{'variant':<8} {'spec-run median s':>18} {'behave median s':>16} {'speed-up':>9} {'spec-run RSS MB':>16} {'behave RSS MB':>14}")
for v in ("run", "dry-run"):
    ours_s, ours_mb = ours[v]["median"], statistics.median(rss[v])
    b_s, b_mb = behave[v]
    print(f"{v:<8} {ours_s:18.3f} {b_s:16.3f} {b_s / ours_s:8.1f}x {ours_mb:16.1f} {b_mb:14.1f}")
print(f"version  {ours['version']['median'] * 1000:17.1f}ms (mean {ours['version']['mean'] * 1000:.1f} ms, min {ours['version']['min'] * 1000:.1f} ms)")
PY
echo "scratch: $WORK"

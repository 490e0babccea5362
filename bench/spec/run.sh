#!/usr/bin/env bash
# The whole product against behave 1.3.3, side by side in one run on one corpus.
#
#   bench/spec/run.sh [CORPUS] [RUNS]     (defaults: /tmp/spec-corpus, 5)
#
# CORPUS is made with gen_spec_corpus.py (100 files x 20 scenarios, seed 7: 2,000
# scenarios in the steps.md vocabulary, expectations computed from domain.md) when
# missing. spec-run does the real work: every step goes over the WebSocket protocol to
# its built-in simulator and every display assertion reads the pushed snapshots. behave
# runs the same files with catch-all no-op steps (shared/tools/behave_baseline via
# peer_run_bench.sh). Also times `spec-run features/` (the project's living spec).
# Builds a release spec-run unless SPEC_RUN_BIN names a folder holding one: with the
# Swift runtime and Foundation linked in (`--static-swift-stdlib`, in .build-static), as
# the README's CI section builds it. Then the
# same three commands taken in turns (bench/lib/interleave.py: ratios per round, robust
# to a machine whose speed drifts), and last the kernel floor (WebSocketBench floor):
# the loopback messages alone, the median of 3.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SHARED=${SPEC_RUN_SHARED:-$ROOT/../shared}
CORPUS=${1:-/tmp/spec-corpus}
RUNS=${2:-5}
. "$HERE/../lib/peak-rss.sh"
WORK=$(mktemp -d /tmp/spec-bench.XXXXXX)

if [ ! -d "$CORPUS" ] || [ -z "$(ls "$CORPUS" 2>/dev/null)" ]; then
  python3 "$SHARED/tools/gen_spec_corpus.py" "$CORPUS" --files 100 --scenarios 20 --seed 7 >/dev/null
fi
if [ -z "${SPEC_RUN_BIN:-}" ]; then
  STATIC=(-c release --static-swift-stdlib --scratch-path "$ROOT/.build-static")
  (cd "$ROOT" && swift build "${STATIC[@]}" --product spec-run >/dev/null \
    && swift build "${STATIC[@]}" --product WebSocketBench >/dev/null)
  SPEC_RUN_BIN=$(cd "$ROOT" && swift build "${STATIC[@]}" --show-bin-path)
fi
SPEC_RUN_BIN=$(cd "$SPEC_RUN_BIN" && pwd)
SR="$SPEC_RUN_BIN/spec-run"
J1="$SR $CORPUS --format summary --junit $WORK/j1/junit.xml"
J2="$SR $CORPUS --format summary --jobs 2 --junit $WORK/j2/junit.xml"
FEATURES="$SR $ROOT/features --format summary --junit $WORK/features/junit.xml"

echo "== behave 1.3.3 (shared/tools/peer_run_bench.sh, no-op steps)"
"$SHARED/tools/peer_run_bench.sh" "$CORPUS" "$RUNS" | tee "$WORK/behave.txt"

echo "== spec-run (real steps, built-in simulator)"
$J1 | tail -2 | sed 's/^/  jobs 1: /'
$J2 | tail -1 | sed 's/^/  jobs 2: /'
(cd "$ROOT" && $FEATURES | tail -1 | sed 's/^/  features\/: /')
(cd "$ROOT" && hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/ours.json" \
  -n jobs1 "$J1" -n jobs2 "$J2" -n features "$FEATURES" >"$WORK/hyperfine.log" 2>&1) \
  || { cat "$WORK/hyperfine.log"; exit 1; }
record_peak_rss "$WORK" "$RUNS" jobs1 $J1
record_peak_rss "$WORK" "$RUNS" jobs2 $J2
echo "  report check (junit_check.py):"
python3 "$SHARED/tools/junit_check.py" "$WORK/j1" --top 3 | sed 's/^/    /'

python3 - "$WORK" "$HERE/../lib" <<'PY'
import statistics, sys
sys.path.insert(0, sys.argv[2])
from results import load
ours, rss, behave = load(sys.argv[1])
b_s, b_mb = behave["run"]
print(f"{'variant':<22} {'median s':>9} {'vs behave no-op':>16} {'peak RSS MB':>12}")
print(f"{'behave (no-op steps)':<22} {b_s:9.3f} {'1.0x':>16} {b_mb:12.1f}")
for v, label in (("jobs1", "spec-run --jobs 1"), ("jobs2", "spec-run --jobs 2")):
    s = ours[v]["median"]
    print(f"{label:<22} {s:9.3f} {b_s / s:15.1f}x {statistics.median(rss[v]):12.1f}")
print(f"{'spec-run features/':<22} {ours['features']['median']:9.3f}")
PY
# The same commands again, taken in turns: a machine whose speed drifts during the run
# (this one does) then slows every command alike; the ratios are per round.
PEER_WORK=$(sed -n 's/^  scratch: //p' "$WORK/behave.txt")
PY=$(python3 -c 'import sys; print(sys.executable)')
python3 "$HERE/../lib/interleave.py" "$RUNS" --target=5 \
  "behave=$PEER_WORK::$PY -m behave features -f null --junit --junit-directory $PEER_WORK/junit-run" \
  "jobs1=$ROOT::$J1" "jobs2=$ROOT::$J2"
# And warm: each command twice in a row, the second timed (see interleave.py: a command
# that uses both cores runs slower for a second or two after one that left a core idle).
python3 "$HERE/../lib/interleave.py" "$RUNS" --warm --target=5 \
  "behave=$PEER_WORK::$PY -m behave features -f null --junit --junit-directory $PEER_WORK/junit-run" \
  "jobs1=$ROOT::$J1" "jobs2=$ROOT::$J2"
# The kernel's share alone: the same number of loopback messages per scenario (spec-run
# sends about 27 on this corpus: strace -c counts sendto), with nothing above the sockets.
if [ -x "$SPEC_RUN_BIN/WebSocketBench" ]; then
  SCENARIOS=$(grep -c "^ *Scenario" "$CORPUS"/*.feature | awk -F: '{s += $2} END {print s}')
  for _ in 1 2 3; do "$SPEC_RUN_BIN/WebSocketBench" floor --n "$SCENARIOS" --actions 8; done | sort -t: -k3 -g | sed -n 2p
fi
echo "scratch: $WORK"

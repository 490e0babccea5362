#!/usr/bin/env bash
# Side-by-side parse + pickle-compile throughput: spec-run's Gherkin library vs the
# reference (gherkin-official, Python), on the same generated corpus, in one run.
#
#     bench/gherkin/run.sh [REPEAT]          # from the package root; REPEAT defaults to 7
#
# Environment: CORPUS (default /tmp/gherkin-corpus10, generated when missing with the
#     issue's settings: python3 ../shared/tools/gen_corpus.py CORPUS --files 1000 --seed 1,
#     i.e. 10 scenarios per file, about 4.46 MB),
# SHARED (default ../shared), PACKAGE (the package that declares GherkinBench, default .).
# Both sides read every file into memory first and time parse+compile per file; the median
# of REPEAT passes is reported, and peak RSS comes from /usr/bin/time -f %M. Then ROUNDS
# (default 5) rounds in turns, ours then the reference, with the ratio taken per round.
set -euo pipefail

cd "$(dirname "$0")/../.."
REPEAT="${1:-7}"
SHARED="${SHARED:-../shared}"
CORPUS="${CORPUS:-/tmp/gherkin-corpus10}"
PACKAGE="${PACKAGE:-.}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

if [ ! -d "$CORPUS" ]; then
    python3 "$SHARED/tools/gen_corpus.py" "$CORPUS" --files 1000 --seed 1 >/dev/null
fi

swift build -c release --package-path "$PACKAGE" --product GherkinBench >/dev/null
BENCH="$(swift build -c release --package-path "$PACKAGE" --show-bin-path)/GherkinBench"

ours_count="$("$BENCH" "$CORPUS" --count)"
peer_count="$(python3 "$SHARED/tools/peer_parse_bench.py" "$CORPUS" --count)"

/usr/bin/time -f %M -o "$OUT/ours.rss" "$BENCH" "$CORPUS" --repeat "$REPEAT" --json >"$OUT/ours.json"
/usr/bin/time -f %M -o "$OUT/peer.rss" \
    python3 "$SHARED/tools/peer_parse_bench.py" "$CORPUS" --repeat "$REPEAT" --json >"$OUT/peer.json"

python3 - "$OUT" "$ours_count" "$peer_count" <<'PY'
import json, sys
out, ours_count, peer_count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
ours = json.load(open(f"{out}/ours.json"))
peer = json.load(open(f"{out}/peer.json"))
ours_rss = int(open(f"{out}/ours.rss").read().split()[-1]) / 1024
peer_rss = int(open(f"{out}/peer.rss").read().split()[-1]) / 1024
peer_median = peer["phases"]["parse+compile"]["median"]
ours_mbs = ours["mb_per_s"]
print(f"corpus: {ours['files']} files, {ours['bytes'] / 1e6:.2f} MB; {ours['repeat']} timed passes each")
print(f"  {'':<26}{'median ms':>10}{'MB/s':>9}{'pickles/s':>11}{'peak RSS':>10}")
print(f"  {'spec-run (Swift)':<26}{ours['median_seconds'] * 1e3:>10.1f}{ours_mbs:>9.2f}"
      f"{ours['pickles'] / ours['median_seconds']:>11.0f}{ours_rss:>8.1f}MB")
print(f"  {'gherkin-official (Python)':<26}{peer_median['seconds'] * 1e3:>10.1f}{peer_median['mb_per_s']:>9.2f}"
      f"{peer_median['pickles_per_s']:>11.0f}{peer_rss:>8.1f}MB")
print(f"  speed-up {ours_mbs / peer_median['mb_per_s']:.1f}x; pickles: ours {ours_count}, reference {peer_count}"
      f" ({'same' if ours_count == peer_count else 'DIFFERENT'})")
sys.exit(0 if ours_count == peer_count else 1)
PY

# The same in turns, ROUNDS times: ours (3 passes) then the reference (1 pass, after its
# warm-up). This machine's speed drifts by up to half within a minute, so a ratio taken
# within each round, and the median of those, is the robust figure.
ROUNDS="${ROUNDS:-5}"
for round in $(seq "$ROUNDS"); do
    "$BENCH" "$CORPUS" --repeat 3 --json >"$OUT/ours-$round.json"
    python3 "$SHARED/tools/peer_parse_bench.py" "$CORPUS" --repeat 1 --json >"$OUT/peer-$round.json"
done
python3 - "$OUT" "$ROUNDS" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
ours = [json.load(open(f"{out}/ours-{r}.json"))["median_seconds"] for r in range(1, rounds + 1)]
peer = [json.load(open(f"{out}/peer-{r}.json"))["phases"]["parse+compile"]["median"]["seconds"]
        for r in range(1, rounds + 1)]
ratios = [p / o for o, p in zip(ours, peer)]
print(f"in turns, {rounds} rounds: ours {statistics.median(ours) * 1e3:.1f} ms "
      f"[{min(ours) * 1e3:.1f}..{max(ours) * 1e3:.1f}], reference {statistics.median(peer) * 1e3:.1f} ms "
      f"[{min(peer) * 1e3:.1f}..{max(peer) * 1e3:.1f}]; speed-up per round "
      + " ".join(f"{r:.1f}x" for r in ratios) + f"; median {statistics.median(ratios):.1f}x")
PY

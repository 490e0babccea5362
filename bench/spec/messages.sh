#!/usr/bin/env bash
# What `--format message` adds to the product run, in turns.
#
#   bench/spec/messages.sh [CORPUS] [ROUNDS]     (defaults: /tmp/spec-corpus, 7)
#
# Times spec-run on the 2,000-scenario corpus (gen_spec_corpus.py, 100 files x 20
# scenarios, seed 7, made when missing) with its usual outputs (the summary and the JUnit
# report), then the same with `--format message:FILE` added, in turns (bench/lib/
# interleave.py --warm: each command twice in a row, the second timed) so that a machine
# whose speed drifts slows both alike; the ratio is taken within each round. Then the
# same pair by CPU time (user + system, /usr/bin/time), which a loaded machine blurs
# less than wall time. SPEC_RUN_BIN names a folder with a release spec-run; without it
# the script builds one (`swift build -c release`).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SHARED=${SPEC_RUN_SHARED:-$ROOT/../shared}
CORPUS=${1:-/tmp/spec-corpus}
ROUNDS=${2:-7}
WORK=$(mktemp -d /tmp/spec-messages.XXXXXX)

. "$HERE/../lib/spec-corpus.sh"
spec_corpus "$CORPUS"
SR="$(release_spec_run)/spec-run"
PLAIN="$SR $CORPUS --format summary --junit $WORK/plain.xml"
MESSAGE="$SR $CORPUS --format summary --junit $WORK/message.xml --format message:$WORK/messages.ndjson"

$MESSAGE | tail -1 | sed 's/^/with messages: /'
echo "messages: $(wc -l <"$WORK/messages.ndjson") envelopes, $(du -h "$WORK/messages.ndjson" | cut -f1)"
python3 "$HERE/../lib/interleave.py" "$ROUNDS" --warm "plain=$WORK::$PLAIN" "message=$WORK::$MESSAGE"

echo "CPU seconds (user + system), in turns:"
for round in $(seq 1 "$ROUNDS"); do
  for name in plain message; do
    command=$PLAIN; [ $name = message ] && command=$MESSAGE
    /usr/bin/time -f "$name %U %S" -o "$WORK/time.txt" $command >/dev/null
    cat "$WORK/time.txt" >>"$WORK/cpu.txt"
  done
done
python3 - "$WORK/cpu.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
cpu = {name: [float(u) + float(s) for n, u, s in rows if n == name] for name in ("plain", "message")}
ratios = [m / p for p, m in zip(cpu["plain"], cpu["message"])]
print(f"  plain {statistics.median(cpu['plain']):.3f} s, message {statistics.median(cpu['message']):.3f} s; "
      f"message / plain per round: median {statistics.median(ratios):.3f} ({min(ratios):.3f}..{max(ratios):.3f})")
PY
rm -rf "$WORK"

#!/usr/bin/env bash
# Whole processes side by side: `spec-run gherkin` against the reference command line
# (gherkin-official 42.0.1's `bin/gherkin`, as `reference_cli.py`), on the same files, in
# turns: start-up, reading, parsing, ids, encoding and writing the NDJSON all count.
#
#     bench/gherkin/cli.sh [ROUNDS]          # from the package root; ROUNDS defaults to 5
#
# Environment: CORPUS (default /tmp/gherkin-corpus10, generated when missing with
#     ../shared/tools/gen_corpus.py CORPUS --files 1000 --seed 1), SHARED (default
#     ../shared), SPEC_RUN_BIN (a folder holding a release `spec-run`; built with
#     `swift build -c release --product spec-run` when unset).
# Both get the same sorted list of the corpus's files and write to /dev/null; spec-run
# makes random UUIDs (its default), the reference counts ids. Each mode is timed in turns
# with bench/lib/interleave.py: the ratio is taken within each round.
set -euo pipefail

cd "$(dirname "$0")/../.."
ROUNDS="${1:-5}"
SHARED="${SHARED:-../shared}"
CORPUS="${CORPUS:-/tmp/gherkin-corpus10}"
ROOT="$(pwd)"

if [ ! -d "$CORPUS" ]; then
    python3 "$SHARED/tools/gen_corpus.py" "$CORPUS" --files 1000 --seed 1 >/dev/null
fi
if [ -z "${SPEC_RUN_BIN:-}" ]; then
    swift build -c release --product spec-run >/dev/null
    SPEC_RUN_BIN="$(swift build -c release --show-bin-path)"
fi
SPEC_RUN="$(cd "$SPEC_RUN_BIN" && pwd)/spec-run"
REFERENCE="$ROOT/bench/gherkin/reference_cli.py"
FILES="$(cd "$CORPUS" && find . -name '*.feature' | LC_ALL=C sort | tr '\n' ' ')"

# The same envelopes, counted by kind (ours with counter ids, so both number alike).
count() { python3 -c 'import collections, json, sys
print(dict(sorted(collections.Counter(next(iter(json.loads(l))) for l in sys.stdin).items())))'; }
ours_kinds="$(cd "$CORPUS" && "$SPEC_RUN" gherkin --predictable-ids $FILES | count)"
peer_kinds="$(cd "$CORPUS" && python3 "$REFERENCE" $FILES | count)"
echo "envelopes: spec-run $ours_kinds"
echo "           reference $peer_kinds ($([ "$ours_kinds" = "$peer_kinds" ] && echo same || echo DIFFERENT))"
[ "$ours_kinds" = "$peer_kinds" ]
echo "output bytes, --no-source: spec-run $(cd "$CORPUS" && "$SPEC_RUN" gherkin --no-source $FILES | wc -c)," \
    "reference $(cd "$CORPUS" && python3 "$REFERENCE" --no-source $FILES | wc -c)"

for mode in --no-source ""; do
    echo
    echo "spec-run gherkin ${mode:-(with source)}: $(echo $FILES | wc -w) files"
    python3 bench/lib/interleave.py "$ROUNDS" --target=30 \
        "reference=$CORPUS::python3 $REFERENCE $mode $FILES" \
        "spec-run=$CORPUS::$SPEC_RUN gherkin $mode $FILES"
done

#!/bin/sh
# WebSocket round trips: our client + server (Swift, bench/WebSocketBench) side by side
# with Python's websockets pair (../shared/tools/ws_echo_bench.py), same shape:
# 2 KB text echo, one connection, N timed round trips after a warm-up, R repeats,
# server in a child process and in-process; then the p50 ratios (target ≤ 0.33).
# Then the 100-display snapshot fan-out, the step library's traffic pattern, and the
# pure encode/decode cost.
#
#   bench/websocket/run.sh            (N=10000 R=5; override: N=3000 R=3 bench/websocket/run.sh)
#   PACKAGE_DIR=/path/to/package bench/websocket/run.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
package=${PACKAGE_DIR:-$(cd "$here/../.." && pwd)}
python_bench=${PYTHON_BENCH:-$package/../shared/tools/ws_echo_bench.py}
n=${N:-10000}
repeats=${R:-5}
size=${SIZE:-2048}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "== building WebSocketBench (release) in $package"
(cd "$package" && swift build -c release --product WebSocketBench >/dev/null)
bench="$package/.build/release/WebSocketBench"
uptime

echo
echo "== server in a child process"
"$bench" child --n "$n" --size "$size" --repeat "$repeats" | tee "$out/ours-child"
echo
python3 "$python_bench" --n "$n" --size "$size" --repeat "$repeats" | tee "$out/python-child"

echo
echo "== server in-process"
"$bench" inproc --n "$n" --size "$size" --repeat "$repeats" | tee "$out/ours-inproc"
echo
python3 "$python_bench" --n "$n" --size "$size" --repeat "$repeats" --inproc | tee "$out/python-inproc"

p50() { awk '$1 == "p50_us" { print $2 }' "$1"; }
echo
echo "== p50 ratio ours / Python (median of repeats; target ≤ 0.333)"
for config in child inproc; do
    ours=$(p50 "$out/ours-$config")
    python=$(p50 "$out/python-$config")
    awk -v c="$config" -v o="$ours" -v p="$python" \
        'BEGIN { printf "%-7s ours %6.1f µs  Python %6.1f µs  ratio %.3f\n", c, o, p, o / p }'
done

echo
echo "== one snapshot to 100 connected displays (simulator in-process)"
"$bench" displays --displays 100 --rounds 100

echo
echo "== the step library's traffic, transport only (simulator in-process)"
"$bench" scenarios --n 2000
"$bench" scenarios --n 2000 --colocated 1

echo
echo "== encode + decode cost per round trip, no sockets"
"$bench" codec --n 100000 --size "$size"

#!/bin/sh
# WebSocket round trips: our client + server (Swift, bench/WebSocketBench) side by side
# with Python's websockets pair (/work/shared/tools/ws_echo_bench.py), same shape:
# 2 KB text echo, one connection, N timed round trips after a warm-up, R repeats,
# server in a child process and in-process. Then the 100-display snapshot fan-out.
#
#   bench/websocket/run.sh            (N=10000 R=5; override: N=3000 R=3 bench/websocket/run.sh)
#   PACKAGE_DIR=/path/to/package bench/websocket/run.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
package=${PACKAGE_DIR:-$(cd "$here/../.." && pwd)}
python_bench=${PYTHON_BENCH:-/work/shared/tools/ws_echo_bench.py}
n=${N:-10000}
repeats=${R:-5}
size=${SIZE:-2048}

echo "== building WebSocketBench (release) in $package"
(cd "$package" && swift build -c release --product WebSocketBench >/dev/null)
bench="$package/.build/release/WebSocketBench"

echo
echo "== server in a child process"
"$bench" child --n "$n" --size "$size" --repeat "$repeats"
echo
python3 "$python_bench" --n "$n" --size "$size" --repeat "$repeats"

echo
echo "== server in-process"
"$bench" inproc --n "$n" --size "$size" --repeat "$repeats"
echo
python3 "$python_bench" --n "$n" --size "$size" --repeat "$repeats" --inproc

echo
echo "== one snapshot to 100 connected displays (simulator in-process)"
"$bench" displays --displays 100 --rounds 100

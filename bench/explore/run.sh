#!/usr/bin/env bash
# `spec-run explore`'s speed: actions per second against the built-in simulator over the
# protocol, and per faulty register of the test suite the actions and time to find its
# fault and the time to shrink it.
#
#     bench/explore/run.sh [ACTIONS] [REPEATS] [SEED] [BUDGET]   # from the package root
#
# Defaults: 100000 actions, 3 repeats (seeds 1..REPEATS), faults with seed 2024 and a
# 20000-action budget (the tests' settings).
set -euo pipefail

cd "$(dirname "$0")/../.."
ACTIONS="${1:-100000}"
REPEATS="${2:-3}"
SEED="${3:-2024}"
BUDGET="${4:-20000}"
swift build -c release --product ExploreBench >/dev/null
BIN="$(swift build -c release --show-bin-path)/ExploreBench"
"$BIN" rate "$ACTIONS" "$REPEATS"
"$BIN" faults "$SEED" "$BUDGET"

#!/usr/bin/env bash
# Planning time against input size: each hostile input of README.md's table at 1x, 10x and 100x.
#
#   bench/planning/run.sh [RUNS]     (default: 3; the median is printed)
#
# Writes the inputs with gen.py (base sizes there), runs the release spec-run on each
# with --dry-run (parse, checks, matching, snippets and suggestions; no step runs), and
# prints the wall and CPU time per size (CPU time moves less on a shared machine) and
# time(100x)/time(1x): linear growth keeps it near or
# below 100 (process start-up is part of every time, so small inputs weigh more), a
# quadratic step makes it thousands. Builds the release binary unless SPEC_RUN_BIN names
# a folder holding spec-run.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RUNS=${1:-3}
WORK=$(mktemp -d /tmp/planning-bench.XXXXXX)
if [ -z "${SPEC_RUN_BIN:-}" ]; then
  (cd "$ROOT" && swift build -c release --product spec-run >/dev/null)
  SPEC_RUN_BIN=$(cd "$ROOT" && swift build -c release --show-bin-path)
fi
python3 "$HERE/gen.py" "$WORK/in" 1 10 100
SPEC_RUN_BIN=$(cd "$SPEC_RUN_BIN" && pwd)
python3 - "$SPEC_RUN_BIN/spec-run" "$WORK" "$RUNS" <<'PY'
import resource, statistics, subprocess, sys, time
binary, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
kinds = ["undefined-step", "description", "parse-errors", "typo-pairs", "placeholder"]
scales = [1, 10, 100]

def cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime

def plan_time(path):
    walls, cpus = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), cpu()
        subprocess.run([binary, path, "--dry-run", "--junit", f"{work}/junit.xml"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
        walls.append(time.perf_counter() - start)
        cpus.append(cpu() - start_cpu)
    return statistics.median(walls), statistics.median(cpus)

results = {kind: [plan_time(f"{work}/in/{kind}-{scale}.feature") for scale in scales] for kind in kinds}
for index, title in ((0, "wall"), (1, "CPU (user + system)")):
    print(f"{title}, median of {runs}")
    print(f"{'input':<16} {'1x s':>8} {'10x s':>8} {'100x s':>8} {'100x/1x':>8} {'100x/10x':>9}")
    for kind in kinds:
        t = [r[index] for r in results[kind]]
        print(f"{kind:<16} {t[0]:8.3f} {t[1]:8.3f} {t[2]:8.3f} {t[2] / t[0]:8.1f} {t[2] / t[1]:9.1f}")
PY
rm -rf "$WORK"

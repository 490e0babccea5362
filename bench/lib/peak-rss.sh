# Shared by the side-by-side benchmarks: source it, then
#   record_peak_rss WORK RUNS VARIANT COMMAND...
# appends "VARIANT KB" lines (peak RSS of each run, /usr/bin/time -f %M) to WORK/rss.txt.
record_peak_rss() {
  local work=$1 runs=$2 variant=$3
  shift 3
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%M" -o "$work/rss.tmp" "$@" >/dev/null 2>&1 || true
    echo "$variant $(cat "$work/rss.tmp")" >> "$work/rss.txt"
  done
}

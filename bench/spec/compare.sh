#!/usr/bin/env bash
# Runs two spec-run binaries on one feature folder and compares what they print and the
# JUnit reports they write, with times masked: `compare.sh OLD NEW CORPUS [ARGS…]`.
# Prints "identical" and exits 0, or shows the differences and exits 1. ARGS go to both
# runs (e.g. `--format pretty --jobs 2`); the console is not a terminal, so no colour.
set -u
old=$1 new=$2 corpus=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Times (`in 1.23s`, `time="0.004"`, `(0.5s)`), timestamps and host names vary by run.
mask() {
    sed -E \
        -e 's/[0-9]+(\.[0-9]+)?(ms|s)\b/T/g' \
        -e 's/time="[^"]*"/time="T"/g' \
        -e 's/timestamp="[^"]*"/timestamp="T"/g' \
        -e 's/hostname="[^"]*"/hostname="H"/g' \
        -e 's/[0-9]+ ?ms/T/g'
}

for side in old new; do
    binary=${!side}
    mkdir -p "$work/$side"
    start=$(date +%s.%N)
    (cd "$(dirname "$corpus")" && "$binary" "$(basename "$corpus")" --junit "$work/$side/junit.xml" "$@" \
        >"$work/$side/stdout" 2>"$work/$side/stderr"; echo "exit $?" >"$work/$side/exit")
    printf -v "${side}_seconds" '%.2f' "$(echo "$(date +%s.%N) - $start" | bc)"
    for file in stdout stderr exit; do mask <"$work/$side/$file" >"$work/$side/$file.masked"; done
    mask <"$work/$side/junit.xml" >"$work/$side/junit.masked"
done

status=0
for file in stdout.masked stderr.masked exit.masked junit.masked; do
    if ! diff -u "$work/old/$file" "$work/new/$file" >"$work/diff" 2>&1; then
        echo "differs: $file"
        head -60 "$work/diff"
        status=1
    fi
done
summary=$(grep -E '^[0-9]+ scenarios' "$work/new/stdout" | head -1)
[ $status -eq 0 ] && echo "identical: $corpus ($summary; $(wc -l <"$work/new/junit.masked") report lines)"
echo "wall time: old ${old_seconds} s, new ${new_seconds} s"
exit $status

#!/usr/bin/env bash
# Fuzzes the Gherkin parser with libFuzzer + AddressSanitizer.
#
# Usage (from the package root):
#     Tests/Fuzz/run-gherkin-fuzzer.sh [SECONDS] [extra libFuzzer flags...]
#
# What it does:
#     swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name GherkinFuzz \
#         Sources/Gherkin/**/*.swift Tests/Fuzz/GherkinFuzzTarget.swift -o $WORK/gherkin-fuzzer
#     $WORK/gherkin-fuzzer -max_total_time=SECONDS -dict=$WORK/gherkin.dict \
#         -artifact_prefix=$WORK/crashes/ $WORK/corpus $WORK/seeds
# The seeds are every .feature file of ../shared/testdata/gherkin and Tests/GherkinTests/Fixtures;
# the corpus folder keeps what libFuzzer finds. SECONDS defaults to 60; the long run is
#     nice -n 10 Tests/Fuzz/run-gherkin-fuzzer.sh 1800
# A crash leaves crash-* in $WORK/crashes/: turn it into a fixture under
# Tests/GherkinTests/Fixtures and fix the parser. WORK defaults to /tmp/gherkin-fuzz.
set -euo pipefail

cd "$(dirname "$0")/../.."
SECONDS_TO_RUN="${1:-60}"
shift || true
WORK="${WORK:-/tmp/gherkin-fuzz}"
SHARED="${SPEC_RUN_SHARED:-../shared}"
mkdir -p "$WORK/corpus" "$WORK/seeds" "$WORK/crashes"

find "$SHARED/testdata/gherkin" Tests/GherkinTests/Fixtures -name '*.feature' -exec cp {} "$WORK/seeds/" \;

cat > "$WORK/gherkin.dict" <<'DICT'
"Feature:"
"Rule:"
"Background:"
"Scenario:"
"Scenario Outline:"
"Example:"
"Examples:"
"Given "
"When "
"Then "
"And "
"But "
"* "
"|"
"\\|"
"\\\\"
"\\n"
"\"\"\""
"```"
"\\\"\\\"\\\""
"@"
"#"
"# language: "
"# language: ja"
"# language: fr"
"<"
">"
"\x0d\x0a"
"\x09"
"\xe3\x80\x80"
"\xc2\xa0"
DICT

# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name GherkinFuzz \
    $(find Sources/Gherkin -name '*.swift' | sort) Tests/Fuzz/GherkinFuzzTarget.swift \
    -o "$WORK/gherkin-fuzzer"

"$WORK/gherkin-fuzzer" -max_total_time="$SECONDS_TO_RUN" -dict="$WORK/gherkin.dict" \
    -artifact_prefix="$WORK/crashes/" -print_final_stats=1 "$@" "$WORK/corpus" "$WORK/seeds"

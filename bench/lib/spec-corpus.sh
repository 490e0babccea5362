# Sourced by the benches that run the 2,000-scenario spec corpus.
#   spec_corpus DIR   makes the corpus in DIR when it is missing (gen_spec_corpus.py,
#                     100 files x 20 scenarios, seed 7, as bench/spec makes it)
#   release_spec_run  prints the folder of a release spec-run: SPEC_RUN_BIN when set (made
#                     absolute: the timed commands may run from another folder),
#                     else one built in the package ($ROOT) with `swift build -c release`
spec_corpus() {
  if [ ! -d "$1" ] || [ -z "$(ls "$1" 2>/dev/null)" ]; then
    python3 "$SHARED/tools/gen_spec_corpus.py" "$1" --files 100 --scenarios 20 --seed 7 >/dev/null
  fi
}

release_spec_run() {
  if [ -n "${SPEC_RUN_BIN:-}" ]; then
    (cd "$SPEC_RUN_BIN" && pwd)
    return
  fi
  (cd "$ROOT" && swift build -c release --product spec-run >/dev/null)
  (cd "$ROOT" && swift build -c release --show-bin-path)
}

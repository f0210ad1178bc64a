#!/usr/bin/env bash
# Runs one fuzz target (or `all`, one after the other) for SECONDS each with cargo-fuzz.
#
#   scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags]
#   scripts/fuzz.sh all 3600
#   scripts/fuzz.sh list
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). The working corpus
# grows in fuzz/corpus/TARGET (ignored by git); fuzz/seeds/TARGET is read, never written.
# A crash is saved under fuzz/artifacts/TARGET/: copy it to fuzz/regressions/TARGET/ and fix
# it; `cargo test -p loopwright-fuzz-checks` replays seeds and regressions on stable.
# Runs at `nice -n 19`, one job, no sanitizer (the code under test is safe Rust plus
# tree-sitter; set FUZZ_SANITIZER=address for ASan). The execution count is printed at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"
targets=$(ls fuzz_targets | sed 's/\.rs$//')
if [ "${1:-}" = list ] || [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET|all SECONDS [libFuzzer flags]" >&2
  echo "targets:" $targets >&2
  [ "${1:-}" = list ]
  exit $?
fi
target=$1 secs=$2
shift 2
sanitizer=${FUZZ_SANITIZER:-none}
[ "$target" = all ] && run=$targets || run=$target
# Longest input per target: past these sizes an input explores nothing new but costs more per
# execution (the compressor's checks walk every line; policy commands are one-liners).
max_len() {
  case $1 in
    compress) echo 4096 ;;
    policy_shell) echo 512 ;;
    trajectory) echo 16384 ;;
    *) echo 8192 ;;
  esac
}
for t in $run; do
  mkdir -p "corpus/$t"
  log=$(mktemp)
  echo "== $t ($secs s)" >&2
  nice -n 19 cargo +nightly fuzz run --sanitizer "$sanitizer" "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$secs" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$t")" "$@" 2>"$log" || {
    tail -n 40 "$log" >&2
    rm -f "$log"
    exit 1
  }
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  echo "$t: $runs executions in ${secs}s, no crash" >&2
  rm -f "$log"
done

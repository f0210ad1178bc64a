#!/usr/bin/env bash
# bench/compress/turns.sh: CPU time (user + sys) of two `corpus_eval` builds and `gzip -1`, in
# turns, on all corpus logs concatenated and repeated to ~SIZE_MB (as `run.sh` builds it), so
# that the load of a shared machine falls on both builds alike. Prints each round (a pass is a
# third of `corpus_eval --throughput`, which compresses the file three times).
#
#   bench/compress/turns.sh OLD_EVAL NEW_EVAL [ROUNDS] [SIZE_MB]
#
# Build each with `cargo build --release -p loopwright-observe --example corpus_eval` and copy
# `target/release/examples/corpus_eval` aside.
set -euo pipefail
cd "$(dirname "$0")/../.."
OLD="$1"
NEW="$2"
ROUNDS="${3:-4}"
SIZE_MB="${4:-40}"
CORPORA="crates/observe/tests/data/wild crates/observe/tests/data/corpus"
BIG="$(mktemp -t loop-compress-turns.XXXXXX)"
trap 'rm -f "$BIG"' EXIT
while [ "$(stat -c %s "$BIG")" -lt $((SIZE_MB * 1024 * 1024)) ]; do
    for c in $CORPORA; do cat "$c"/logs/*.log >>"$BIG"; done
done
cpu() { # prints user+sys seconds of the command
    local TIMEFORMAT='%U %S' t
    t="$({ time "$@" >/dev/null; } 2>&1 | tail -1)"
    echo "$t" | awk '{printf "%.3f", $1 + $2}'
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$ROUNDS"); do
    g=$(cpu gzip -1 -c "$BIG")
    o=$(cpu "$OLD" --throughput "$BIG")
    n=$(cpu "$NEW" --throughput "$BIG")
    printf 'round %d: gzip -1 %.3f s, old %.3f s, new %.3f s CPU a pass\n' \
        "$round" "$g" "$(echo "$o / 3" | bc -l)" "$(echo "$n / 3" | bc -l)"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"

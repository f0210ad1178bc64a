#!/usr/bin/env bash
# bench/compress: compression ratio and anchor recall of `loop compress` on the labelled corpora
# (per file, per tool, per anchor kind, worst files) with every rule on and leaving each tool's
# own rules out (loto), then throughput on the whole corpus concatenated (repeated to ~SIZE_MB)
# next to `gzip -1` on the same input in the same run (single thread both), by CPU time
# (user + sys); IR=1 also counts instructions per byte with callgrind.
#
#   bench/compress/run.sh [SIZE_MB]          # STREAM_GB=1 also streams 1 GiB + a 1 GiB line
#
# Uses CARGO_TARGET_DIR if set. Set LOOP=/path/to/loop to also time the `loop compress` binary
# end to end (stdin -> stdout, --no-spill).
set -euo pipefail
cd "$(dirname "$0")/../.."
CORPORA="crates/observe/tests/data/wild crates/observe/tests/data/corpus"
SIZE_MB="${1:-50}"

cargo build -q --release -p loopwright-observe --example corpus_eval
EVAL="${CARGO_TARGET_DIR:-target}/release/examples/corpus_eval"

for mode in all loto; do
    echo "## Ratio and anchor recall, mode $mode ($CORPORA)"
    echo
    # shellcheck disable=SC2086
    "$EVAL" --mode "$mode" $CORPORA
    echo
done

BIG="$(mktemp -t loop-compress-bench.XXXXXX)"
trap 'rm -f "$BIG" "$BIG.gz"' EXIT
while [ "$(stat -c %s "$BIG")" -lt $((SIZE_MB * 1024 * 1024)) ]; do
    for c in $CORPORA; do cat "$c"/logs/*.log >>"$BIG"; done
done
BYTES="$(stat -c %s "$BIG")"
echo "## Throughput on $BYTES bytes (all corpus logs concatenated, repeated until ~${SIZE_MB} MB)"
echo

# CPU time (user + sys), not wall time: on a shared machine the wall clock of one run says
# little. Three rounds taking turns, best of each; `corpus_eval --throughput` compresses the file
# three times in one process, so its CPU time is divided by 3 (the one-time rule compilation
# is then counted a third, a small penalty against us).
cat "$BIG" >/dev/null
cpu() { # prints user+sys seconds of the command
    local TIMEFORMAT='%U %S' t
    t="$({ time "$@" >/dev/null; } 2>&1 | tail -1)"
    echo "$t" | awk '{printf "%.3f", $1 + $2}'
}
min() { if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }
GZ_CPU=""
OUR_CPU=""
for round in 1 2 3; do
    g=$(cpu gzip -1 -c "$BIG")
    o=$(cpu "$EVAL" --throughput "$BIG")
    o3=$(echo "$o / 3" | bc -l)
    printf 'round %d: gzip -1 %.3f s CPU, observe::compress %.3f s CPU a pass\n' "$round" "$g" "$o3"
    GZ_CPU=$(min "$GZ_CPU" "$g")
    OUR_CPU=$(min "$OUR_CPU" "$o3")
done
gzip -1 -c "$BIG" >"$BIG.gz"
GZ_BYTES="$(stat -c %s "$BIG.gz")"
printf 'gzip -1            %10d -> %9d bytes  ratio %.4f  %.3f s CPU  %.1f MB/s of CPU time (best of 3)\n' \
    "$BYTES" "$GZ_BYTES" "$(echo "$GZ_BYTES / $BYTES" | bc -l)" "$GZ_CPU" "$(echo "$BYTES / $GZ_CPU / 1000000" | bc -l)"
OURS="$("$EVAL" --throughput "$BIG")"
printf 'observe::compress  %10d bytes  %.3f s CPU  %.1f MB/s of CPU time (best of 3)\n' \
    "$BYTES" "$OUR_CPU" "$(echo "$BYTES / $OUR_CPU / 1000000" | bc -l)"
echo "($OURS; wall time, for reference only)"

if [ -n "${LOOP:-}" ]; then
    t=$(cpu sh -c '"$0" compress --no-spill <"$1"' "$LOOP" "$BIG")
    printf 'loop compress CLI  %10d bytes  %.3f s CPU  %.1f MB/s (stdin -> stdout, one run)\n' "$BYTES" "$t" "$(echo "$BYTES / $t / 1000000" | bc -l)"
fi
printf '\nthroughput ratio observe::compress / gzip -1 (CPU time) = %.2f\n' "$(echo "$GZ_CPU / $OUR_CPU" | bc -l)"

# IR=1: instructions per input byte (callgrind; load does not change them) on the corpus
# concatenated once, three passes for ours, one for gzip -1.
if [ -n "${IR:-}" ]; then
    ONE="$BIG.one"
    for c in $CORPORA; do cat "$c"/logs/*.log; done >"$ONE"
    N="$(stat -c %s "$ONE")"
    ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -nE 's/.*Collected : ([0-9]+).*/\1/p'; }
    OUR_IR=$(ir "$EVAL" --throughput "$ONE")
    GZ_IR=$(ir gzip -1 -c "$ONE")
    rm -f "$ONE"
    printf 'instructions per input byte on %d bytes: observe::compress %.1f (3 passes), gzip -1 %.1f\n' \
        "$N" "$(echo "$OUR_IR / 3 / $N" | bc -l)" "$(echo "$GZ_IR / $N" | bc -l)"
fi
if [ -n "${STREAM_GB:-}" ]; then
    echo
    "$EVAL" --stream "$STREAM_GB" 1024
fi

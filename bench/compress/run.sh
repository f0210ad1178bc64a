#!/usr/bin/env bash
# bench/compress: compression ratio and anchor recall of `loop compress` on the labelled corpora
# (per file, per tool, per anchor kind, worst files) with every rule on and leaving each tool's
# own rules out (loto), then throughput on the whole corpus concatenated (repeated to ~SIZE_MB)
# next to `gzip -1` on the same input in the same run (single thread both).
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

# gzip -1, single thread, best of 3 (file already in the page cache).
cat "$BIG" >/dev/null
best=""
for _ in 1 2 3; do
    s=$(date +%s.%N); gzip -1 -c "$BIG" >"$BIG.gz"; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
done
GZ_BYTES="$(stat -c %s "$BIG.gz")"
GZ_MBS=$(echo "$BYTES / $best / 1000000" | bc -l)
printf 'gzip -1            %10d -> %9d bytes  ratio %.4f  %.3f s  %.1f MB/s (best of 3)\n' \
    "$BYTES" "$GZ_BYTES" "$(echo "$GZ_BYTES / $BYTES" | bc -l)" "$best" "$GZ_MBS"

OURS="$("$EVAL" --throughput "$BIG")"
echo "$OURS"
OUR_MBS=$(echo "$OURS" | sed -E 's/.* ([0-9.]+) MB\/s.*/\1/')

if [ -n "${LOOP:-}" ]; then
    s=$(date +%s.%N); "$LOOP" compress --no-spill <"$BIG" >/dev/null; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l)
    printf 'loop compress CLI  %10d bytes  %.3f s  %.1f MB/s (stdin -> stdout, one run)\n' "$BYTES" "$t" "$(echo "$BYTES / $t / 1000000" | bc -l)"
fi
printf '\nthroughput ratio observe::compress / gzip -1 = %.2f\n' "$(echo "$OUR_MBS / $GZ_MBS" | bc -l)"
if [ -n "${STREAM_GB:-}" ]; then
    echo
    "$EVAL" --stream "$STREAM_GB" 1024
fi

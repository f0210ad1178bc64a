#!/usr/bin/env bash
# Every anchor of a labelled set that corpus_eval's compressor loses, one `NAME: MISSED N: line`
# a line, after the set's tables (EVAL: a corpus_eval binary, e.g. one built on another
# tree; default: this tree's debug build; MODE: all, loto or generic).
#
#   bench/compress/wild9/lost.sh [EVAL] [MODE] [SET]
set -euo pipefail
cd "$(dirname "$0")/../../.."
EVAL="${1:-}"
MODE="${2:-all}"
SET="${3:-wild9}"
if [ -z "$EVAL" ]; then
    cargo build -q -p loopwright-observe --example corpus_eval
    EVAL="${CARGO_TARGET_DIR:-target}/debug/examples/corpus_eval"
fi
D="crates/observe/tests/data/$SET"
"$EVAL" --mode "$MODE" "$D"
for f in "$D"/logs/*.log; do
    n="$(basename "$f" .log)"
    "$EVAL" --mode "$MODE" --show "$n" "$D" 2>&1 >/dev/null | { grep '^MISSED' || true; } | sed "s/^/$n: /"
done

#!/usr/bin/env bash
# A blind corpus (SET: wild2, wild3 or wild4, under crates/observe/tests/data) split in its two halves by
# the rule of wild2's README (tool names sorted, odd positions tuning, even held-out), each
# evaluated by corpus_eval (MODE: all, loto or generic; default all), then the whole set.
#
#   bench/compress/blind/halves.sh SET [MODE]  # uses CARGO_TARGET_DIR if set; PROFILE=debug|release
#   bench/compress/wild2/halves.sh [MODE]      # the same for one set
set -euo pipefail
cd "$(dirname "$0")/../../.."
SET="${1:?usage: halves.sh SET [MODE]}"
MODE="${2:-all}"
PROFILE="${PROFILE:-release}"
D="crates/observe/tests/data/$SET"
[ -f "$D/sources.json" ] || { echo "halves.sh: no blind corpus at $D" >&2; exit 2; }
if [ "$PROFILE" = release ]; then
    cargo build -q --release -p loopwright-observe --example corpus_eval
else
    cargo build -q -p loopwright-observe --example corpus_eval
fi
EVAL="${CARGO_TARGET_DIR:-target}/$PROFILE/examples/corpus_eval"
TMP="$(mktemp -d -t "$SET-halves.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
python3 - "$D" "$TMP" <<'PY'
import json, os, sys
d, tmp = os.path.abspath(sys.argv[1]), sys.argv[2]
src = json.load(open(os.path.join(d, "sources.json")))
tools = sorted({v["tool"] for v in src.values()})
for half in ("tuning", "held-out"):
    for sub in ("logs", "labels"):
        os.makedirs(os.path.join(tmp, half, sub))
for name, v in src.items():
    half = "tuning" if tools.index(v["tool"]) % 2 == 0 else "held-out"
    os.symlink(os.path.join(d, "logs", name + ".log"), os.path.join(tmp, half, "logs", name + ".log"))
    os.symlink(os.path.join(d, "labels", name + ".json"), os.path.join(tmp, half, "labels", name + ".json"))
PY
for half in tuning held-out; do
    echo "## $SET $half half, mode $MODE"
    "$EVAL" --mode "$MODE" "$TMP/$half"
    echo
done
echo "## $SET whole, mode $MODE"
"$EVAL" --mode "$MODE" "$D" | tail -n 2

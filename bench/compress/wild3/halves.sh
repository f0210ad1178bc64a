#!/usr/bin/env bash
# The wild3 corpus split in its two halves by the rule of ../wild2/README.md (tool names sorted, odd
# positions tuning, even held-out), each evaluated by corpus_eval (MODE: all, loto or generic;
# default all), then the whole set.
#
#   bench/compress/wild3/halves.sh [MODE]      # uses CARGO_TARGET_DIR if set; PROFILE=debug|release
set -euo pipefail
cd "$(dirname "$0")/../../.."
MODE="${1:-all}"
PROFILE="${PROFILE:-release}"
D=crates/observe/tests/data/wild3
if [ "$PROFILE" = release ]; then
    cargo build -q --release -p loopwright-observe --example corpus_eval
else
    cargo build -q -p loopwright-observe --example corpus_eval
fi
EVAL="${CARGO_TARGET_DIR:-target}/$PROFILE/examples/corpus_eval"
TMP="$(mktemp -d -t wild3-halves.XXXXXX)"
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
    echo "## wild3 $half half, mode $MODE"
    "$EVAL" --mode "$MODE" "$TMP/$half"
    echo
done
echo "## wild3 whole, mode $MODE"
"$EVAL" --mode "$MODE" "$D" | tail -n 2

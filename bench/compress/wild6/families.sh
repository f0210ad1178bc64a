#!/usr/bin/env bash
# wild6 split by family: the tool families issue 16 names (new modes of them) and the tools no corpus
# had, each evaluated by corpus_eval (MODE: all, loto or generic; default all).
#
#   bench/compress/wild6/families.sh [MODE]   # uses CARGO_TARGET_DIR if set; PROFILE=debug|release
set -euo pipefail
cd "$(dirname "$0")/../../.."
MODE="${1:-all}"
PROFILE="${PROFILE:-release}"
D="crates/observe/tests/data/wild6"
if [ "$PROFILE" = release ]; then
    cargo build -q --release -p loopwright-observe --example corpus_eval
else
    cargo build -q -p loopwright-observe --example corpus_eval
fi
EVAL="${CARGO_TARGET_DIR:-target}/$PROFILE/examples/corpus_eval"
TMP="$(mktemp -d -t wild6-families.XXXXXX)"
trap 'rm -rf "$TMP"' EXIT
python3 - "$D" "$TMP" <<'PY'
import json, os, sys
d, tmp = os.path.abspath(sys.argv[1]), sys.argv[2]
named = {"cargo", "cargo-nextest", "curl", "eslint", "jest", "pip", "postgres", "ruff", "syslog", "valgrind", "vitest", "wget"}
src = json.load(open(os.path.join(d, "sources.json")))
for fam in ("named", "unseen"):
    for sub in ("logs", "labels"):
        os.makedirs(os.path.join(tmp, fam, sub))
for name, v in src.items():
    fam = "named" if v["tool"] in named else "unseen"
    os.symlink(os.path.join(d, "logs", name + ".log"), os.path.join(tmp, fam, "logs", name + ".log"))
    os.symlink(os.path.join(d, "labels", name + ".json"), os.path.join(tmp, fam, "labels", name + ".json"))
PY
for fam in named unseen; do
    echo "## wild6 $fam family, mode $MODE"
    "$EVAL" --mode "$MODE" "$TMP/$fam" | tail -n 2
    echo
done

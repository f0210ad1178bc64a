#!/usr/bin/env bash
# Ours (cost rule) against the best fixed masking setting in hindsight, per run and price card:
# nine fixed settings (--fixed-batches, keep-last 3/5/10 x batch 1/5/10) and full history are
# replayed, and for each run ours' cost is divided by the cheapest of them.
#
#   bench/context-replay/hindsight.sh [SET...]   (default: train heldout; a SET is a folder
#   under bench/context-replay/data or a path; LOOP_BIN=PATH uses that binary, unbuilt)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "${LOOP_BIN:-}" ]; then
  bin=$LOOP_BIN
else
  cargo build -q --release -p loopwright-cli
  bin="${CARGO_TARGET_DIR:-target}/release/loop"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for set in "${@:-train heldout}"; do
  for s in $set; do
    dir=bench/context-replay/data/$s
    [ -d "$dir" ] || dir=$s
    cards=(--price-card anthropic --price-card openai)
    "$bin" replay --json "${cards[@]}" -s full,ours "$dir" > "$tmp/ours.jsonl"
    : > "$tmp/fixed.jsonl"
    for k in 3 5 10; do for b in 1 5 10; do
      "$bin" replay --json "${cards[@]}" -s ours --fixed-batches --keep-last $k --batch $b "$dir" >> "$tmp/fixed.jsonl"
    done; done
    python3 - "$s" "$tmp/ours.jsonl" "$tmp/fixed.jsonl" <<'PY'
import json, sys
name, ours_f, fixed_f = sys.argv[1:]
ours, best = {}, {}
for l in open(ours_f):
    r = json.loads(l)
    costs = [b["cost"] for b in r["bills"]]
    if r["strategy"].startswith("ours"):
        ours[r["trajectory"]] = costs
    else:
        best[r["trajectory"]] = costs
for l in open(fixed_f):
    r = json.loads(l)
    b = best[r["trajectory"]]
    best[r["trajectory"]] = [min(x, y["cost"]) for x, y in zip(b, r["bills"])]
for k, card in enumerate(["anthropic", "openai"]):
    rs = [ours[t][k] / best[t][k] for t in ours]
    print(f"{name} {card}: ours / best fixed setting in hindsight: mean {sum(rs)/len(rs):.2f}, worst {max(rs):.2f} ({len(rs)} runs)")
PY
  done
done

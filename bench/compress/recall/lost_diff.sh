#!/usr/bin/env bash
# Anchors one corpus_eval build keeps that another loses, on every labelled set: prints
# `SET NAME: MISSED N: line` for each anchor lost by AFTER only (`-`) or by BEFORE only (`+`).
#
#   bench/compress/recall/lost_diff.sh BEFORE_EVAL AFTER_EVAL [MODE]
set -euo pipefail
cd "$(dirname "$0")/../../.."
BEFORE="$1"
AFTER="$2"
MODE="${3:-all}"
D=crates/observe/tests/data
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for s in corpus wild $(seq -f 'wild%g' 2 21); do
    [ -d "$D/$s/labels" ] || continue
    bench/compress/wild9/lost.sh "$BEFORE" "$MODE" "$s" | grep ': MISSED' | sort >"$tmp/b" || true
    bench/compress/wild9/lost.sh "$AFTER" "$MODE" "$s" | grep ': MISSED' | sort >"$tmp/a" || true
    comm -13 "$tmp/b" "$tmp/a" | sed "s/^/- $s /"
    comm -23 "$tmp/b" "$tmp/a" | sed "s/^/+ $s /"
done

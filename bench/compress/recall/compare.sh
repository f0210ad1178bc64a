#!/usr/bin/env bash
# Anchors kept and mean reduction (files of 200+ lines) of two corpus_eval builds on every
# labelled set, side by side, and the anchors the second build loses that the first kept.
#
#   bench/compress/recall/compare.sh BEFORE_EVAL AFTER_EVAL [MODE]
set -euo pipefail
cd "$(dirname "$0")/../../.."
BEFORE="$1"
AFTER="$2"
MODE="${3:-all}"
D=crates/observe/tests/data
printf '| set | anchors before | after | mean reduction 200+ before | after |\n|---|---:|---:|---:|---:|\n'
for s in corpus wild $(seq -f 'wild%g' 2 21); do
    [ -d "$D/$s/labels" ] || continue
    b="$("$BEFORE" --mode "$MODE" "$D/$s")"
    a="$("$AFTER" --mode "$MODE" "$D/$s")"
    kb="$(sed -n 's/.*anchors kept \([0-9/]*\).*/\1/p' <<<"$b")"
    ka="$(sed -n 's/.*anchors kept \([0-9/]*\).*/\1/p' <<<"$a")"
    rb="$(sed -n 's/^mean size reduction over the \([0-9]*\) files.*: \(.*\)$/\2 (\1)/p' <<<"$b")"
    ra="$(sed -n 's/^mean size reduction over the .*: \(.*\)$/\1/p' <<<"$a")"
    echo "| $s | $kb | $ka | $rb | $ra |"
done

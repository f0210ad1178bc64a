#!/usr/bin/env bash
# Issue 16's reduction bar measured on a fixed split: a TUNE group (the old 152 files, wild2,
# wild4, wild6, wild8), whose outputs may be studied, and a HELD-OUT group (wild3, wild5, wild7,
# wild9), of which only these totals are run. Per set: anchors kept and the mean reduction of
# its files of 200+ lines; then each 200+ line file of the group (`files` as 2nd argument).
#
#   bench/compress/reduce/split.sh [tune|held|both] [files] [MODE]
#   EVAL=path/to/corpus_eval  (default: target/debug/examples/corpus_eval, built here)
set -euo pipefail
cd "$(dirname "$0")/../../.."
GROUP="${1:-both}"
PERFILE="${2:-}"
MODE="${3:-all}"
D=crates/observe/tests/data
if [ -z "${EVAL:-}" ]; then
    cargo build -q -p loopwright-observe --example corpus_eval
    EVAL="${CARGO_TARGET_DIR:-target}/debug/examples/corpus_eval"
fi
run_group() {
    local name="$1"; shift
    echo "## $name (mode $MODE)"
    echo
    echo "| set | files | anchors kept | files of 200+ lines | mean reduction |"
    echo "|---|---:|---:|---:|---:|"
    local rows="" all=()
    for set in "$@"; do
        local dirs
        if [ "$set" = old ]; then dirs=("$D/corpus" "$D/wild"); else dirs=("$D/$set"); fi
        all+=("${dirs[@]}")
        local out; out="$("$EVAL" --mode "$MODE" "${dirs[@]}")"
        echo "$out" | awk -v set="$set" '
            /^[0-9]+ files from/ { files=$1; split($0, a, "anchors kept "); split(a[2], b, " "); kept=b[1] }
            /^mean size reduction over the/ { n=$6; m=$NF }
            END { printf "| %s | %s | %s | %s | %s |\n", set, files, kept, n, m }'
        rows+="$(echo "$out" | awk -F'|' -v set="$set" 'NF>=10 && $4+0>=200 { gsub(/ /,"",$2); printf "| %s | %s |%s|%s|%s|%s|\n", set, $2, $4, $7, $8, $9 }')"$'\n'
    done
    "$EVAL" --mode "$MODE" "${all[@]}" | awk -v g="$name" '
        /^[0-9]+ files from/ { files=$1; split($0, a, "anchors kept "); split(a[2], b, " "); kept=b[1] }
        /^mean size reduction over the/ { n=$6; m=$NF }
        END { printf "| **%s** | %s | %s | %s | **%s** |\n", g, files, kept, n, m }'
    echo
    if [ -n "$PERFILE" ]; then
        echo "| set | file | lines | reduction | anchors | recall |"
        echo "|---|---|---:|---:|---:|---:|"
        printf "%s" "$rows"
        echo
    fi
}
case "$GROUP" in
    tune) run_group tune old wild2 wild4 wild6 wild8 ;;
    held) run_group held-out wild3 wild5 wild7 wild9 ;;
    *) run_group tune old wild2 wild4 wild6 wild8; run_group held-out wild3 wild5 wild7 wild9 ;;
esac

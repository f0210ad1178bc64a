#!/usr/bin/env bash
# Checks per second of `loop context --check --daily-budget-from-pattern` with W concurrent
# workers x C checks each, on the file store (one state directory) and on PostgreSQL (a
# throw-away pg_virtualenv cluster unless PGHOST is set), side by side in one run.
#   bench/fleet/run.sh [WORKERS=8] [CHECKS=20]      LOOP_BIN=path/to/loop to pick the binary
set -euo pipefail
cd "$(dirname "$0")/../.."
W="${1:-8}"; C="${2:-20}"
BIN="${LOOP_BIN:-${CARGO_TARGET_DIR:-target}/release/loop}"
[ -x "$BIN" ] || { cargo build -q --release -p loopwright-cli --bin loop; }
BIN="$(realpath "$BIN")"

if [ -z "${PGHOST:-}" ] && [ -z "${FLEET_BENCH_INNER:-}" ]; then
  exec env FLEET_BENCH_INNER=1 LOOP_BIN="$BIN" pg_virtualenv -t -- "$0" "$W" "$C"
fi

work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
for w in $(seq 1 "$W"); do for i in $(seq 1 "$C"); do
  printf '{"goal":"g","attempts":[{"iteration":1,"action":"a%s-%s","outcome":"success","tokensUsed":100}]}' \
    "$w" "$i" > "$work/l-$w-$i.json"
done; done

# run NAME EXTRA-ARGS...: prints "NAME checks seconds checks/s"
run() {
  local name="$1"; shift
  local start end
  start=$(date +%s.%N)
  for w in $(seq 1 "$W"); do
    ( for i in $(seq 1 "$C"); do
        "$BIN" context --check --daily-budget-from-pattern ci-sweeper --ledger "$work/l-$w-$i.json" "$@" >/dev/null
      done ) &
  done
  wait
  end=$(date +%s.%N)
  awk -v n="$name" -v k="$((W * C))" -v s="$start" -v e="$end" \
    'BEGIN { printf "%-10s %6d checks %7.2f s %8.1f checks/s\n", n, k, e - s, k / (e - s) }'
}

url="postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}:${PGPORT:-5432}/${PGDATABASE}?schema=bench_fleet_$$"
echo "workers=$W checks/worker=$C binary=$BIN"
run files --daily-state-dir "$work/state"
run postgres --store "$url"

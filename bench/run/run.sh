#!/usr/bin/env bash
# Harness overhead per step of `loop run`: a 200-step scripted session whose tool is `todo`
# (no process), so the time is the loop itself: session-log appends, state, guards, ledger,
# history assembly, observation pipeline (plus a negligible scripted model and tool).
# Runs twice: on tmpfs (/dev/shm: CPU overhead, fsync nearly free) and on the default temp
# directory (a real disk: adds two fdatasyncs per step, the assistant message and the result).
#
# usage: bench/run/run.sh            (CARGO_TARGET_DIR is honoured)
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CARGO_TARGET_DIR:-target}"
row() {
  python3 - "$target/criterion/agent" "$1" <<'PY'
import json, sys, pathlib
root, label = pathlib.Path(sys.argv[1]), sys.argv[2]
def us(name):
    return json.loads((root / name / "new" / "estimates.json").read_text())["mean"]["point_estimate"] / 1e3
print(f"| {label} | {us('per_step_mean_200'):.0f} µs | {us('per_step_at_200'):.0f} µs |")
PY
}
echo "| file system of .loop | mean per step (200 steps) | per step at steps 181-200 |"
echo "|---|---:|---:|"
for fs in /dev/shm "${TMPDIR:-/tmp}"; do
  [ -d "$fs" ] || continue
  if ! LOOP_BENCH_DIR="$fs" cargo bench -p loopwright-agent --bench step -- --noplot >"$target/run-bench.log" 2>&1; then
    tail -30 "$target/run-bench.log"
    exit 1
  fi
  row "$fs"
done

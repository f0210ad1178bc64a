#!/usr/bin/env bash
# Whole-process latency of `loop context --check --budget-from-pattern ci-sweeper --budget-level L2`
# against the reference loop-context 1.5.0 (which spawns loop-cost 1.2.0 in a second Node process
# for the budget), side by side on the same ledger; prints a table and the speed-up.
#
# usage: bench/cost/run.sh [RUNS]        (default 30 runs per tool, after 3 warm-up runs each)
#   LOOP_BIN=path/to/loop   use this binary instead of building target/release/loop
#   REF_DIR=dir             where the reference npm packages are (installed there if missing)
# Needs node + npm (for the reference) and python3 (timing). CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-30}
target="${CARGO_TARGET_DIR:-target}"
if [ -z "${LOOP_BIN:-}" ]; then
  cargo build --release -p loopwright-cli >/dev/null
  LOOP_BIN="$target/release/loop"
fi
REF_DIR=${REF_DIR:-${TMPDIR:-/tmp}/loopwright-bench-ref}
if [ ! -f "$REF_DIR/node_modules/@cobusgreyling/loop-context/dist/cli.js" ]; then
  mkdir -p "$REF_DIR"
  (cd "$REF_DIR" && npm install --no-audit --no-fund --silent \
    @cobusgreyling/loop-context@1.5.0 @cobusgreyling/loop-cost@1.2.0 >/dev/null)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/ledger.json" <<'JSON'
{"goal":"Get CI green on main","attempts":[
 {"iteration":1,"action":"a","outcome":"success","tokensUsed":12000},
 {"iteration":2,"action":"b","outcome":"noop","tokensUsed":8000}]}
JSON
python3 - "$runs" "$work/ledger.json" "$LOOP_BIN" \
  "$REF_DIR/node_modules/@cobusgreyling/loop-context/dist/cli.js" <<'PY'
import statistics, subprocess, sys, time
runs, ledger, loop_bin, ref_cli = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
flags = ["--check", "--budget-from-pattern", "ci-sweeper", "--budget-level", "L2", "--ledger", ledger]
tools = {
    "loop context (loopwright)": [loop_bin, "context", *flags],
    "loop-context 1.5.0 (node)": ["node", ref_cli, *flags],
}
outs = {}
for name, cmd in tools.items():
    p = subprocess.run(cmd, capture_output=True)
    outs[name] = (p.returncode, p.stdout)
assert len(set(outs.values())) == 1, f"outputs differ: {outs}"
code, out = next(iter(outs.values()))
print(f"both print (exit {code}): {out.decode().strip()}")
times = {}
for name, cmd in tools.items():
    for _ in range(3):
        subprocess.run(cmd, capture_output=True)
    t = []
    for _ in range(runs):
        s = time.perf_counter()
        subprocess.run(cmd, capture_output=True)
        t.append(time.perf_counter() - s)
    times[name] = t
print(f"\n{runs} runs each, whole process (spawn to exit)\n")
print("| tool | median | min | max |")
print("|---|---:|---:|---:|")
for name, t in times.items():
    print(f"| {name} | {statistics.median(t)*1e3:.2f} ms | {min(t)*1e3:.2f} ms | {max(t)*1e3:.2f} ms |")
ours, ref = (statistics.median(t) for t in times.values())
print(f"\nspeed-up (median): {ref/ours:.0f}x")
PY

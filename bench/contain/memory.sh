#!/usr/bin/env bash
# Peak memory of `loop run` while a tool prints SIZE bytes (default 2G): `yes | head -c SIZE`.
# Prints the loop's VmHWM (peak resident set, from /proc) and the spill file's size.
# Usage: bench/contain/memory.sh [SIZE]   (needs SIZE of free disk for the spill, removed after)
set -euo pipefail
size=${1:-2G}
root=$(cd "$(dirname "$0")/../.." && pwd)
cargo build -q --manifest-path "$root/Cargo.toml" -p loopwright-cli --bin loop
loop_bin=${CARGO_TARGET_DIR:-$root/target}/debug/loop
ws=$(mktemp -d)
trap 'rm -rf "$ws"' EXIT
printf '[{"text":"","tool_calls":[{"name":"shell","arguments":{"command":"yes | head -c %s"}}]},{"text":"done"}]' "$size" >"$ws/script.json"
"$loop_bin" run --script "$ws/script.json" --workspace "$ws" --yolo --tool-timeout 3600 "print $size" 2>"$ws/stderr" &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
  kb=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [[ -n "$kb" && "$kb" -gt "$peak" ]] && peak=$kb
  sleep 0.05
done
wait "$pid"
spill=$(find "$ws/.loop/spill" -name '*.log' -printf '%s\n' | sort -n | tail -1)
echo "output $size: loop run peak RSS (VmHWM) $((peak / 1024)) MB; spill file $spill bytes"

#!/usr/bin/env bash
# Replays recorded agent trajectories with each context strategy (`loop replay`) and prints, per
# trajectory, the prompt tokens billed (total over the run, peak, cache-servable), the share of
# each request a prompt cache can serve (reuse; steady = excluding condensation points),
# condensation points, and the invariants: task present in every request, every call paired with
# its result, every event in full or recallable. Exits non-zero when an invariant fails for ours.
#
#   bench/context-replay/run.sh [DIR_OR_FILES...]
#     (default: crates/context/tests/data and the longer runs in bench/context-replay/data)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -eq 0 ]; then set -- crates/context/tests/data bench/context-replay/data; fi
cargo build -q --release -p loopwright-cli
bin="${CARGO_TARGET_DIR:-target}/release/loop"
echo "## window 128k (gpt-4o), defaults"
"$bin" replay "$@"
echo
echo "## window 16k: compaction exercised"
"$bin" replay --window 16000 "$@"
echo
echo "## window 128k, keep-last 5 (same batch)"
"$bin" replay --keep-last 5 "$@"

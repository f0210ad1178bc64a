#!/usr/bin/env bash
# Replays recorded agent trajectories with each context strategy and prints, per trajectory,
# the prompt tokens billed (total over the run, peak), the share of each request a prompt cache
# can serve (reuse; steady = excluding condensation points), condensation points, and the
# invariants: task present in every request, every call paired with its result, every event
# in full or recallable. Exits non-zero when an invariant fails for one of our strategies.
#
#   bench/context-replay/run.sh [DIR_OR_FILES...]   (default: crates/context/tests/data)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -eq 0 ]; then set -- crates/context/tests/data; fi
files=()
for a in "$@"; do
  if [ -d "$a" ]; then
    for f in "$a"/*; do case "$f" in *.md) ;; *) files+=("$f") ;; esac; done
  else
    files+=("$a")
  fi
done
run() { cargo run -q -p loopwright-context --example replay -- "$@"; }
echo "## window 128k (gpt-4o), defaults: mask M=10 K=5, summary at 75%"
run "${files[@]}"
echo
echo "## window 16k: compaction exercised"
run --window 16000 "${files[@]}"
echo
echo "## window 128k, M=5 (same K)"
run --keep-last 5 "${files[@]}"

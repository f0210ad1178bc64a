#!/usr/bin/env bash
# Verdicts per second of `loop gate` over the test corpus (crates/policy/tests/data/corpus.toml)
# and the latency of one verdict. Runs the criterion bench, then prints a table from its estimates.
#
# usage: bench/gate/run.sh            (CARGO_TARGET_DIR is honoured)
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CARGO_TARGET_DIR:-target}"
log="$target/gate-bench.log"
if ! cargo bench -p loopwright-policy --bench verdicts -- --noplot "$@" >"$log" 2>&1; then
  tail -30 "$log"
  exit 1
fi
n=$(grep -c '^  \["' crates/policy/tests/data/corpus.toml)
python3 - "$target/criterion/gate" "$n" <<'PY'
import json, sys, pathlib
root, n = pathlib.Path(sys.argv[1]), int(sys.argv[2])
def mean_ns(name):
    return json.loads((root / name / "new" / "estimates.json").read_text())["mean"]["point_estimate"]
corpus = mean_ns("corpus")
print(f"corpus: {n} requests (commands and paths), mean {corpus/1e6:.3f} ms per pass")
print(f"| case | per verdict | verdicts/s |")
print(f"|---|---:|---:|")
print(f"| corpus average | {corpus/n/1e3:.1f} µs | {n/corpus*1e9:,.0f} |")
for name, label in [("typical", "`git status && cargo test -p x 2>&1` piped to `tail`"),
                    ("nested", "`FOO=1 sudo env bash -lc \"sh -c '...'\"`"),
                    ("write_file", "write_file path")]:
    ns = mean_ns(name)
    print(f"| {label} | {ns/1e3:.1f} µs | {1e9/ns:,.0f} |")
print(f"| load built-in + 2 rule files | {mean_ns('load_layers')/1e3:.1f} µs | - |")
PY

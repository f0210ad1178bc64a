#!/usr/bin/env bash
# Builds `loop`, the lean `loop-context` (release) and its static build (scripts/lean-context.sh), installs the reference loop-context 1.5.0 into a temp folder and runs
# the side-by-side benchmark. Extra arguments go to bench.py (e.g. --runs 3 --ref-runs-slow 1,
# --skip-slow).
# The reference's --summary/--inject take ~5 minutes each on 20,000 attempts.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cargo build --release -p loopwright-cli --manifest-path "$root/Cargo.toml" >&2
static=$("$root/scripts/lean-context.sh")
ref=${REF_DIR:-$(mktemp -d)}
mkdir -p "$ref"
if [ ! -f "$ref/node_modules/@cobusgreyling/loop-context/dist/cli.js" ]; then
  (cd "$ref" && npm install --silent --no-audit --no-fund @cobusgreyling/loop-context@1.5.0 @cobusgreyling/loop-cost@1.2.0 >&2)
fi
target=${CARGO_TARGET_DIR:-$root/target}
# The ceiling of the --check speed-up: a static binary that does nothing, linked like the lean one.
echo 'fn main() {}' > "$ref/empty.rs"
rustc -O -C target-feature=+crt-static -C relocation-model=static "$ref/empty.rs" -o "$ref/empty"
python3 "$root/bench/context/bench.py" "$target/release/loop" "$ref/node_modules/@cobusgreyling/loop-context/dist/cli.js" \
  --lean "$target/release/loop-context" --lean "$static" --empty "$ref/empty" "$@"

#!/usr/bin/env bash
# Installs `loop` and `loop-context`, the latter as the static build of scripts/lean-context.sh.
#
#   scripts/install.sh [--root DIR]     # default: cargo's install root (~/.cargo, $CARGO_INSTALL_ROOT)
#
# `cargo install --path crates/cli` alone installs both binaries dynamically linked; this script
# does that, then replaces `loop-context` with the static one (same outputs, faster start).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest_root=${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}
usage() { echo "usage: scripts/install.sh [--root DIR]" >&2; exit 1; }
case "$#:${1:-}" in
  0:) ;;
  2:--root) [ -n "$2" ] || usage; dest_root=$2 ;;
  *) usage ;;
esac
cargo install --locked --path "$root/crates/cli" --root "$dest_root"
lean=$("$root/scripts/lean-context.sh")
install -m 0755 "$lean" "$dest_root/bin/loop-context"
echo "installed: $dest_root/bin/loop and $dest_root/bin/loop-context" >&2

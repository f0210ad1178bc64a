#!/usr/bin/env bash
# Installs the third-party MCP software the loopwright-mcp tests run against, into a
# project-local ignored folder (default target/ci-tools; override with LOOP_MCP_TOOLS).
# Idempotent: a second run with everything present installs nothing.
#
#   npm:  @modelcontextprotocol/server-filesystem, @modelcontextprotocol/server-everything,
#         @modelcontextprotocol/inspector (the Inspector CLI)
#   PyPI: mcp-server-git, mcp (the Python SDK client), in a virtual environment
#
# Tests find them through LOOP_MCP_TOOLS (the same folder); with CI=true a missing tool fails
# the test instead of skipping it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${LOOP_MCP_TOOLS:-$root/target/ci-tools}"
mkdir -p "$dir/npm"
npm_pkgs=(@modelcontextprotocol/server-filesystem @modelcontextprotocol/server-everything @modelcontextprotocol/inspector)
missing=()
for p in "${npm_pkgs[@]}"; do
  [ -f "$dir/npm/node_modules/$p/package.json" ] || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  [ -f "$dir/npm/package.json" ] || echo '{"private":true}' > "$dir/npm/package.json"
  (cd "$dir/npm" && npm install --no-audit --no-fund --loglevel=error "${missing[@]}")
fi
if [ ! -x "$dir/venv/bin/python" ]; then
  python3 -m venv "$dir/venv"
fi
if ! "$dir/venv/bin/python" -c 'import mcp, mcp_server_git' 2>/dev/null; then
  "$dir/venv/bin/pip" install --quiet --disable-pip-version-check mcp mcp-server-git
fi
echo "MCP test tools ready in $dir"

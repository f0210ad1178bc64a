#!/usr/bin/env bash
# Runs the defect scenarios of issue 18 against `loop worktree` and the reference
# @cobusgreyling/loop-worktree 1.2.0 (installed from npm into a temp folder), side by side, and
# prints one markdown row per scenario. Needs git, node/npm and flock(1).
#   bench/worktree/compare.sh
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
cargo build -q -p loopwright-cli --bin loop >&2 || exit 1
ours=("$target/debug/loop" worktree)
ref_dir="${REF_DIR:-/tmp/loop-worktree-ref}"
mkdir -p "$ref_dir"
if [ ! -f "$ref_dir/node_modules/@cobusgreyling/loop-worktree/dist/cli.js" ]; then
  (cd "$ref_dir" && npm install --silent --no-audit --no-fund @cobusgreyling/loop-worktree@1.2.0 >&2)
fi
ref=(node "$ref_dir/node_modules/@cobusgreyling/loop-worktree/dist/cli.js")
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fresh() { # a new repo with one commit; prints its path
  local d; d="$(mktemp -d "$work/repo.XXXX")"
  git -C "$d" init -q -b main && git -C "$d" -c user.email=t@e -c user.name=t commit -q --allow-empty -m init
  echo "$d"
}

concurrent_creates() { # tool...
  local d; d="$(fresh)"
  for i in 0 1 2 3 4 5 6 7; do (cd "$d" && "$@" create --run-id "r$i" --pattern race >/dev/null 2>&1) & done
  wait
  node -e 'const m=require(process.argv[1]);console.log(m.worktrees.length)' "$d/.loop-worktrees/manifest.json" 2>/dev/null || echo 0
}

killed_mutex_holder() { # tool...: exit code of `lock` after a SIGKILLed holder, and seconds taken
  local d; d="$(fresh)"; mkdir -p "$d/.loop-worktrees/locks"
  # The holder takes the OS lock on the mutex file (ours) after creating it (what the reference's
  # exclusive-create leaves behind when its holder dies), then is killed with SIGKILL.
  flock -o "$d/.loop-worktrees/locks/.mutex" sleep 60 & local h=$!
  sleep 0.3; kill -9 "$h"; wait "$h" 2>/dev/null
  local t0 rc; t0=$(date +%s.%N)
  (cd "$d" && "$@" lock --paths unrelated --owner next >/dev/null 2>&1); rc=$?
  printf 'exit %s after %.1f s' "$rc" "$(echo "$(date +%s.%N) - $t0" | bc)"
}

overlap() { # a b tool...: "refused" or "granted" for b after a is locked by another owner
  local a="$1" b="$2"; shift 2
  local d; d="$(fresh)"
  (cd "$d" && "$@" lock --paths "$a" --owner first >/dev/null 2>&1)
  if (cd "$d" && "$@" lock --paths "$b" --owner second >/dev/null 2>&1); then echo granted; else echo refused; fi
}

same_owner_two_runs() { # tool...: does the second run of one owner get the lock?
  local d; d="$(fresh)"
  (cd "$d" && "$@" lock --paths package.json --owner dep --run-id run-1 >/dev/null 2>&1)
  if (cd "$d" && "$@" lock --paths package.json --owner dep --run-id run-2 >/dev/null 2>&1); then echo granted; else echo refused; fi
}

branch_after_cleanup() { # tool...
  local d; d="$(fresh)"
  (cd "$d" && "$@" create --run-id a --pattern p && "$@" mark --run-id a --status rejected && "$@" cleanup) >/dev/null 2>&1
  if git -C "$d" rev-parse -q --verify refs/heads/loop/a >/dev/null; then echo "branch kept"; else echo "branch deleted"; fi
}

gc_after_rm() { # tool...
  local d; d="$(fresh)"
  (cd "$d" && "$@" create --run-id a --pattern p) >/dev/null 2>&1
  rm -rf "$d/.loop-worktrees/a"
  (cd "$d" && "$@" gc >/dev/null 2>&1); echo "exit $?"
}

unknown_flag() { # tool...
  local d; d="$(fresh)"
  (cd "$d" && "$@" list --frobnicate >/dev/null 2>&1); echo "exit $?"
}

echo "| scenario | \`loop worktree\` | loop-worktree 1.2.0 |"
echo "|---|---|---|"
echo "| 8 concurrent \`create\`: manifest entries | $(concurrent_creates "${ours[@]}") | $(concurrent_creates "${ref[@]}") |"
echo "| \`lock\` after a SIGKILLed mutex holder | $(killed_mutex_holder "${ours[@]}") | $(killed_mutex_holder "${ref[@]}") |"
for pair in "package.json ./package.json" "**/package.json package.json" "src src/main.rs" \
            "src/** src/a/b.ts" "docs/api docs/apidocs.md" "*.md docs/a.md" "src/*.rs src/**/*.ts"; do
  set -f; set -- $pair; set +f
  echo "| \`$1\` held, \`$2\` asked | $(overlap "$1" "$2" "${ours[@]}") | $(overlap "$1" "$2" "${ref[@]}") |"
done
echo "| same owner, a second run | $(same_owner_two_runs "${ours[@]}") | $(same_owner_two_runs "${ref[@]}") |"
echo "| \`cleanup\` of a rejected attempt | $(branch_after_cleanup "${ours[@]}") | $(branch_after_cleanup "${ref[@]}") |"
echo "| \`gc\` after \`rm -rf\` of a worktree | $(gc_after_rm "${ours[@]}") | $(gc_after_rm "${ref[@]}") |"
echo "| \`list --frobnicate\` | $(unknown_flag "${ours[@]}") | $(unknown_flag "${ref[@]}") |"

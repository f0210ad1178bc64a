#!/usr/bin/env bash
# End-to-end benchmark of `loop run` against a real local model (scripts/local-model.sh):
# five small tasks in fresh workspaces, with --provider openai (native tools) and
# --provider json (JSON actions with a json_schema reply format).
#
#   bench/local-model/run.sh [--tasks read,fix,grep,loop,two] [--providers openai,json]
#
# Prints one Markdown table row per (task, provider): outcome and exit code, model steps,
# tool calls parsed, extra requests (completions llama-server logged that did not become a turn:
# JSON format errors and retries; rejected requests are not counted), output tokens per second
# of wall time, guard trips, wall seconds. Task success of a 135M model is not the point; a
# clean, bounded, fully logged run is. Needs `target/debug/loop` (or $LOOP_BIN) and python3.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LOOP=${LOOP_BIN:-$ROOT/target/debug/loop}
TASKS=read,fix,grep,loop,two
PROVIDERS=openai,json
while [ $# -gt 0 ]; do
    case "$1" in
        --tasks) TASKS=$2; shift 2 ;;
        --providers) PROVIDERS=$2; shift 2 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -x "$LOOP" ] || { echo "run.sh: no loop binary at $LOOP (cargo build -p loopwright-cli)" >&2; exit 2; }

started=0
if ! URL=$("$ROOT/scripts/local-model.sh" url 2>/dev/null) || [ -z "$URL" ]; then
    URL=$("$ROOT/scripts/local-model.sh" start)
    started=1
fi
SERVER_LOG=${LOOP_LLM_DIR:-$HOME/.cache/loopwright/llm}/run/server.log
cleanup() { [ "$started" = 1 ] && "$ROOT/scripts/local-model.sh" stop >/dev/null 2>&1 || true; }
trap cleanup EXIT

# setup_TASK WORKSPACE: writes the task's files, prints the task text; VERIFY set when needed.
setup_read() { echo "buy milk" >"$1/notes.txt"; echo "Read notes.txt and tell me what it says."; }
setup_fix() {
    printf 'echo $((2 - 2))\n' >"$1/calc.sh"
    VERIFY='test "$(sh calc.sh)" = 4'
    echo "calc.sh should print 4 but prints 0. Fix the one-line bug in calc.sh."
}
setup_grep() {
    mkdir -p "$1/src"; echo "apple" >"$1/src/a.txt"; echo "BANANA split" >"$1/src/b.txt"
    echo "Which file under src/ contains the word BANANA? Use grep."
}
setup_loop() { echo "List the files in the workspace again and again until a file named missing.txt appears."; }
setup_two() { echo 3 >"$1/a.txt"; echo 4 >"$1/b.txt"; echo "Read a.txt and b.txt and tell me both numbers."; }

requests() { local n; n=$(grep -c 'print_timing.*total time =' "$SERVER_LOG" 2>/dev/null); echo "${n:-0}"; }

echo "| task | provider | outcome (exit) | steps | tool calls | extra requests | out tok/s | guard trips | wall s |"
echo "|---|---|---|---|---|---|---|---|---|"
for task in ${TASKS//,/ }; do
    for provider in ${PROVIDERS//,/ }; do
        ws=$(mktemp -d)
        VERIFY=
        text=$(setup_"$task" "$ws")
        args=(run --provider "$provider" --base-url "$URL" --model local --max-steps 6
              --max-output-tokens 128 --yolo --session-id bench --workspace "$ws")
        [ -n "$VERIFY" ] && args+=(--verify "$VERIFY")
        before=$(requests)
        t0=$(date +%s.%N)
        set +e
        timeout 600 "$LOOP" "${args[@]}" "$text" >"$ws/.stdout" 2>"$ws/.stderr"
        code=$?
        set -e
        t1=$(date +%s.%N)
        after=$(requests)
        python3 - "$ws/.loop/sessions/bench.jsonl" "$task" "$provider" "$code" "$t0" "$t1" \
            "$((after - before))" <<'PY'
import json, sys
log, task, provider, code, t0, t1, reqs = sys.argv[1:]
events = []
try:
    events = [json.loads(l) for l in open(log) if l.strip()]
except (OSError, ValueError):
    pass
turns = [e for e in events if e.get("type") == "assistant"]
calls = sum(len(e.get("tool_calls") or []) for e in turns)
out = sum((e.get("usage") or {}).get("output_tokens", 0) for e in turns)
trips = sum(1 for e in events if e.get("type") == "guard_trip")
ends = [e for e in events if e.get("type") == "end"]
outcome = ends[-1].get("outcome", "?") if ends else "none"
wall = float(t1) - float(t0)
extra = int(reqs) - len(turns)
print(f"| {task} | {provider} | {outcome} ({code}) | {len(turns)} | {calls} | {extra} | "
      f"{out / wall:.1f} | {trips} | {wall:.1f} |")
PY
        rm -rf "$ws"
    done
done

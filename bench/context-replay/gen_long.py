#!/usr/bin/env python3
"""Writes a synthetic mini-swe-agent-1.1 trajectory for the replay speed check: STEPS tool
calls whose outputs are ~20 KB of repetitive build/test log (the case that once took 171 s).

    python3 bench/context-replay/gen_long.py OUT.json [STEPS=300] [OUTPUT_BYTES=20000]
"""
import json
import sys

out = sys.argv[1]
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 300
size = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
msgs = [
    {"role": "system", "content": "You are a helpful assistant that can run bash commands."},
    {"role": "user", "content": "Fix the failing test in tests/test_parser.py."},
]
for i in range(steps):
    cid = f"call_{i}"
    msgs.append({
        "role": "assistant",
        "content": f"Step {i}: run the tests again.",
        "tool_calls": [{"id": cid, "type": "function",
                        "function": {"name": "bash",
                                     "arguments": json.dumps({"command": f"pytest -x -k case{i % 7}"})}}],
        "extra": {"timestamp": 1700000000 + 20 * i},
    })
    line = f"tests/test_parser.py::test_case_{i % 7} PASSED [ {i % 100:3d}%] " + "=" * 40 + "\n"
    body = (line * (size // len(line) + 1))[:size]
    if i % 3 == 0:
        body = "a" * 4000 + body[4000:]  # a long run without spaces: BPE's worst case
    msgs.append({"role": "tool", "tool_call_id": cid, "content": body})
msgs.append({"role": "assistant", "content": "Done."})
with open(out, "w") as f:
    json.dump({"info": {"generator": "gen_long.py"}, "messages": msgs,
               "trajectory_format": "mini-swe-agent-1.1"}, f)

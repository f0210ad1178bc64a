#!/usr/bin/env python3
"""Writes a synthetic loop ledger: N attempts, N/10 error templates (2,000 for 20,000 attempts)
whose volatile parts (paths, line numbers, durations, pids) normalise away, 80% failures.

usage: make_ledger.py N OUT.json [--trailing-failures] [--templates T]
Deterministic (fixed seed) so runs compare like for like.
"""
import json
import random
import sys

n = int(sys.argv[1])
out = sys.argv[2]
trailing = "--trailing-failures" in sys.argv
n_templates = int(sys.argv[sys.argv.index("--templates") + 1]) if "--templates" in sys.argv else max(1, n // 10)
rng = random.Random(20261130)
words = ("connect timeout refused missing module symbol undefined index bound overflow "
         "permission denied lock poisoned assertion failed parse unexpected token null "
         "reference schema mismatch column type cast deadlock detected retry budget").split()
templates = []
for t in range(n_templates):
    w = rng.sample(words, 4)
    kind = rng.choice(["Error", "TypeError", "AssertionError", "panic", "E"])
    templates.append((f"{kind}: {w[0]} {w[1]} in {w[2]}_{t} ({w[3]})", f"{w[3]}_{t}"))
attempts = []
for i in range(1, n + 1):
    fail = trailing or rng.random() < 0.8
    a = {"iteration": i, "action": f"attempt fix {rng.randrange(n // 4 + 1)} via {rng.choice(words)}",
         "outcome": "failure" if fail else rng.choice(["success", "noop"]),
         "tokensUsed": rng.randrange(200, 4000)}
    if fail:
        tpl, src = templates[rng.randrange(len(templates))]
        trace = "\n".join(f"    at frame_{k} (/srv/app/src/mod_{rng.randrange(50)}.js:{rng.randrange(900)}:{rng.randrange(80)})"
                          for k in range(rng.randrange(3, 25)))
        a["error"] = (f"{tpl} at /srv/app/{rng.choice(words)}/{src}.js:{rng.randrange(999)}:{rng.randrange(80)}"
                      f" after {rng.randrange(5000)} ms (pid {rng.randrange(99999)})\n{trace}")
    attempts.append(a)
with open(out, "w") as f:
    json.dump({"goal": "Make the integration suite green", "startedAt": "2026-11-30T00:00:00.000Z",
               "attempts": attempts}, f, indent=2)

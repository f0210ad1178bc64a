#!/usr/bin/env python3
"""An independent reading of `loop replay --dump DIR`: recounts each strategy's bill from the
dumped requests alone, without loop's token or price code. A request is read as units: the
system prompt, the tool list (JSON), then each message (its text, calls and call ids, plus 4
tokens). Tokens: o200k with the
`tiktoken` package when `--bpe FILE` names an o200k_base.tiktoken file (tiktoken-rs ships one in
its `assets/`), else bytes / 4. The cached part of a request is the units it shares, from the
start, with the previous request of the same strategy (a changed message rewrites the cache
from there on). Prices as input-price multiples: Anthropic reads 0.1x, writes 1.25x; OpenAI
(gpt-5) reads 0.1x, 1x otherwise, caching only prefixes of 1,024+ tokens in 128-token steps.
A summary a live run would have asked the model for (a new `[context summary of events`
message that is not a digest, which loop writes without a model call) is billed as that call:
the previous request read from the cache, 300 instruction tokens and the summary as output (5x
input for Anthropic sonnet, 8x for OpenAI gpt-5). With `--summary NAME` one line per card
follows: mean and max ours/full over runs of 20+ steps, runs above full or not below last5
(when dumped), 60+ step runs at <= 0.8x (and <= 0.75x), 30+ step runs whose peak is <= 75%.

    loop replay --dump DIR -s full,ours RUN...
    python3 bench/context-replay/recount.py DIR [--bpe PATH/o200k_base.tiktoken]
"""
import base64
import json
import os
import sys

args = sys.argv[1:]
set_name = None
if "--summary" in args:
    i = args.index("--summary")
    set_name = args[i + 1]
    del args[i : i + 2]
bpe = None
if "--bpe" in args:
    i = args.index("--bpe")
    bpe = args[i + 1]
    del args[i : i + 2]
root = args[0]

if bpe:
    import tiktoken

    ranks = {}
    for line in open(bpe, "rb"):
        if line.strip():
            tok, rank = line.split()
            ranks[base64.b64decode(tok)] = int(rank)
    pat = "|".join([
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ])
    enc = tiktoken.Encoding("o200k_local", pat_str=pat, mergeable_ranks=ranks, special_tokens={})
    count = lambda s: len(enc.encode_ordinary(s))
else:
    count = lambda s: len(s.encode()) / 4

memo = {}


def tokens(s):
    if s not in memo:
        memo[s] = count(s)
    return memo[s]


def text(m):
    """What a chat template puts in the prompt for a message: its text, its calls' ids, names
    and arguments, the id of the call it answers (the template's own few tokens are added as
    4 per message)."""
    parts = [m.get("content") or ""]
    for c in m.get("tool_calls") or []:
        parts += [c.get("id", ""), c.get("name", ""), json.dumps(c.get("arguments"), sort_keys=True)]
    parts.append(m.get("tool_call_id") or "")
    return "\n".join(parts)


def units(req):
    yield req.get("system", "")
    yield json.dumps(req.get("tools", []), sort_keys=True)
    for m in req.get("messages", []):
        yield text(m)


SUMMARY_HEAD = "[context summary of events "
DIGEST_MARK = "Digest of earlier turns (no model call)"


def summaries(req):
    return {m.get("content") or "" for m in req.get("messages", [])
            if m.get("role") == "user" and (m.get("content") or "").startswith(SUMMARY_HEAD)}


def bill(reqs):
    anth = oai = peak = 0.0
    prev = []
    prev_total, prev_sums = 0, set()
    for r in reqs:
        u = list(units(r))
        t = [tokens(x) + 4 for x in u]
        total = sum(t)
        peak = max(peak, total)
        sums = summaries(r)
        for s in sums - prev_sums:
            if DIGEST_MARK not in s:
                out = tokens(s)
                anth += prev_total * 0.1 + 300 * 1.25 + out * 5
                oai += prev_total * 0.1 + 300 + out * 8
        prev_total, prev_sums = total, sums
        k = 0
        while k < min(len(u), len(prev)) and u[k] == prev[k]:
            k += 1
        shared = sum(t[:k])
        anth += shared * 0.1 + (total - shared) * 1.25
        cached = 0 if shared < 1024 else (shared // 128) * 128
        oai += cached * 0.1 + (total - cached)
        prev = u
    return anth, oai, peak


rows = []
for run in sorted(os.listdir(root)):
    out = {}
    for strat in sorted(os.listdir(os.path.join(root, run))):
        d = os.path.join(root, run, strat)
        files = sorted(f for f in os.listdir(d) if f.endswith(".json"))
        reqs = (json.load(open(os.path.join(d, f))) for f in files)
        out[strat.split("(")[0]] = (len(files),) + bill(reqs)
    f, o, l5 = out.get("full"), out.get("ours"), out.get("last5")
    if f and o:
        rows.append((f[0], o[1] / f[1], o[2] / f[2], o[3] / f[3],
                     l5 and (o[1] < l5[1] and o[2] < l5[2])))
        print(f"{run}: steps {f[0]}, ours/full anthropic {o[1] / f[1]:.3f}, openai {o[2] / f[2]:.3f}, "
              f"peak {o[3] / f[3]:.2f}" + ("" if not l5 else f", below last5 {rows[-1][4]}"))

if set_name:
    long = [r for r in rows if r[0] >= 60]
    mid = [r for r in rows if r[0] >= 30]
    for k, card in ((1, "anthropic"), (2, "openai")):
        rs = [r[k] for r in rows if r[0] >= 20]
        if not rs:
            continue
        print(f"{set_name} {card} (recount): {len(rs)} runs, ours/full mean {sum(rs) / len(rs):.3f} "
              f"max {max(rs):.3f}, above full {sum(x > 1 for x in rs)}, "
              f"not below last5 {sum(r[4] is False for r in rows if r[0] >= 20)}, "
              f"60+ at <= 0.8x {sum(r[k] <= 0.8 for r in long)}/{len(long)} "
              f"(<= 0.75x {sum(r[k] <= 0.75 for r in long)}), "
              f"30+ peak <= 75% {sum(r[3] <= 0.75 for r in mid)}/{len(mid)} "
              f"(max {max((r[3] for r in mid), default=0):.2f})")

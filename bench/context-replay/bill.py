#!/usr/bin/env python3
"""Summarises `loop replay --json` output (JSON Lines on stdin) per price card: for each run,
ours' billed cost as a ratio to full and to last5, its peak prompt as a share of full's, and
the done-when checks (ours <= full everywhere, < last5, <= 0.8x full at 60+ steps, peak <= 75% of
full's at 30+ steps, invariants). Prints a markdown table per card.

    loop replay --json --price-card anthropic --price-card openai DIR | python3 bill.py
    ... | python3 bill.py --summary NAME   # one line per card: the figures the README quotes
"""
import json
import sys

rows = [json.loads(l) for l in sys.stdin if l.strip()]
summary = sys.argv[1:2] == ["--summary"]
set_name = sys.argv[2] if summary and len(sys.argv) > 2 else "runs"
runs = {}
for r in rows:
    runs.setdefault(r["trajectory"], {})[r["strategy"].split("(")[0]] = r
cards = [b["card"] for b in rows[0]["bills"]] if rows else []

def summarise(k, card):
    """One line: ours/full over runs of 20+ steps, runs above full, 60+ runs at <= 0.8x,
    30+ runs with peak <= 75% of full's."""
    ratios, above, long_ok, long_n, peak_ok, peak_n = [], 0, 0, 0, 0, 0
    for s in runs.values():
        full, ours = s.get("full"), s.get("ours")
        if not (full and ours) or full["steps"] < 20 or full["bills"][k]["cost"] == 0:
            continue
        r = ours["bills"][k]["cost"] / full["bills"][k]["cost"]
        ratios.append(r)
        above += r > 1.0000001
        if full["steps"] >= 60:
            long_n += 1
            long_ok += r <= 0.8
        if full["steps"] >= 30:
            peak_n += 1
            peak_ok += ours["peak_prompt_tokens"] <= 0.75 * full["peak_prompt_tokens"]
    if ratios:
        print(f"{set_name} {card}: {len(ratios)} runs, ours/full mean {sum(ratios) / len(ratios):.3f} "
              f"max {max(ratios):.3f}, above full {above}, 60+ at <= 0.8x {long_ok}/{long_n}, "
              f"30+ peak <= 75% {peak_ok}/{peak_n}")


for k, card in enumerate(cards):
    if summary:
        summarise(k, card)
        continue
    print(f"\n### {card}\n")
    print("| run | steps | full $ | ours / full | ours / last5 | peak ours / full | ok |")
    print("|---|---:|---:|---:|---:|---:|---|")
    bad = 0
    ratios = []
    for name, s in runs.items():
        full, ours, last5 = s.get("full"), s.get("ours"), s.get("last5")
        if not (full and ours) or full["bills"][k]["cost"] == 0:
            continue
        fc, oc = full["bills"][k]["cost"], ours["bills"][k]["cost"]
        lc = last5["bills"][k]["cost"] if last5 else float("nan")
        peak = ours["peak_prompt_tokens"] / max(1, full["peak_prompt_tokens"])
        steps = full["steps"]
        ok = oc <= fc * 1.0000001 and (not last5 or oc < lc)
        if steps >= 60:
            ok &= oc <= 0.8 * fc
        if steps >= 30:
            ok &= peak <= 0.75
        ok &= ours["task_present_all"] and ours["calls_paired_all"] and ours["recallable_all"]
        if steps >= 20:
            bad += not ok
            ratios.append(oc / fc)
        print(f"| {name} | {steps} | {fc:.4f} | {oc / fc:.2f} | {oc / lc:.2f} | {peak:.2f} | {'yes' if ok else 'NO'} |")
    if ratios:
        print(f"\nruns of 20+ steps: {len(ratios)}, ours/full {min(ratios):.2f}-{max(ratios):.2f} "
              f"(mean {sum(ratios) / len(ratios):.2f}), failing a check: {bad}")

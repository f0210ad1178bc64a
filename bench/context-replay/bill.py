#!/usr/bin/env python3
"""Summarises `loop replay --json` output (JSON Lines on stdin) per price card: for each run,
ours' billed cost as a ratio to full and to last5, its peak prompt as a share of full's, and
the done-when checks (ours <= full everywhere, < last5, <= 0.8x full at 60+ steps, peak <= 75% of
full's at 30+ steps, invariants). Prints a markdown table per card.

    loop replay --json --price-card anthropic --price-card openai DIR | python3 bill.py
"""
import json
import sys

rows = [json.loads(l) for l in sys.stdin if l.strip()]
runs = {}
for r in rows:
    runs.setdefault(r["trajectory"], {})[r["strategy"].split("(")[0]] = r
cards = [b["card"] for b in rows[0]["bills"]] if rows else []
for k, card in enumerate(cards):
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

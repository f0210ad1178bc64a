#!/usr/bin/env python3
"""Threshold sweep of the recall fallback alone (examples/recall_eval.rs), leave-sets-out.

Chooses the parameters on one half of the blind sets (odd- or even-numbered `wildN`, N >= 2) as
the most anchors kept with at most BUDGET % of the lines kept (default 5), then prints the
figures of that choice on the other half.

    cargo build --release -p loopwright-observe --example recall_eval
    bench/compress/recall/sweep.py odd     # choose on wild3, wild5, ..., report wild2, wild4, ...
    bench/compress/recall/sweep.py even    # the other way round
"""
import itertools
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
EVAL = os.path.join(ROOT, "target/release/examples/recall_eval")
DATA = os.path.join(ROOT, "crates/observe/tests/data")
GRID = {
    "min_score": [2, 3, 4],
    "base": [8, 12, 20],
    "per_mille": [10, 20, 40],
    "min_seen": [8, 16, 32],
    "max_distinct_pct": [25, 40, 60],
    "run_min": [4, 8],
    "max_repeats": [1, 2, 4],
}


def sets(parity):
    return [os.path.join(DATA, f"wild{n}") for n in range(2, 22) if n % 2 == parity]


def run(params, dirs):
    arg = ",".join(str(p) for p in params)
    out = subprocess.run([EVAL, "--params", arg, *dirs], capture_output=True, text=True, check=True).stdout
    m = re.search(r"^all: anchors (\d+)/(\d+) .*lines kept (\d+)/(\d+)", out, re.M)
    return tuple(int(x) for x in m.groups()), out


def main():
    parity = 1 if (sys.argv[1:] or ["odd"])[0] == "odd" else 0
    budget = float(os.environ.get("BUDGET", "5"))
    tune, held = sets(parity), sets(1 - parity)
    best = None
    for params in itertools.product(*GRID.values()):
        (f, a, k, n), _ = run(params, tune)
        if 100.0 * k / n <= budget and (best is None or f > best[0][0] or (f == best[0][0] and k < best[0][2])):
            best = ((f, a, k, n), params)
    if best is None:
        sys.exit("no parameters keep under the budget")
    (f, a, k, n), params = best
    print(f"chosen on {'odd' if parity else 'even'} sets: {dict(zip(GRID, params))}")
    print(f"  tuning half: anchors {f}/{a} ({100*f/a:.1f}%), lines kept {k}/{n} ({100*k/n:.2f}%)")
    (f, a, k, n), out = run(params, held)
    print(f"  held-out half: anchors {f}/{a} ({100*f/a:.1f}%), lines kept {k}/{n} ({100*k/n:.2f}%)")
    print(out)


if __name__ == "__main__":
    main()

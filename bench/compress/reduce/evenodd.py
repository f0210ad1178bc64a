#!/usr/bin/env python3
"""Issue 16's reduction bar on the even/odd split of round 2 (`creduce`, 2026-12-07).

TUNE: `corpus`, `wild` and the even-numbered sets (wild2, wild4, ... wild26), whose outputs may
be read; MEASURED: the odd-numbered sets (wild3 ... wild27), of which only these totals are run.
Per set: anchors kept and the mean reduction of its files of 200+ lines; per group: the mean over
all its files of 200+ lines together. `worst N` also lists the N least reduced long files of the
tune group (never of the measured group).

    bench/compress/reduce/evenodd.py [EVAL] [MODE] [worst N]
    EVAL: a corpus_eval binary (default target/release/examples/corpus_eval); MODE: all|loto|generic
"""
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
DATA = os.path.join(ROOT, "crates", "observe", "tests", "data")
TUNE = ["corpus", "wild"] + ["wild%d" % i for i in range(2, 27, 2)]
MEASURED = ["wild%d" % i for i in range(3, 28, 2)]


def run_set(evalbin, mode, name):
    """Anchors kept, the mean line and every file row of 200+ lines of one set."""
    out = subprocess.run([evalbin, "--mode", mode, os.path.join(DATA, name)],
                         capture_output=True, text=True, check=True).stdout
    kept = re.search(r"anchors kept (\d+/\d+)", out).group(1)
    rows = []
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 8 and cells[2].isdigit() and int(cells[2]) >= 200:
            rows.append((name, cells[0], int(cells[2]), float(cells[5].rstrip("%"))))
    return kept, rows


def main():
    args = sys.argv[1:]
    worst = 0
    if "worst" in args:
        i = args.index("worst")
        worst = int(args[i + 1])
        del args[i:i + 2]
    evalbin = args[0] if args else os.path.join(ROOT, "target/release/examples/corpus_eval")
    mode = args[1] if len(args) > 1 else "all"
    tune_rows = []
    for group, sets in (("tune", TUNE), ("measured", MEASURED)):
        print("| %s set | anchors kept | files of 200+ lines | mean reduction |" % group)
        print("|---|---:|---:|---:|")
        pooled = []
        for name in sets:
            kept, rows = run_set(evalbin, mode, name)
            pooled += rows
            mean = sum(r[3] for r in rows) / len(rows) if rows else 0.0
            print("| `%s` | %s | %d | %.1f%% |" % (name, kept, len(rows), mean))
        mean = sum(r[3] for r in pooled) / len(pooled)
        print("| **%s** | | %d | **%.2f%%** |\n" % (group, len(pooled), mean))
        if group == "tune":
            tune_rows = pooled
    for row in sorted(tune_rows, key=lambda r: r[3])[:worst]:
        print("%s %s %d lines %.1f%%" % row)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Turns the hand-written labels of a blind corpus (`wild2`, `wild3`, `wild4`; labels/NAME.txt: one anchor a line,
`KIND<TAB>the line verbatim`) into labels/NAME.json in the format of the `wild` corpus (anchor
line numbers, anchor_kinds, tool, command, exit, lines, bytes, sha256). It only looks each line up
in the log (ANSI codes removed, `\\r` redraws reduced to their last state); it never decides what
is an anchor.

    python3 bench/compress/blind/labels.py crates/observe/tests/data/wild2   # or wild3, wild4
    python3 bench/compress/blind/labels.py --in-order crates/observe/tests/data/wild16

`--in-order` (labels written in line order by a set's marks.py): each line is looked up after the
line the previous row found, so a line printed many times word for word (checkov's `File:` line
under a passed and a failed check) is placed where it was marked, not at its first occurrence.
"""
import hashlib, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from logtext import log_lines

IN_ORDER = "--in-order" in sys.argv[1:]
D = [a for a in sys.argv[1:] if a != "--in-order"][0]
SOURCES = json.load(open(os.path.join(D, "sources.json")))


bad = 0
for fn in sorted(os.listdir(os.path.join(D, "labels"))):
    if not fn.endswith(".txt"):
        continue
    name = fn[:-4]
    path = os.path.join(D, "logs", name + ".log")
    data = open(path, "rb").read()
    lines = log_lines(path)
    used, anchors, kinds = set(), [], {}
    for row in open(os.path.join(D, "labels", fn), encoding="utf-8").read().split("\n"):
        if not row:
            continue
        kind, _, text = row.partition("\t")
        after = max(used) if IN_ORDER and used else 0
        hits = [i + 1 for i, l in enumerate(lines) if l == text and i + 1 not in used and i + 1 > after]
        if not hits:
            print(f"{name}: not in the log: {text!r}", file=sys.stderr)
            bad += 1
            continue
        used.add(hits[0])
        anchors.append(hits[0])
        kinds.setdefault(kind, []).append(hits[0])
    src = SOURCES[name]
    label = {"tool": src["tool"], "command": src["command"], "exit": src["exit"], "notes": src["note"],
             "lines": len(lines), "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
             "anchors": sorted(anchors), "anchor_kinds": {k: sorted(v) for k, v in sorted(kinds.items())},
             "secondary": [], "labelled_by": "hand (procedure in README.md), bench/compress/blind/labels.py"}
    with open(os.path.join(D, "labels", name + ".json"), "w") as f:
        json.dump(label, f, indent=1)
        f.write("\n")
sys.exit(1 if bad else 0)

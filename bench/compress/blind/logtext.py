"""A recorded log's lines as a reader sees them: ANSI codes removed, a `\\r` redraw reduced to its
last state. Shared by `labels.py` (which places hand-written labels) and the sets' `marks.py`."""
import os
import re
import sys


def clean(b):
    s = b.decode("utf-8", "replace")
    s = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07", "", s)
    if "\r" in s:
        parts = [p for p in s.split("\r") if p]
        s = parts[-1] if parts else ""
    return s


def log_lines(path):
    """The cleaned lines of the log at `path` (no empty last line for a trailing newline)."""
    ls = [clean(l) for l in open(path, "rb").read().split(b"\n")]
    if ls and ls[-1] == "":
        ls.pop()
    return ls


def write_labels(d, marks):
    """Writes `d/labels/NAME.txt` (KIND<TAB>line verbatim, by line number; a line marked twice
    keeps its first kind) for each NAME -> {kind: [line numbers]} of `marks`, and names the logs
    of `d/logs` left unlabelled."""
    for name, kinds in sorted(marks.items()):
        ls = log_lines(f"{d}/logs/{name}.log")
        rows, done = [], set()
        for kind, nums in kinds.items():
            for n in sorted(set(nums)):
                if n not in done:
                    done.add(n)
                    rows.append((n, kind))
        rows.sort()
        with open(f"{d}/labels/{name}.txt", "w", encoding="utf-8") as f:
            for n, kind in rows:
                f.write(f"{kind}\t{ls[n - 1]}\n")
    missing = sorted(set(os.path.basename(p)[:-4] for p in os.listdir(f"{d}/logs")) - set(marks))
    print(f"{len(marks)} files labelled; not labelled: {missing}", file=sys.stderr)

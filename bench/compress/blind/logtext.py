"""A recorded log's lines as a reader sees them: ANSI codes removed, a `\\r` redraw reduced to its
last state. Shared by `labels.py` (which places hand-written labels) and the sets' `marks.py`."""
import re


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

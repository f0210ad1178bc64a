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


def shape(s):
    """A message with numbers, hex and quoted names left out (rule 1: repeats are marked once)."""
    return re.sub(r"0x[0-9a-f]+|\d+|'[^']*'|\"[^\"]*\"|`[^`]*`", "#", s).strip()


# Where a pytest report's FAILURES section ends, and a failed test's header line.
PYTEST_SECTION_END = r"^=+ (short test summary info|PASSES|warnings summary|slowest durations) =+$"
PYTEST_HEADER = r"^_{3,} .+ _{3,}$"


def same(line):
    """Rule 1 for lines repeated word for word: the key is the line itself."""
    return line


EXIT_STATUS = r"^rc=[1-9]"


class Marks:
    """The anchor lines a set's `marks.py` chooses, by log name and kind, over the logs of `d`
    (`d/logs/NAME.log`); `write()` writes them with `write_labels`."""

    def __init__(self, d):
        self.d = d
        self.L = {}

    def lines(self, name):
        return log_lines(f"{self.d}/logs/{name}.log")

    def add(self, name, kind, nums):
        self.L.setdefault(name, {}).setdefault(kind, []).extend(nums)

    def find(self, name, pat, start=1):
        """The first line number at or after `start` matching `pat`."""
        for i, l in enumerate(self.lines(name), 1):
            if i >= start and re.search(pat, l):
                return i
        raise SystemExit(f"{name}: no line matches {pat!r} after {start}")

    def every(self, name, pat):
        return [i for i, l in enumerate(self.lines(name), 1) if re.search(pat, l)]

    def first_of_each(self, name, pat, key, kind, limit=1):
        """Of the lines matching `pat`, the first `limit` of each `key(match)`: rule 1 with limit 1
        (a repeat with only numbers, names or addresses changed is not marked again), rule 2 with
        limit 5 (the first findings of one message shape)."""
        seen, out = {}, []
        for i, l in enumerate(self.lines(name), 1):
            m = re.search(pat, l)
            if m:
                k = key(m)
                seen[k] = seen.get(k, 0) + 1
                if seen[k] <= limit:
                    out.append(i)
        self.add(name, kind, out)

    def once(self, name, pat, kind, start=1):
        """The first line at or after `start` matching `pat` (its repeats differ in numbers,
        names or addresses)."""
        self.add(name, kind, [self.find(name, pat, start)])

    def once_each(self, name, pat, kind, key=shape, start=1, end=None, limit=1):
        """Of the lines matching `pat` (from `start` to `end`), the first `limit` of each
        `key(line)` (rule 1: a repeat with only numbers, names or addresses changed is not marked
        again; rule 2 with limit 5)."""
        seen, out = {}, []
        for i, l in enumerate(self.lines(name), 1):
            if i < start or (end and i > end) or not re.search(pat, l):
                continue
            k = key(l)
            seen[k] = seen.get(k, 0) + 1
            if seen[k] <= limit:
                out.append(i)
        self.add(name, kind, out)

    def exits(self, name, pat=EXIT_STATUS):
        """Each non-zero exit status the scenario's `echo rc=$?` wrote (summary)."""
        self.add(name, "summary", self.every(name, pat))

    def distinct(self, name, pat, kind, key=same, limit=5, start=1, end=None):
        """Rule 2 with rule 1: of the lines matching `pat` (from `start` to `end`), the first
        `limit` of each `key(line)`, a line repeated word for word (timestamps, pids and
        addresses aside: `key`) marked once."""
        seen, texts, out = {}, set(), []
        for i, l in enumerate(self.lines(name), 1):
            if i < start or (end and i > end) or not re.search(pat, l) or l in texts:
                continue
            texts.add(l)
            k = key(l)
            seen[k] = seen.get(k, 0) + 1
            if seen[k] <= limit:
                out.append(i)
        self.add(name, kind, out)

    def by_rule(self, name, pat, kind="warning", also=0, limit=5):
        """Lines matching `pat` (a regex with a `rule` group): the first `limit` of each rule;
        `also` adds the next N lines of each (a finding whose location is below its title)."""
        seen, out = {}, []
        for i, l in enumerate(self.lines(name), 1):
            m = re.search(pat, l)
            if m:
                r = m.group("rule")
                seen[r] = seen.get(r, 0) + 1
                if seen[r] <= limit:
                    out += [i + k for k in range(also + 1)]
        self.add(name, kind, out)

    def pytest_failures(self, name, own, section_end=PYTEST_SECTION_END, frames_once=False):
        """A pytest FAILURES section, by the procedure of wild8: each failed test's header
        (failure), its first `E` line and the `E` lines naming differing values (message, once
        per shape within one test), the first location in the project's own files (`own`, a path
        prefix: frame; `frames_once`: once per text within one test); the final counts (summary).
        The section ends at the first line matching `section_end`."""
        ls = self.lines(name)
        start = self.find(name, r"^=+ FAILURES =+$")
        end = self.find(name, section_end, start + 1)
        seen = set()  # (test without its parameters, message shape or frame text)
        i = start
        while i < end - 1:
            i += 1
            if not re.match(PYTEST_HEADER, ls[i - 1]):
                continue
            self.add(name, "failure", [i])
            base = re.sub(r"[\[(].*$", "", ls[i - 1].strip("_ "))
            j, first_e, frame = i, None, None
            while j < end - 1 and not re.match(PYTEST_HEADER, ls[j]):
                j += 1
                l = ls[j - 1]
                first = l.startswith("E   ") and first_e is None
                if first:
                    first_e = j
                if (first or (l.startswith("E   ") and " != " in l)) and (base, shape(l)) not in seen:
                    seen.add((base, shape(l)))
                    self.add(name, "message", [j])
                if frame is None and re.match(rf"^{re.escape(own)}\S*\.py:\d+: ", l):
                    frame = j
                    if not frames_once or (base, l) not in seen:
                        seen.add((base, l))
                        self.add(name, "frame", [j])
        self.add(name, "summary", [self.find(name, r"^=+ \d+ (failed|passed).* =+$")])

    def write(self):
        """Drops the zero line numbers (a `find` that may not apply) and writes the labels."""
        for name in self.L:
            self.L[name] = {k: [n for n in v if n] for k, v in self.L[name].items()}
        write_labels(self.d, self.L)

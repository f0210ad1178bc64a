#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild9` logs (procedure in the corpus README: wild8's), chosen
while reading each log top to bottom, never looking at the compressor. The long reports are marked
by small helpers that apply the written procedure to one report format each (a pytest FAILURES
section, a doctest failure, a native traceback, a linter's rows by rule code); the other lines are
chosen by number. Writes labels/NAME.txt (KIND<TAB>line verbatim); then run
`bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild9/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD9_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                "crates", "observe", "tests", "data", "wild9")
M = Marks(D)
L, lines, add, find, every, by_rule = M.L, M.lines, M.add, M.find, M.every, M.by_rule
SECTION_END = r"^=+ (short test summary info|PASSES|warnings summary|slowest durations) =+$"
HEADER = r"^_{3,} .+ _{3,}$"


pytest_failures = M.pytest_failures

def pytest_doctests(name):
    """Doctest failures: each `[doctest] name` header (failure), the values under `Expected:` and
    `Got:` (message), the `path.py:N: DocTestFailure` location (frame); the final counts."""
    ls = lines(name)
    for i, l in enumerate(ls, 1):
        if re.match(r"^_{3,} \[doctest\] .+ _{3,}$", l):
            add(name, "failure", [i])
        elif l in ("Expected:", "Got:"):
            add(name, "message", [i + 1])
        elif re.search(r"\.py:\d+: DocTestFailure$", l):
            add(name, "frame", [i])
    add(name, "summary", [find(name, r"^=+ \d+ (failed|passed).* =+$")])


def pytest_native(name, own):
    """Native tracebacks in a FAILURES section: each header (failure), the first `File` frame in
    the project's own tests (`own`, a path fragment), the exception line closing the traceback and
    the `- x`/`+ y` lines under it (message); the final counts."""
    ls = lines(name)
    start = find(name, r"^=+ FAILURES =+$")
    end = find(name, SECTION_END, start + 1)
    frame = None
    for i in range(start + 1, end):
        l = ls[i - 1]
        if re.match(HEADER, l):
            add(name, "failure", [i])
            frame = None
        elif frame is None and l.startswith("  File ") and own in l:
            frame = i
            add(name, "frame", [i])
        elif re.match(r"^[\w.]+(Error|Exception): ", l):
            add(name, "message", [i])
        elif re.match(r"^[-+] \S", l) and re.match(r"^[\w.]+Error: .* != ", ls[i - 2] if l[0] == "-" else ls[i - 3]):
            add(name, "message", [i])
    add(name, "summary", [find(name, r"^=+ \d+ (failed|passed).* =+$")])


def mypy_pretty(name, limit=5):
    """mypy --pretty: a finding wraps over more lines (its code at the end of the last); the first
    5 of each code are marked, every line of the finding's text (not the source excerpt under it)."""
    ls, seen = lines(name), {}
    for i, l in enumerate(ls, 1):
        if not re.match(r"^\S+:\d+:\d+: error: ", l):
            continue
        j = i
        while j < len(ls) and not re.match(r"^(    |\S+:\d+|\S+: note: |Found \d+ )", ls[j]):
            j += 1
        text = " ".join(ls[i - 1:j])
        m = re.search(r"\[([a-z-]+)\]\s*$", text)
        code = m.group(1) if m else shape(text)
        seen[code] = seen.get(code, 0) + 1
        if seen[code] <= limit:
            add(name, "error", list(range(i, j + 1)))
    add(name, "summary", every(name, r"^Found \d+ errors? in "))


# pytest --durations=0 (long tracebacks, then every test's timing: data), --doctest-modules -v,
# --tb=native -v
pytest_failures("pytest_durations_toolz", "toolz/")
add("pytest_durations_toolz", "message", [find("pytest_durations_toolz", r"^E\s+importlib.metadata.PackageNotFoundError")])
pytest_doctests("pytest_doctest_mit")
pytest_native("pytest_tb_native_simplejson", "/simplejson/tests/")

# type checkers and linters: the first 5 findings of each rule code, totals
mypy_pretty("mypy_pretty_dateutil")
by_rule("flake8_show_source_mit", r"^\S+:\d+:\d+: (?P<rule>[A-Z]\d{3}) ")
by_rule("pylint_reports_toolz", r"^\S+:\d+:\d+: (?P<rule>W\d{4}): ")
by_rule("pylint_reports_toolz", r"^\S+:\d+:\d+: (?P<rule>E\d{4}): ", kind="error")
add("pylint_reports_toolz", "warning", every("pylint_reports_toolz", r"ReporterWarning"))
add("pylint_reports_toolz", "summary", every("pylint_reports_toolz", r"Your code has been rated"))

# gcc -Wpadded: the first 5 warnings of each [-Wflag] (no error: the undeclared call is a warning)
by_rule("gcc_wpadded_brotli", r"^\S+:\d+:\d+: warning: .*\[(?P<rule>-W[\w=-]+)\]$")

# gdb: the signal, the crashing thread's first own frame, the first own frame of each other
# thread's shape (a waiter, main)
add("gdb_threads_crash", "error", every("gdb_threads_crash", r"received signal SIGSEGV"))
add("gdb_threads_crash", "frame", every("gdb_threads_crash", r" in render \(.*crash\.c:\d+$")[:1] +
    every("gdb_threads_crash", r" in waiter \(.*crash\.c:\d+$")[:1] + every("gdb_threads_crash", r" in main \(.*crash\.c:\d+$")[:1])

# go build -gcflags=-m=2: the optimiser's notes are data; the type error
add("go_build_escape", "error", every("go_build_escape", r"^\S+\.go:\d+:\d+: cannot use "))

# python -m cProfile: the warning the script printed; the profile table is data
add("cprofile_mit", "warning", every("cprofile_mit", r"^run\.py:\d+: RuntimeWarning: "))

# python -X importtime: the import table is data; the traceback closing it
add("importtime_mypy", "frame", every("importtime_mypy", r'^  File "<string>", line 1'))
add("importtime_mypy", "message", every("importtime_mypy", r"^ModuleNotFoundError: "))

# python -m compileall: the listing is data; the syntax error with its location
add("compileall_packages", "error", every("compileall_packages", r"^\*\*\*   File |^SyntaxError: "))

M.write()

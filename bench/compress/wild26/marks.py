#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild26` logs (procedure in the corpus README: wild8's to
wild24's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild26/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, same
D = os.environ.get("WILD26_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild26")
M = Marks(D)
add, every, once, once_each, exits = M.add, M.every, M.once, M.once_each, M.exits


def pytest_report(n, own_re, end=r"^=+ short test summary info =+$"):
    """A pytest FAILURES section by wild8's procedure, with the project's own frames named by a
    regex (`own_re`, matched at the start of a `path.py:N: ` location line): each failed test's
    header, its first `E` line (and the `E` lines naming differing values, once per shape within a
    test), its first own location; each `FAILED` line of the short summary; the final counts."""
    ls = M.lines(n)
    start = M.find(n, r"^=+ FAILURES =+$")
    stop = M.find(n, end, start + 1)
    header = r"^_{3,} .+ _{3,}$"
    i = start
    while i < stop - 1:
        i += 1
        if not re.match(header, ls[i - 1]):
            continue
        add(n, "failure", [i])
        j, first_e, frame, seen = i, None, None, set()
        while j < stop - 1 and not re.match(header, ls[j]):
            j += 1
            l = ls[j - 1]
            first = l.startswith("E   ") and first_e is None
            if first:
                first_e = j
            if (first or (l.startswith("E   ") and " != " in l)) and M_shape(l) not in seen:
                seen.add(M_shape(l))
                add(n, "message", [j])
            if frame is None and re.match(own_re + r"\S*\.py:\d+: ", l):
                frame = j
                add(n, "frame", [j])
    add(n, "failure", [k for k in every(n, r"^FAILED ") if k >= stop])
    add(n, "summary", [every(n, r"^(=+ )?\d+ (failed|passed)")[-1]])


def M_shape(l):
    return re.sub(r"0x[0-9a-f]+|\d+|'[^']*'|\"[^\"]*\"", "#", l).strip()


def traceback(n, own, exc, start=1):
    """A Python traceback after `start`: the first frame in the fixture's own file (`own`, a file
    name) and the exception line (`exc`, a regex)."""
    once(n, rf'^\s*File "[^"]*{re.escape(own)}", line \d+', "frame", start)
    once(n, exc, "error", start)


# pytest plugins: the FAILURES section, the short summary, the final counts; the coverage TOTAL row.
n = "pytest_cov_missing"
pytest_report(n, r"(ledger|tests)/", end=r"^=+ tests coverage =+$")
add(n, "summary", every(n, r"^TOTAL +\d+"))
exits(n)

n = "pytest_benchmark_table"
pytest_report(n, r"(extra|tests)/", end=r"^-+ benchmark: ")
exits(n)

n = "pytest_randomly_order"
pytest_report(n, r"(extra|tests|ledger)/")
exits(n)

# pytest-timeout: the first run's timeout banner and the own frames of its thread dump, then the
# second run's report (no short summary: -q).
n = "pytest_timeout_hang"
ban = M.find(n, r"\+{5,} Timeout \+{5,}")
add(n, "failure", [ban])
add(n, "frame", [i for i in every(n, r'^  File "/tmp/w26/pkg/extra/') if i > ban][:2])
pytest_report(n, r"extra/", end=r"^FAILED ")
exits(n)

# pytest-rerunfailures: the first RERUN of each test (a flaky test passes after reruns), the report.
n = "pytest_rerunfailures_flaky"
M.first_of_each(n, r"^(\S+) RERUN ", lambda m: m.group(1), "warning")
pytest_report(n, r"extra/", end=r"^=+ PASSES =+$|^=+ short test summary info =+$")
exits(n)

# pip-compile: the warning, the resolver's error and the conflict's causes, the final exception.
n = "pip_compile_conflict"
once(n, r"^WARNING: ", "warning")
once(n, r"ERROR: Cannot install", "error")
c = M.find(n, r"The conflict is caused by:")
add(n, "error", [c + 1, c + 2])
add(n, "error", every(n, r"^pip\._internal\.exceptions\.\w+: "))
exits(n)

# towncrier: the file without a fragment, each Error line; exits.
n = "towncrier_fragments"
once(n, r"^1\. /", "error")
add(n, "error", every(n, r"^Error: "))
exits(n)

# bump-my-version: each boxed error's text, the git warning; exits.
n = "bump_my_version_bump"
once(n, r"Error when running git describe", "warning")
add(n, "error", [i + 1 for i in every(n, r"^╭─ Error ")])
exits(n)

# refurb: the unreadable file, the first 5 findings of each check (rule 2); exits.
n = "refurb_tree"
once(n, r"error: Cannot read file", "error")
M.by_rule(n, r"^\S+\.py:\d+:\d+ \[(?P<rule>FURB\d+)\]")
exits(n)

# prospector: the first 5 messages of each check with their file and line, the count; exits.
n = "prospector_pkg"
ls = M.lines(n)
seen = {}
for i, l in enumerate(ls, 1):
    m = re.match(r"^    (\w+): (\S+) / ", l)
    if m:
        seen[m.group(2)] = seen.get(m.group(2), 0) + 1
        if seen[m.group(2)] <= 5:
            add(n, "warning", [i])
            line = max(k for k in range(1, i) if ls[k - 1].startswith("  Line: "))
            fil = max(k for k in range(1, i) if re.match(r"^\S+\.py$", ls[k - 1]))
            add(n, "location", [line, fil])
once(n, r"Messages Found: ", "summary")
exits(n)

# runtime type checkers: each rejected row, the traceback's own frame and exception; exits.
for n, own in (("beartype_rows", "run_beartype.py"), ("typeguard_rows", "run_typeguard.py")):
    add(n, "error", every(n, r"^row +\d+ rejected: "))
    traceback(n, own, r"^\w+(\.\w+)*(Error|Violation): ", M.find(n, r"^Traceback"))
    exits(n)

# kernprof: the warning once (repeats differ in the row), each function's total time; exits.
n = "kernprof_lines"
once(n, r"UserWarning: ", "warning")
add(n, "summary", every(n, r"^Total time: "))
exits(n)

# memray: the warning once, the allocation totals (title and value), each error; exits.
n = "memray_summary"
once(n, r"UserWarning: ", "warning")
for i in every(n, r"Total (allocations|memory allocated):"):
    add(n, "summary", [i, i + 1])
add(n, "error", every(n, r"already exists|^No such file"))
exits(n)

# ASGI servers: the error line and the exception once per exception type, the handler's frame once,
# the first 500 and the 404 access lines.
for n in ("hypercorn_asgi", "daphne_asgi"):
    once_each(n, r"(\[ERROR\]|ERROR) +(Error in ASGI|Exception inside)", "error",
              key=lambda l: re.sub(r"^.*(ERROR)", "", re.sub(r": .*$", "", l)))
    M.first_of_each(n, r"^(\w+Error): ", lambda m: m.group(1), "error")
    once(n, r'^\s*File "/tmp/w26/asgi/app\.py", line \d+', "frame")
    once(n, r'" 500 ', "error")
    add(n, "error", every(n, r'" 404 ')[:1])
    exits(n)

n = "fastapi_testclient"
pytest_report(n, r"(test_api|app)\.py")
exits(n)

# SQLAlchemy: the driver's and SQLAlchemy's exception, the failing statement and its parameters,
# the script's own frame; exits.
n = "sqlalchemy_echo"
add(n, "error", every(n, r"^(sqlite3|sqlalchemy\.exc)\.IntegrityError: "))
add(n, "error", every(n, r"^\[(SQL|parameters): "))
once(n, r'^\s*File "/tmp/w26/db/load\.py", line \d+', "frame")
exits(n)

# scrapy: the spider error, its own frame and exception, each 404 crawl (a broken link each), the
# stats' error and 404 counts, the closing reason.
n = "scrapy_crawl"
add(n, "error", every(n, r"\] ERROR: "))
traceback(n, "spider.py", r"^\w+Error: ")
add(n, "error", every(n, r"Crawled \(404\)"))
add(n, "summary", every(n, r"'(log_count/ERROR|downloader/response_status_count/404)'"))
once(n, r"Spider closed", "summary")
exits(n)

# luigi: the failed task, its own frame and exception, its FAILED status; the summary's failure lines.
n = "luigi_local"
add(n, "failure", every(n, r"^ERROR: .* failed +\w+"))
traceback(n, "tasks.py", r"^\w+Error: ")
add(n, "failure", every(n, r"has status +FAILED"))
s = M.find(n, r"^Scheduled \d+ tasks")
add(n, "summary", [s])
add(n, "summary", [i for i in every(n, r"^\* \d+ failed|^    \* \d+ had failed|^        - \d+ |^    - \d+ Transform\(day=6\)|looks :\(") if i > s])
exits(n)

# python -m build: each warning once per text, the success line, the configuration error once, the
# exception, the backend error; exits.
n = "pyproject_build"
once_each(n, r"(^|\s)(WARNING|warning:) ", "warning", key=lambda l: re.sub(r"\x1b\[[0-9;]*m", "", l))
once(n, r"^Successfully built ", "summary")
once(n, r"^configuration error: ", "error")
add(n, "error", every(n, r"^ValueError: |^ERROR "))
exits(n)

# pyinstaller: the warnings file notice, the build's result, the frozen app's traceback; exits.
n = "pyinstaller_freeze"
once(n, r"INFO: Warnings written to ", "warning")
once(n, r"INFO: Build complete!", "summary")
traceback(n, "app.py", r"^ModuleNotFoundError: ")
add(n, "error", every(n, r"\[PYI-\d+:ERROR\]"))
exits(n)

M.write()

#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild33` logs (procedure in the corpus README: wild8's to
wild31's, the record rule of wild31 for JSON/XML reports), chosen while reading each log top to
bottom, never looking at the compressor. Lines are marked by pattern (line numbers found by
pattern, so a regenerated log is labelled alike). Writes labels/NAME.txt (KIND<TAB>line verbatim);
then run `bench/compress/blind/labels.py --in-order` on the set.

    python3 bench/compress/wild33/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD33_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild33")
M = Marks(D)
add, every, once, once_each, by_rule, exits = M.add, M.every, M.once, M.once_each, M.by_rule, M.exits
WORK = "/tmp/cnamed33-work/"


def following(n, starts, pat, limit=12):
    """For each line number in `starts`, the first line at most `limit` below it matching `pat`."""
    ls, out = M.lines(n), []
    for s in starts:
        for i in range(s + 1, min(s + limit, len(ls)) + 1):
            if re.search(pat, ls[i - 1]):
                out.append(i)
                break
    return out


def json_records(n, indent):
    """The objects of a pretty-printed JSON report whose `{` opens a line at exactly `indent`
    spaces, as (first, last) line numbers."""
    ls, out, start = M.lines(n), [], None
    pad = " " * indent
    for i, l in enumerate(ls, 1):
        if start is None and re.match(rf"^{pad}\{{$", l):
            start = i
        elif start is not None and re.match(rf"^{pad}\}},?$", l):
            out.append((start, i))
            start = None
    return out


def first_in(n, rec, pat):
    """The first line of the record `rec` matching `pat` (0 when none)."""
    ls = M.lines(n)
    for i in range(rec[0], rec[1] + 1):
        if re.search(pat, ls[i - 1]):
            return i
    return 0


def full_format(n):
    """ruff's full format: the first 5 findings of each rule code with the `-->` line under the
    title; the parser's findings (`invalid-syntax:`) as errors with theirs; the totals."""
    by_rule(n, r"^(?P<rule>[A-Z]+\d+) ", also=1)
    for i in every(n, r"^invalid-syntax: "):
        add(n, "error", [i, i + 1])
    add(n, "summary", every(n, r"^Found \d+ errors?|^\[\*\] \d+ fixable|^No fixes available"))
    exits(n)


# ---- ruff

# json-lines: one finding a line; the first 5 of each code, the parser's as errors.
n = "ruff_json_lines"
by_rule(n, r'"code":"(?P<rule>(?!invalid-syntax)[^"]+)"')
add(n, "error", every(n, r'"code":"invalid-syntax"'))
exits(n)

# rdjson (the record rule): the first 5 findings of each code keep their message and path lines.
n = "ruff_rdjson"
L = M.lines(n)
count = {}
for r in json_records(n, 4):
    code = first_in(n, r, r'^\s+"value": "')
    rule = L[code - 1].split('"')[3] if code else "?"
    count[rule] = count.get(rule, 0) + 1
    if count[rule] <= 5:
        kind = "error" if rule == "invalid-syntax" else "warning"
        add(n, kind, [first_in(n, r, r'^      "message": '), first_in(n, r, r'^\s+"path": ')])
exits(n)

full_format("ruff_fix_remaining")
full_format("ruff_full_select_all")

# ---- valgrind


def memcheck_text(n, own, titles):
    """memcheck's text report (the ../wild8/ and ../wild30/ decisions): each error context's title
    once per shape (not its repeat in the final `-s` list) with its first own frame, the Address
    lines with their own frame, each loss record with its first own frame, the LEAK SUMMARY rows
    that count a loss, ERROR SUMMARY once per process, the signal that killed a process with its
    cause and frame."""
    L = M.lines(n)
    seen, ts = set(), []
    for i in every(n, titles):
        fr = following(n, [i], own)
        key = (shape(re.sub(r"^.*==\d+== ", "", L[i - 1])), re.sub(r"^==\d+==\s+(at|by) 0x[0-9A-F]+: ", "", L[fr[0] - 1]) if fr else "")
        if key not in seen and not re.search(r"errors in context \d+ of", L[i - 2]):
            seen.add(key)
            ts.append(i)
    add(n, "error", ts)
    add(n, "frame", following(n, ts, own))
    addr = [i for i in every(n, r"==  Address 0x[0-9a-f]+ is |==  Block was alloc'd at")
            if any(t < i <= t + 8 for t in ts)]
    add(n, "message", addr)
    add(n, "frame", following(n, addr, own))
    recs = every(n, r"are (definitely|indirectly|possibly) lost in loss record")
    add(n, "error", recs)
    add(n, "frame", following(n, recs, own))
    sig = every(n, r"== Process terminating with default action of signal")
    add(n, "error", sig)
    add(n, "message", [i + 1 for i in sig])
    add(n, "frame", following(n, sig, own))
    add(n, "summary", every(n, r"==\s+(definitely lost|indirectly lost|possibly lost): [1-9]"))
    add(n, "summary", every(n, r"== ERROR SUMMARY: [1-9]")[:1] if n != "valgrind_children" else
        every(n, r"== ERROR SUMMARY: [1-9]"))
    exits(n)


TITLES = r"== (Invalid (read|write|free)|Conditional jump|Use of uninitialised|Mismatched free|Syscall param)"

# --gen-suppressions=all: the text report as above; the generated suppression blocks are data; the
# suppressions used (`used_suppression`, -s) and the suppressed count are data too.
memcheck_text("valgrind_gensupp", r"\(batch\.c:\d+\)", TITLES)

# --trace-children=yes: each child's report; the supervisor's line for the killed worker.
n = "valgrind_children"
memcheck_text(n, r"\(worker\.c:\d+\)", TITLES)
once(n, r"^supervisor: worker \d+ killed by signal", "error")

# --xml=yes --xml-fd=1 (the record rule): each <error> record's <what>/<text> line (the kind
# once), its first own frame's <fn> and <line> lines, its <auxwhat> with its own frame; the
# <errorcounts> counts.
n = "valgrind_xml"
L = M.lines(n)
starts = [i for i in every(n, r"<error>$")]
kinds_seen = set()
for s in starts:
    e = next(j for j in range(s, len(L) + 1) if L[j - 1].strip() == "</error>")
    kind = L[first_in(n, (s, e), r"<kind>") - 1].strip()
    if kind in kinds_seen:
        continue
    kinds_seen.add(kind)
    what = first_in(n, (s, e), r"<what>|<text>")
    add(n, "error", [what])
    blocks = [what] + [j for j in range(s, e + 1) if "<auxwhat>" in L[j - 1]]
    add(n, "message", blocks[1:])
    for b in blocks:
        fn = next((j for j in range(b, e + 1) if "<file>batch.c</file>" in L[j - 1]), 0)
        if fn:
            add(n, "frame", [fn - 2, fn + 1])
add(n, "summary", every(n, r"^\s+<count>[1-9]"))
exits(n)

# ---- vitest


def vitest_default(n):
    """vitest's default reporter (the ../wild6/ and ../wild30/ decisions): the `×` rows, each FAIL
    title (a file that does not load, a suite whose hook failed, a failed test), its error line,
    its first `❯ test/` location, the totals."""
    add(n, "failure", every(n, r"^\s+× "))
    titles = every(n, r"^ FAIL  ")
    add(n, "failure", titles)
    add(n, "message", following(n, titles, r"^(\w*Error): "))
    add(n, "frame", following(n, titles, r"^ ❯ test/", limit=6))
    add(n, "summary", every(n, r"^\s+(Test Files|Tests|Errors)  .*failed"))
    exits(n)


vitest_default("vitest_hooks")
vitest_default("vitest_gha")
# the github-actions annotations repeat each failure with its location: each `::error` line.
add("vitest_gha", "error", every("vitest_gha", r"^::error "))

# json (the record rule): each failing file record's `"message"` (when not empty) and `"name"`;
# each failed test's `"fullName"` with its first failure message line; the non-zero counts.
n = "vitest_json"
L = M.lines(n)
for r in json_records(n, 4):
    if first_in(n, r, r'^      "status": "failed"'):
        m = first_in(n, r, r'^      "message": "[^"]')
        add(n, "failure", [first_in(n, r, r'^      "name": ')] + ([m] if m else []))
for r in json_records(n, 8):
    if first_in(n, r, r'^          "status": "failed"'):
        add(n, "failure", [first_in(n, r, r'^          "fullName": ')])
        add(n, "message", [first_in(n, r, r'"failureMessages": \[$') + 1])
add(n, "summary", every(n, r'^  "numFailed\w+": [1-9]'))
exits(n)

# ---- eslint

# stylish (../wild6/): each per-file header with findings, the first 5 findings of each rule
# (errors as printed), the totals.
for n in ("eslint_stylish_many", "eslint_debug"):
    add(n, "error", every(n, r"^/\S+\.js$"))
    by_rule(n, r"^\s+\d+:\d+\s+error\s+.*\s(?P<rule>[\w/-]+)$", kind="error")
    by_rule(n, r"^\s+\d+:\d+\s+warning\s+.*\s(?P<rule>[\w/-]+)$", kind="warning")
    add(n, "summary", every(n, r"^✖ \d+ problems?"))
    exits(n)

# html: the overview's total, each file header with problems (its path line), the first 5
# findings of each rule (message cell and location cell; the kind from the severity cell).
n = "eslint_html"
L = M.lines(n)
once(n, r"<span>\d+ problems? \(", "summary")
add(n, "error", [i + 2 for i in every(n, r'^<tr class="bg-2" data-group=')])
seen = {}
for i in every(n, r'^<tr style="display: none;" class="f-\d+">$'):
    rule = re.search(r">([\w/-]+)</a>", L[i + 4]).group(1)
    seen[rule] = seen.get(rule, 0) + 1
    if seen[rule] <= 5:
        add(n, "error" if "Error" in L[i + 1] else "warning", [i + 1, i + 3])
exits(n)

# ---- PostgreSQL (../wild6/, ../wild7/, ../wild30/): each ERROR/FATAL once per shape with the
# DETAIL/CONTEXT under it; a killed backend with its failed statement; recovery's unclean
# shutdown (warning); archiving failures once per shape; lock waits and slow statements
# (log_min_duration_statement) as warnings once per shape; a worker's non-zero exit (summary).


def pg_events(n, slow):
    L = M.lines(n)
    seen = set()
    for i in every(n, r"(ERROR|FATAL|PANIC):  "):
        server = bool(re.match(r"^(\d{4}-|\w{3} [ \d]\d )", L[i - 1]))  # the server's log, not psql's stderr
        key = (server, shape(re.sub(r"^.*?(ERROR|FATAL|PANIC):  ", "", L[i - 1])))
        if key in seen:
            continue
        seen.add(key)
        add(n, "error", [i])
        add(n, "error", [j for j in (i + 1,) if j <= len(L) and re.search(r"(DETAIL|CONTEXT):  ", L[j - 1])])
        if i + 1 < len(L) and re.search(r"DETAIL:  ", L[i]) and re.search(r"CONTEXT:  ", L[i + 1]):
            add(n, "error", [i + 2])
    for i in every(n, r"was terminated by signal \d+"):
        add(n, "error", [i] + [j for j in (i + 1,) if "Failed process was running" in L[j - 1]])
    once_each(n, r"not properly shut down; automatic recovery", "warning")
    once_each(n, r"archive command failed with exit code|failed too many times", "warning",
              key=lambda l: shape(re.sub(r"^.*?(LOG|WARNING):  ", "", l)))
    arch = every(n, r"archive command failed with exit code")
    add(n, "warning", [i + 1 for i in arch[:1] if "DETAIL:  The failed archive command" in L[i]])
    once_each(n, r"^cp: cannot create", "error", key=lambda l: shape(l))
    once_each(n, r"still waiting for \w+Lock", "warning", key=lambda l: "wait")
    if slow:
        once_each(n, r"LOG:  duration: ", "warning",
                  key=lambda l: shape(re.sub(r"^.*duration: [\d.]+ ms", "", l)))
    add(n, "summary", every(n, r"exited with exit code [1-9]")[:1])


pg_events("pg_limits", slow=True)
pg_events("pg_crash", slow=False)

# syslog written by syslog-ng (../wild7/: each error or warning once; PAM `Could not set limit`
# once per limit): PostgreSQL's errors as above, su's failure, pam_systemd's bus error once,
# syslog-ng's own warning.
n = "syslog_postgres"
pg_events(n, slow=False)
once_each(n, r"Could not set limit for ", "warning", key=lambda l: re.search(r"limit for '(\w+)'", l).group(1))
once(n, r"pam_systemd\(su:session\): Failed to connect", "warning")
once(n, r"FAILED SU ", "error")
once(n, r"WARNING: With use-dns", "warning")

# ---- wget

# -i with retries, then -N: each 404's `--date--  URL` line (once per URL) and the first ERROR 404, the refused
# connection once with its `Giving up.`, `No data received.` once, the totals, the exits.
n = "wget_input_list"
L = M.lines(n)
e404 = every(n, r"ERROR 404: ")
urls, seen_urls = [max(j for j in range(1, i) if re.match(r"^--\d{4}-", L[j - 1])) for i in e404], set()
for u in urls:  # rule 1: the -N run's 404s repeat the first run's URLs word for word (times aside)
    text = re.sub(r"^--[\d: -]+--", "", L[u - 1])
    if text not in seen_urls:
        seen_urls.add(text)
        add(n, "error", [u])
add(n, "error", [e404[0]])
once(n, r"failed: Connection refused", "error")
once(n, r"^Giving up\.", "error")
once(n, r"No data received\.", "error")
add(n, "summary", every(n, r"^Downloaded: \d+ files"))
exits(n)

# --mirror with a quota: the 404s as above, the quota message, the totals, the exit.
n = "wget_mirror_quota"
L = M.lines(n)
e404 = every(n, r"ERROR 404: ")
add(n, "error", [e404[0]] + [max(j for j in range(1, i) if re.match(r"^--\d{4}-", L[j - 1])) for i in e404])
once(n, r"^Download quota of .* EXCEEDED!", "error")
add(n, "summary", every(n, r"^Downloaded: \d+ files|^Converted links in \d+ files"))
exits(n)

# ---- pip

# hash-checking mode: each ERROR block's first line and the requirement it names with its
# expected/got pair; the exits.
n = "pip_hashes"
errs = every(n, r"^ERROR: ")
add(n, "error", errs)
add(n, "message", following(n, errs, r"^    \S+==\S+ "))
add(n, "message", every(n, r"^\s+(Expected sha256|Got)\s+[0-9a-f]{64}$"))
add(n, "summary", every(n, r"^Successfully downloaded "))
exits(n)

# pip wheel of eight projects (../wild30/): each failed build's error block once per shape, each
# traceback's own frame and the exception, setuptools' error line, the final results.
n = "pip_wheel_many"
L = M.lines(n)
once(n, r"^\s+error: subprocess-exited-with-error", "error")
once_each(n, r"^\s+× .* did not run successfully", "error", key=lambda l: l)
for t in every(n, r"Traceback \(most recent call last\)"):
    own = [j for j in range(t + 1, t + 40) if WORK in L[j - 1] and L[j - 1].strip().startswith("File ")]
    add(n, "frame", own[:1] or following(n, [t], r'^\s+File "'))
add(n, "message", every(n, r"^\s+KeyError: "))
add(n, "error", every(n, r"^\s+error: \[Errno "))
add(n, "error", every(n, r"ERROR: Failed building wheel|^Failed to build |^ERROR: Failed to build"))
add(n, "summary", every(n, r"^Successfully built "))
exits(n)

# ---- cargo test (../wild8/, ../wild30/): each `---- t stdout ----`, the panic line and the
# message lines under it (a spawned thread's panic too), the first frame in the workspace's
# crates with its `at` line, the should_panic notes, the stack overflow and the aborted binary,
# `test result:`, every `error:` line, the exits.


def cargo_panics(n, frame_re, at_re):
    L = M.lines(n)
    add(n, "failure", every(n, r"^---- .* stdout ----$"))
    for p in every(n, r"panicked at "):
        end = next(j for j in range(p + 1, len(L) + 1) if L[j - 1].startswith("stack backtrace:") or not L[j - 1].strip())
        add(n, "message", list(range(p, end)))
        own = [j for j in range(end + 1, min(end + 90, len(L) + 1)) if re.match(frame_re, L[j - 1])]
        if own:
            add(n, "frame", [own[0]] + ([own[0] + 1] if re.match(at_re, L[own[0]]) else []))
    add(n, "message", every(n, r"^Test executable failed"))
    add(n, "message", every(n, r"^note: (test did not panic as expected|panic did not contain expected string)"))
    add(n, "message", every(n, r"^\s+(panic message|expected substring): "))
    add(n, "error", every(n, r"has overflowed its stack$|^fatal runtime error: "))
    add(n, "error", every(n, r"process didn't exit successfully: .*signal"))
    add(n, "summary", every(n, r"^test result: "))
    add(n, "error", every(n, r"^error: "))
    exits(n)


cargo_panics("cargo_threads_full", r"^\s+\d+:\s+0x[0-9a-f]+ - (stock|pool|fmtx|rust_out)::", r"^\s+at /tmp/")
n = "cargo_quiet"
cargo_panics(n, r"^\s+\d+: (stock|pool|fmtx|rust_out)::", r"^\s+at \./")

# ---- wpt-runner: each failing test's `×` row, its message line and first frame in the test
# files, the header of each file with a failure (its location), the uncaught script error with
# its first frame; the exit (the number of failing files).
n = "wpt_runner"
L = M.lines(n)
fails = every(n, r"^  × ")
add(n, "failure", fails)
for f in fails:
    msg = next(j for j in range(f + 1, len(L) + 1) if L[j - 1].strip())
    add(n, "message", [msg])
    add(n, "frame", following(n, [msg], r"http://127\.0\.0\.1:\d+/(url|encoding|dom)/", limit=4))
    add(n, "failure", [max(j for j in range(1, f) if re.match(r"^  \S+/\S+\.html$", L[j - 1]))])
unc = every(n, r"^TypeError: ")
add(n, "error", unc)
add(n, "frame", following(n, unc, r"http://127\.0\.0\.1:\d+/dom/", limit=3))
exits(n)

M.write()

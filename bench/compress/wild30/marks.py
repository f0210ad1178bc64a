#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild30` logs (procedure in the corpus README: wild8's to
wild24's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild30/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, same
D = os.environ.get("WILD30_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild30")
M = Marks(D)
add, every, once, once_each, by_rule, exits = M.add, M.every, M.once, M.once_each, M.by_rule, M.exits


def following(n, starts, pat, limit=12):
    """For each line number in `starts`, the first line at most `limit` below it matching `pat`."""
    ls, out = M.lines(n), []
    for s in starts:
        for i in range(s + 1, min(s + limit, len(ls)) + 1):
            if re.search(pat, ls[i - 1]):
                out.append(i)
                break
    return out


def rule_rows(n, pat, rule_of, kind_of, limit=5):
    """Rule 2 for findings whose rule is named on another line: of the lines matching `pat`, the
    first `limit` of each `rule_of(i)`, with the kind `kind_of(i)`."""
    seen = {}
    for i in every(n, pat):
        r = rule_of(i)
        seen[r] = seen.get(r, 0) + 1
        if seen[r] <= limit:
            add(n, kind_of(i), [i])


SYNTAX = r"invalid-syntax|unexpected-indentation"

# ruff --output-format azure: the first 5 findings of each rule code (warnings), the syntax errors.
n = "ruff_azure"
by_rule(n, r"code=(?P<rule>(?!invalid-syntax)[^;]+);\]")
add(n, "error", every(n, r"code=invalid-syntax;"))
exits(n)

# ruff full --preview --show-fixes: the first 5 of each rule name with the `-->` line under it; the
# parser's findings are errors; the totals.
n = "ruff_full_preview"
by_rule(n, r"^(?P<rule>(?!help:|note:|invalid-syntax|unexpected-indentation)[a-z][a-z0-9-]+): ", also=1)
for i in every(n, rf"^({SYNTAX}): "):
    add(n, "error", [i, i + 1])
add(n, "summary", every(n, r"^Found \d+ errors?\.|^\[\*\] \d+ fixable"))
exits(n)

# ruff --diff: its two configuration warnings, the `Would fix` counts (the diffs are data).
n = "ruff_fix_diff"
add(n, "warning", every(n, r"^warning: "))
add(n, "summary", every(n, r"^Would fix "))
exits(n)

# ruff junit: the first 5 test cases of each rule (the testcase line has the location, the failure
# line the message), the syntax error, the totals of <testsuites>.
n = "ruff_junit"
L = M.lines(n)
rule_of = lambda i: re.search(r'name="org\.ruff\.([^"]+)"', L[i - 1]).group(1)
seen = {}
for i in every(n, r'<testcase name="org\.ruff\.'):
    r = rule_of(i)
    seen[r] = seen.get(r, 0) + 1
    if seen[r] <= 5:
        kind = "error" if r == "invalid-syntax" else "warning"
        add(n, kind, [i] + following(n, [i], r"<failure message="))
add(n, "summary", every(n, r'^<testsuites name="ruff"'))
exits(n)

# valgrind memcheck on C++: each error context's title once per shape with its first own frame,
# the Address/origin lines with their own frame, the open descriptor with its frame, each loss
# record with its first own frame, the LEAK SUMMARY rows that count something, ERROR SUMMARY.
n = "valgrind_cxx"
OWN = r"\((bugs\.cpp|hot\.c):\d+\)"
titles = []
for pat in (r"== Invalid read of size", r"== Conditional jump or move depends", r"== Use of uninitialised value of size",
            r"== Mismatched free\(\) / delete"):
    titles.append(M.find(n, pat))
add(n, "error", titles)
add(n, "frame", following(n, titles, OWN))
addr = every(n, r"==  Address 0x[0-9a-f]+ is ")
add(n, "message", addr)
add(n, "frame", following(n, addr, OWN))
orig = [M.find(n, r"Uninitialised value was created by")]
add(n, "message", orig)
add(n, "frame", following(n, orig, OWN))
fds = [M.find(n, r"== Open file descriptor \d+: ")]
add(n, "warning", fds + [M.find(n, r"== FILE DESCRIPTORS: ")])
add(n, "frame", following(n, fds, OWN))
recs = every(n, r"are (definitely|indirectly|possibly) lost|still reachable in loss record")
add(n, "error", recs)
add(n, "frame", following(n, recs, OWN))
add(n, "summary", every(n, r"==\s+(definitely lost|indirectly lost|still reachable): [1-9]"))
once(n, r"ERROR SUMMARY: ", "summary")
exits(n)

# callgrind + callgrind_annotate: a profile (data); its totals only.
n = "callgrind_annotate"
add(n, "summary", every(n, r"==\d+== I\s+refs:|PROGRAM TOTALS"))
exits(n)

# dhat: its heap totals; the missing program and its exit.
n = "dhat_heap"
once(n, r"== Total: ", "summary")
once(n, r"^valgrind: \./nosuch: ", "error")
exits(n)

# vitest tap-flat: each `not ok`, its error message, its `at:` location, its actual/expected.
n = "vitest_tap_flat"
fails = every(n, r"^not ok \d+ ")
add(n, "failure", fails)
add(n, "message", following(n, fails, r"^\s+message: "))
add(n, "frame", following(n, fails, r'^\s+at: "'))
add(n, "message", every(n, r'^\s+(actual|expected): "'))
exits(n)

# vitest default reporter (the ../wild6/ decision): the `×` rows, each FAIL title, its error line,
# its Expected/Received values, its first `❯ test/` location; the unhandled rejection with its
# location; the totals.
n = "vitest_snapshot"
add(n, "failure", every(n, r"^\s+× "))
titles = every(n, r"^ FAIL  ")
add(n, "failure", titles)
add(n, "message", following(n, titles, r"^(AssertionError|Error): "))
unhandled = M.find(n, r"Unhandled Errors")
add(n, "message", [i for i in every(n, r"^[-+] (?!Expected|Received)\S|^[-+]\s+\"[a-z]+\": |^\+\s+3,$") if i < unhandled])
add(n, "frame", following(n, titles, r"^ ❯ test/", limit=30))
once(n, r"^Vitest caught \d+ unhandled error", "error")
rej = M.find(n, r"Unhandled Rejection")
once(n, r"^Error: ", "error", start=rej)
once(n, r"^ ❯ test/", "frame", start=rej)
add(n, "summary", every(n, r"^\s+(Snapshots|Test Files|Tests|Errors)  "))
exits(n)

# eslint codeframe: the first 5 findings of each rule (errors as printed, warnings otherwise); totals.
n = "eslint_codeframe"
by_rule(n, r"^error: .* \((?P<rule>[\w/-]+)\) at \S+:\d+:\d+:$", kind="error")
by_rule(n, r"^warning: .* \((?P<rule>[\w/-]+)\) at \S+:\d+:\d+:$", kind="warning")
add(n, "summary", every(n, r"^\d+ errors? and \d+ warnings? (found|potentially fixable)"))
exits(n)

# eslint tap: each file's `not ok` (the per-file header, ../wild6/), the first 5 messages of each
# rule (the rule is named in the block below the message; kind from its severity line).
n = "eslint_tap"
L = M.lines(n)
add(n, "error", every(n, r"^not ok \d+ - "))
msgs = every(n, r"^\s+(- )?message: ")
rule_at = dict(zip(msgs, following(n, msgs, r"^\s+ruleId: ")))
sev_at = dict(zip(msgs, following(n, msgs, r"^\s+severity: ")))
rule_rows(n, r"^\s+(- )?message: ", lambda i: L[rule_at[i] - 1].split()[-1],
          lambda i: "error" if "error" in L[sev_at[i] - 1] else "warning")
exits(n)

# eslint table: each file header, the first 5 rows of each rule (kind from the Type column), the
# totals, the crash for the missing pattern.
n = "eslint_table"
L = M.lines(n)
add(n, "error", every(n, r"^/\S+\.js$"))
rule_rows(n, r"^║ \d+ .*│ [\w/-]+\s+║$", lambda i: L[i - 1].split("│")[-1].strip(" ║"),
          lambda i: "error" if "│ error" in L[i - 1] else "warning")
add(n, "summary", every(n, r"^║ \d+ (Errors|Warnings)"))
once(n, r"^Oops! Something went wrong", "error")
once(n, r"^No files matching the pattern", "error")
exits(n)

# PostgreSQL (the ../wild6/ and ../wild7/ decisions): each ERROR with the DETAIL under it, the
# deadlock LOG (warning), the killed backend with the failed statement, the unclean shutdown found
# by recovery (warning), a worker's non-zero exit code.
n = "pg_stderr_prefix"
errs = every(n, r" ERROR:  ")
add(n, "error", errs)
add(n, "error", [i + 1 for i in errs if " DETAIL:  " in M.lines(n)[i]])
once(n, r"detected deadlock while waiting", "warning")
sig = M.find(n, r"was terminated by signal 9")
add(n, "error", [sig, sig + 1])
once(n, r"not properly shut down; automatic recovery", "warning")
add(n, "summary", every(n, r"exited with exit code [1-9]")[:1])
for n, sev in (("pg_jsonlog", r'"error_severity":"ERROR"'), ("pg_csvlog", r",ERROR,\w+,")):
    add(n, "error", every(n, sev))
    once(n, r"detected deadlock while waiting", "warning")
    once(n, r"was terminated by signal 9", "error")
    once(n, r"not properly shut down; automatic recovery", "warning")
    add(n, "summary", every(n, r"exited with exit code [1-9]")[:1])

# wget -r: the location line of each 404 (its own line above), the 404 once, the totals; exit.
n = "wget_recursive"
e404 = every(n, r"ERROR 404: ")
add(n, "error", [e404[0]])
L = M.lines(n)
add(n, "error", [max(j for j in range(1, i) if re.match(r"^--\d{4}-", L[j - 1])) for i in e404])
add(n, "summary", every(n, r"^Downloaded: \d+ files"))
exits(n)

# wget --spider / -nv: each broken link's URL line, the message once, the count; the other
# messages once; the 404 and the refused connection of the -nv run; totals; exits.
n = "wget_spider"
broken = every(n, r"Remote file does not exist -- broken link")
add(n, "error", [broken[0]] + [i - 1 for i in broken])
once(n, r"^Found \d+ broken links", "summary")
once(n, r"^unlink: ", "error")
once(n, r"^No data received", "error")
e = M.find(n, r"ERROR 404: ")
add(n, "error", [e - 1, e])
once(n, r"failed: Connection refused", "error")
add(n, "summary", every(n, r"^Downloaded: \d+ files"))
exits(n)

# curl --trace-ascii / -w: the 404 status in the trace, each 404 row of -w, curl's errors once per
# code, the refused connect's cause; exits.
n = "curl_trace"
add(n, "error", every(n, r"^0000: HTTP/1\.[01] 404"))
add(n, "error", every(n, r"^404 \d+ http"))
once_each(n, r"^curl: \(\d+\)", "error", key=lambda l: l.split(")")[0])
once(n, r"== Info: connect to .* failed: ", "error")
exits(n)

# pip with failing build backends: each error block once per shape, each traceback's own frame
# (or its first frame when it has none) and exception; the built and installed results; exits.
n = "pip_backends"
once(n, r"^\s+error: subprocess-exited-with-error", "error")
once_each(n, r"^\s+× .* did not run successfully", "error", key=lambda l: l.split("(")[0])
tbs = every(n, r"Traceback \(most recent call last\)")
L = M.lines(n)
for t in tbs:
    own = [j for j in range(t + 1, t + 40) if "/tmp/cmain30-work/" in L[j - 1] and L[j - 1].strip().startswith("File ")]
    add(n, "frame", own[:1] or following(n, [t], r'^\s+File "'))
add(n, "message", every(n, r"^\s+(FileNotFoundError|flit_core\.common\.NoDocstringError|ValueError): "))
once(n, r"^error: metadata-generation-failed", "error")
once(n, r"Encountered error while generating package metadata", "error")
add(n, "error", every(n, r"ERROR: Failed building wheel|^Failed to build |^ERROR: Could not build wheels"))
add(n, "summary", every(n, r"^Successfully (built|installed) "))
exits(n)

# pip resolver conflict and a missing package: the errors and the conflict's cause lines.
n = "pip_resolver"
add(n, "error", every(n, r"^ERROR: "))
c = M.find(n, r"^The conflict is caused by:")
add(n, "message", [c + 1, c + 2])
exits(n)

# cargo test (the ../wild8/ decision): each `---- t stdout ----`, the panic line and the message
# lines under it, the first frame in the crate with its `at` line, `test result:`, the errors.
n = "cargo_ws_backtrace"
L = M.lines(n)
add(n, "failure", every(n, r"^---- .* stdout ----$"))
add(n, "message", every(n, r"^Test executable failed"))
for p in every(n, r"panicked at "):
    end = next(j for j in range(p + 1, len(L) + 1) if L[j - 1].startswith("stack backtrace:"))
    add(n, "message", list(range(p, end)))
    own = [j for j in range(end + 1, end + 30) if re.match(r"^\s+\d+: (ledger|report|rust_out)::", L[j - 1])][0]
    add(n, "frame", [own] + ([own + 1] if L[own].strip().startswith("at ./") else []))
add(n, "summary", every(n, r"^test result: "))
add(n, "error", every(n, r"^error: "))
exits(n)

# the same with RUST_BACKTRACE=full and --nocapture (interleaved): the panic and its message
# lines, the first frame in the crate with its `at` line, each `test … FAILED` line (no
# `---- stdout ----` reports with --nocapture), `test result:`, the errors.
n = "cargo_ws_full_nocapture"
L = M.lines(n)
for p in every(n, r"panicked at "):
    end = next(j for j in range(p + 1, len(L) + 1) if L[j - 1].startswith("stack backtrace:"))
    add(n, "message", [j for j in range(p, end) if not re.match(r"^test .* ok$", L[j - 1])])
    own = [j for j in range(end + 1, end + 60) if re.match(r"^\s+\d+:\s+0x[0-9a-f]+ - (ledger|report|rust_out)::", L[j - 1])][0]
    add(n, "frame", [own] + ([own + 1] if L[own].strip().startswith("at /tmp/") else []))
add(n, "failure", every(n, r"^test .* \.\.\.\s+FAILED\s*$"))
add(n, "message", every(n, r"^Test executable failed"))
add(n, "summary", every(n, r"^test result: "))
add(n, "error", every(n, r"^error: "))
exits(n)

# prove --timer: each failing file's `not ok` rows and its diagnostics (test name, got/expected),
# the die message, the plan problems, `Dubious` once per shape, the summary report's rows, totals.
n = "prove_timer"
add(n, "failure", every(n, r"^not ok \d+ "))
add(n, "message", every(n, r"^#\s+Failed test '|^#\s+(got|expected|\$got|\$expected)|^#\s+Structures begin|^# Looks like"))
once(n, r"^[^#\s].* at t/\d+-suite\.t line \d+\.$", "error")
add(n, "frame", following(n, every(n, r"^#\s+Failed test '"), r"^#\s+at t/", limit=2))
once(n, r"^# Tests were run but no plan", "error")
once_each(n, r"^Dubious, test returned", "error")
add(n, "failure", every(n, r"^t/\d+-suite\.t \(Wstat: "))
add(n, "message", every(n, r"^\s+(Failed tests:|Parse errors:)"))
add(n, "summary", every(n, r"^Files=\d+, Tests=\d+|^Result: "))
exits(n)

# node --test tap: each `not ok`, its error text and its first own location; the counts.
n = "node_test_tap"
fails = every(n, r"^\s*not ok \d+ ")
add(n, "failure", fails)
errs = following(n, fails, r"^\s+error: ", limit=8)
L = M.lines(n)
add(n, "message", errs + [i + 1 for i in errs if L[i - 1].rstrip().endswith("|-")])
add(n, "message", every(n, r"^\s+[-+]   total: "))
add(n, "frame", following(n, fails, r"^\s+location: '/tmp/cmain30-work/", limit=6))
add(n, "summary", every(n, r"^# (tests|pass|fail|cancelled) \d+"))
exits(n)

M.write()

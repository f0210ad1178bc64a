#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild10` logs (procedure in the corpus README: wild8's and
wild9's), chosen while reading each log top to bottom, never looking at the compressor. The long
reports are marked by small helpers that apply the written procedure to one report format (a
pytest FAILURES section, a linter's rows by rule code); the other lines are chosen by pattern or
by number. Writes labels/NAME.txt (KIND<TAB>line verbatim); then run
`bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild10/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD10_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild10")
M = Marks(D)
L, lines, add, find, every, by_rule = M.L, M.lines, M.add, M.find, M.every, M.by_rule


pytest_failures = M.pytest_failures

def once(name, kind, nums):
    """Rule 1: of lines whose message differs only in numbers, quoted names and hex, the first."""
    ls, seen, out = lines(name), set(), []
    for n in nums:
        s = shape(ls[n - 1])
        if s not in seen:
            seen.add(s)
            out.append(n)
    add(name, kind, out)


# Sanitizers: each report's error line, the access line, the first own frame under it and under
# `allocated by`, the `is located` line, SUMMARY; UBSan's `runtime error` lines (each location once).
n = "gcc_asan_ubsan_rows"
add(n, "error", every(n, r"runtime error: ") + [find(n, r"==ERROR: AddressSanitizer")])
add(n, "message", [find(n, r"^READ of size"), find(n, r" is located \d+ bytes")])
add(n, "frame", [find(n, r"#0 .* in checksum .*san\.c:\d+"), find(n, r"#1 .* in main .*san\.c:20")])
add(n, "summary", [find(n, r"^SUMMARY: AddressSanitizer")])
n = "gcc_tsan_workers"
add(n, "warning", every(n, r"^WARNING: ThreadSanitizer: data race"))
ls = lines(n)
for w in every(n, r"^WARNING: ThreadSanitizer"):
    add(n, "frame", [w + 2])            # the racing access's first frame (own code)
    add(n, "message", [find(n, r"^  Location is global", w)])
add(n, "summary", every(n, r"^SUMMARY: ThreadSanitizer"))

# clang static analyzer: the first 5 findings of each checker, every error, the counts; the
# path notes under a finding are context.
n = "clang_analyze_brotli"
by_rule(n, r": warning: .* \[(?P<rule>[a-zA-Z.]+)\]$")
add(n, "error", every(n, r": error: "))
add(n, "summary", every(n, r"^\d+ (warnings?|errors?) generated\.$"))

# meson + ninja: wild8's C build rule; ninja's FAILED line and its `build stopped` line.
n = "meson_ninja_brotli"
by_rule(n, r": warning: .* \[(?P<rule>-W[a-z0-9=-]+)\]$")
add(n, "error", every(n, r": error: ") + every(n, r"^FAILED: "))
add(n, "summary", [find(n, r"^ninja: build stopped")])

# configure: the error, and the check that failed it (the other `no` answers are data).
n = "configure_missing_lib"
add(n, "error", [find(n, r"^configure: error: ")])
add(n, "message", [find(n, r"^checking for event_base_new .*\.\.\. no$")])

# javac -Xlint:all: the first 5 warnings of each [category], every error, the counts.
n = "javac_xlint_shop"
by_rule(n, r"\.java:\d+: warning: \[(?P<rule>[a-z]+)\]")
add(n, "error", every(n, r"\.java:\d+: error: "))
add(n, "summary", [find(n, r"^\d+ errors?$"), find(n, r"^\d+ warnings$")])

# A Java exception chain: the logged warning, the exception and each `Caused by:`, the first own
# frame under each (the JDK's frames and `... N more` are context); the INFO records are data.
n = "java_caused_by_import"
add(n, "warning", [find(n, r"^WARNING: ")])
ex = find(n, r"^Exception in thread")
add(n, "error", [ex] + every(n, r"^Caused by: "))
add(n, "frame", [ex + 1, find(n, r"^\tat Importer\.", find(n, r"^Caused by: ")),
                 find(n, r"^\tat Importer\.", find(n, r"^Caused by: java\.lang\.NumberFormat"))])

# psql: each ERROR with its DETAIL/HINT; query plans and result tables are data.
n = "psql_explain_shop"
add(n, "error", every(n, r"^psql:\S+: ERROR: "))
add(n, "message", every(n, r"^(DETAIL|HINT): "))

# cargo tree -d: each duplicated crate's version (the lines at column 0); the trees are context.
n = "cargo_tree_dups"
add(n, "message", every(n, r"^[a-z]"))

# cargo --message-format=json: each error message, the first 5 warnings of each shape, cargo's
# own warning and error, build-finished.
n = "cargo_check_json_difflib"
add(n, "error", every(n, r'"level":"error","message"') + every(n, r"^error: "))
once(n, "warning", every(n, r'"level":"warning","message"') + every(n, r"^warning: "))
add(n, "warning", every(n, r'"rendered":"warning: use of deprecated'))
add(n, "summary", [find(n, r'"reason":"build-finished"')])

# rustdoc: the rustc rule (each warning shape's first 5 with its `-->` line, the counts, Finished).
n = "rustdoc_byteorder"
w = every(n, r"^warning: unexpected")
add(n, "warning", w + [x + 1 for x in w])
add(n, "summary", [find(n, r"generated \d+ warnings"), find(n, r"^ +Finished ")])

# rustfmt --check: each `Diff in FILE:LINE:` location; the diff bodies are data.
n = "rustfmt_check_cast"
add(n, "warning", every(n, r"^Diff in "))

# go test -cover: each --- FAIL, each message shape once (with its got/want values), the package
# results, the final FAIL, the total coverage; the -func rows are data.
n = "go_cover_func"
add(n, "failure", every(n, r"--- FAIL: "))
first = find(n, r"reader_test\.go:442: ReadAll\(\) output:")
add(n, "message", [first, first + 1, first + 2, find(n, r"reader_test\.go:439: unexpected")])
add(n, "summary", every(n, r"^(ok|FAIL)\s+w10/") + every(n, r"^FAIL$") + [find(n, r"^total:")])

# go test -bench: the failed benchmark and its message, the package results; rows are data.
n = "go_bench_strings_csv"
add(n, "failure", every(n, r"^--- FAIL: "))
add(n, "message", [find(n, r"bench_trim_test\.go:\d+: ")])
add(n, "summary", every(n, r"^(ok|FAIL)\s+\S+\s+\d") + [len(lines(n))])

# node: the throw's location, the error and its [cause], the first own frame of each.
n = "node_deep_stack"
add(n, "frame", [find(n, r"^/\S+stack\.js:\d+$"), find(n, r"^    at Object\.<anonymous> \(/\S+stack\.js"),
                 find(n, r"^      at normalize \(")])
add(n, "error", [find(n, r"^Error: render failed"), find(n, r"\[cause\]: RangeError")])

# faulthandler: the fatal error and the current thread's first own frame.
n = "python_faulthandler"
add(n, "error", [find(n, r"^Fatal Python error: ")])
add(n, "frame", [find(n, r'fault\.py", line \d+ in parse_block', find(n, r"^Current thread"))])

# Python logging: WARNING/ERROR records (rule 1), each exception of the chains once and the own
# frame that raised it; a repeated chain is not marked again; INFO/DEBUG records are data.
n = "python_logging_chain"
once(n, "warning", every(n, r" WARNING  "))
add(n, "error", every(n, r" ERROR  "))
once(n, "error", every(n, r"^[A-Za-z_.]+(Error|Exception): "))
add(n, "frame", [find(n, r'sync\.py", line 16, in fetch'), find(n, r'sync\.py", line 28, in sync_page'),
                 find(n, r'sync\.py", line 21, in decode')])

# doctest -v: the failed example's location, its expected and actual values, the counts; the
# `Trying:`/`Expecting:`/`ok` blocks are data.
n = "doctest_v_toolz"
f = find(n, r'^File ".*", line \d+, in ')
add(n, "frame", [f])
add(n, "message", [find(n, r"^Expected:$", f) + 1, find(n, r"^Got:$", f) + 1])
add(n, "failure", [find(n, r"^ +\d+ of +\d+ in ")])
add(n, "summary", [find(n, r"^\d+ passed and \d+ failed\.$"), find(n, r"^\*\*\*Test Failed\*\*\*")])

# pytest -n 2: the pytest rule (FAILURES section, final counts).
pytest_failures("pytest_xdist_toolz", "toolz/")

# sha256sum -c: each FAILED file and the WARNING count.
n = "sha256sum_check"
add(n, "failure", every(n, r": FAILED$"))
add(n, "summary", [find(n, r"^sha256sum: WARNING: ")])

# patch: the failed hunk, its file, the count.
n = "patch_dry_run"
h = find(n, r"^Hunk #\d+ FAILED")
add(n, "error", [h])
add(n, "frame", [max(i for i in every(n, r"^checking file ") if i < h)])
add(n, "summary", [find(n, r"hunks? FAILED$")])

# shellcheck -f gcc: the first 5 findings of each code, every error row.
n = "shellcheck_gcc_usrbin"
by_rule(n, r": (note|warning|error): .* \[(?P<rule>SC\d+)\]$")
add(n, "error", every(n, r": error: "))

# luac -l: the listing is data; the syntax error.
n = "luac_listing"
add(n, "error", [find(n, r"^luac5\.4: .*:\d+: ")])

# podchecker: each ERROR and the file's count.
n = "podchecker_perl"
add(n, "error", every(n, r"^\*\*\* ERROR: "))
add(n, "summary", [find(n, r"pod syntax errors\.$")])

# git rebase: the conflict, the commit it stopped at, the unmerged path.
n = "git_rebase_conflict"
add(n, "error", [find(n, r"CONFLICT \(content\)"), find(n, r"^error: could not apply ")])
add(n, "message", [find(n, r"^\tboth modified: ")])

M.write()

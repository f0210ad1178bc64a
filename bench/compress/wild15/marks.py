#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild15` logs (procedure in the corpus README: wild8's to
wild14's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild15/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD15_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild15")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
first_of_each = M.first_of_each


def after(name, start, pat):
    """The first line at or after `start` matching `pat`."""
    return find(name, pat, start)


# R CMD check: each check that ends in WARNING or ERROR (its line), the first line of each finding
# under it (what is undocumented or mismatched), the failed test's message and the status line;
# the checks that say OK are data.
n = "r_cmd_check"
add(n, "warning", every(n, r"^\* checking .* \.\.\. WARNING$"))
add(n, "message", every(n, r"^(Undocumented code objects:|Codoc mismatches from|Undocumented arguments in)"))
add(n, "error", every(n, r"^ ERROR$") + every(n, r"^Running the tests in .* failed\.$"))
add(n, "message", every(n, r"^  Error: "))
add(n, "summary", every(n, r"^Status: "))

# Rscript and R's source(echo = TRUE): each error (its `Error in …` line and the message under
# it when the first line ends at the colon), each warning (with its message line under a
# `Warning in … :` header), the `Calls:` line (the call chain: frame), `Execution halted` once
# (the script's outcome, printed again word for word by the second script).
for n in ("rscript_datasets", "r_source_echo"):
    ls = lines(n)
    for i, l in enumerate(ls, 1):
        if re.match(r"^Error in .*|^Warning( in .*)?:", l):
            add(n, "error" if l.startswith("Error") else "warning", [i])
            if l.rstrip().endswith(":"):
                add(n, "message", [i + 1])
    add(n, "frame", every(n, r"^Calls: "))
    add(n, "summary", [find(n, r"^Execution halted$")])

# octave's oruntests: each function whose tests failed (its row, where the report starts) and the
# FAIL/REGRESSION count under it; warnings: the first 5 of each message shape with the first
# frame under the first one (its location); the last test's failure and its error; the PASS
# rows and the list of files with no tests are data; a warning printed again word for word: once.
n = "octave_oruntests"
ls = lines(n)
for i, l in enumerate(ls, 1):
    if re.match(r"^ +(FAIL|REGRESSION) +\d+ *$", l):
        add(n, "failure", [i - 1])
        add(n, "summary", [i])
seen, texts = {}, set()
for i, l in enumerate(ls, 1):
    m = re.search(r"warning: (.*)$", l)
    if m and not m.group(1).startswith("called from") and m.group(1) not in texts:
        texts.add(m.group(1))  # printed again word for word: once
        k = re.sub(r"/\S+", "PATH", shape(m.group(1)))
        seen[k] = seen.get(k, 0) + 1
        if seen[k] <= 5:
            add(n, "warning", [i])
        if seen[k] == 1 and i < len(ls) and ls[i].startswith("warning: called from"):
            add(n, "frame", [i + 2])
t = find(n, r"^!!!!! test failed$")
add(n, "failure", [t])
add(n, "message", [t + 1])

# octave script: the warning and each error, with the first frame under each `called from`.
n = "octave_script"
add(n, "warning", every(n, r"^warning: (?!called from)"))
add(n, "error", every(n, r"^error: (?!called from)"))
add(n, "frame", [i + 1 for i in every(n, r"^(warning|error): called from$")])

# groovy / groovyc: the uncaught exception (groovy's `Caught:` line; java's `Exception in
# thread`), its `Possible solutions` line, the first frame in the script; the compile error's
# `startup failed`, its located message and `1 error`. The script's printed rows are data.
for n in ("groovy_services", "groovyc_compile"):
    add(n, "error", every(n, r"^(Caught: |Exception in thread )"))
    x = every(n, r"^(Caught: |Exception in thread )")
    if x:
        add(n, "message", [find(n, r"^Possible solutions: ", x[0])])
        add(n, "frame", [find(n, r"^\tat ledger\.", x[0])])
    add(n, "error", every(n, r"startup failed:$") + every(n, r"\.groovy: \d+: "))
    add(n, "summary", every(n, r"^\d+ errors?$"))

# valac: each error and the closing count.
n = "valac_ledger"
add(n, "error", every(n, r": error: "))
add(n, "summary", every(n, r"^Compilation failed: "))

# gdc: each error; the D runtime's exception (glued to a row of stdout) and its first own frame.
n = "gdc_ledger"
add(n, "error", every(n, r": error: ") + every(n, r"core\.exception\.\w+@"))
add(n, "frame", [find(n, r"^/\S+/ledger\.d:\d+ ")])

# gnatmake: each warning and error as printed (an error's second and third lines are errors of
# their own), the runtime's `raised …` and gnatmake's closing error.
n = "gnat_ledger"
add(n, "warning", every(n, r": warning: "))
add(n, "error", every(n, r": error: ") + every(n, r"^raised ") + every(n, r"^gnatmake: "))

# mcs + mono: each warning and error (and the location line of the symbol an error names), the
# two compile outcomes; the unhandled exception (its type and text) and its first frame (the
# runtime's `[ERROR] FATAL UNHANDLED EXCEPTION` repeats the block: not marked again).
for n in ("mono_ledger", "mono_trace"):
    add(n, "warning", every(n, r": warning CS\d+: "))
    add(n, "error", every(n, r": error CS\d+: ") + every(n, r"\(Location of the symbol related to previous error\)"))
    add(n, "summary", every(n, r"^Compilation (failed|succeeded)"))
    u = find(n, r"^Unhandled Exception:$")
    add(n, "error", [u + 1])
    add(n, "frame", [u + 2])
# mono --trace: the trace's own records of the two exceptions of the fault (the runtime's
# internal CultureNotFoundException, handled inside it, is data like the ENTER/LEAVE records).
add("mono_trace", "message", every("mono_trace", r"EXCEPTION handling: System\.(NullReference|InvalidOperation)Exception"))

# swig: every error (each header's own), the first 5 warnings of each number.
n = "swig_headers"
add(n, "error", every(n, r": Error: "))
first_of_each(n, r": Warning (\d+): ", lambda m: m.group(1), "warning", limit=5)

# zig test: each failed test (its row), its message, its first frame in the test file (or in
# the function it tests), the leak report, the counts and the failed command.
n = "zig_test"
add(n, "failure", every(n, r"^\d+/\d+ .+?\.\.\.(?!OK$)"))
add(n, "message", every(n, r"^First difference occurs"))
first_of_each(n, r"/ledger_test\.zig:\d+:\d+: 0x\w+ in (test\.[^(]+)", lambda m: m.group(1), "frame")
add(n, "error", every(n, r"\(err\): leaked "))
add(n, "summary", every(n, r"^\d+ passed; \d+ skipped; \d+ failed\.$|^\d+ (errors were logged|tests leaked memory)\."))
add(n, "error", every(n, r"^error: the following test command failed"))

# zig run: the panic, its first own frame, the shell's `Aborted`; the compile error.
n = "zig_panic"
add(n, "error", every(n, r" panic: ") + every(n, r": error: "))
add(n, "frame", [find(n, r"/panic\.zig:\d+:\d+: 0x")])
add(n, "summary", every(n, r" Aborted "))

# zig build test: each failed test's `error: '…' failed:` (failure), its message, the first frame
# in the test file of each test, the leak, the failed command and the build summary's counts.
n = "zig_build_test"
add(n, "failure", every(n, r"^error: '.*' failed:$"))
add(n, "error", every(n, r"^error: '.*' leaked ") + every(n, r"^failed command: "))
add(n, "message", every(n, r"^ +expected \d+, found \d+$|^ +First difference occurs"))
first_of_each(n, r"/ledger_test\.zig:\d+:\d+: 0x\w+ in (test\.[^(]+)", lambda m: m.group(1), "frame")
add(n, "summary", every(n, r"^Build Summary: ") + [find(n, r"^\+- run test \d+ pass")])

# pytest --doctest-glob: each failed document's `[doctest] NAME` header; per document the first 5
# failed examples of each kind (their `path:N: DocTestFailure` / `UnexpectedException` line,
# the location of the finding); each exception shape once (UNEXPECTED EXCEPTION); the counts.
n = "pytest_doctest_glob"
add(n, "failure", every(n, r"^_+ \[doctest\] \S+ _+$"))
doc = None
per = {}
for i, l in enumerate(lines(n), 1):
    m = re.match(r"^_+ \[doctest\] (\S+) _+$", l)
    if m:
        doc = m.group(1)
    m = re.match(r"^/\S+:\d+: (DocTestFailure|UnexpectedException)$", l)
    if m:
        k = (doc, m.group(1))
        per[k] = per.get(k, 0) + 1
        if per[k] <= 5:
            add(n, "message", [i])
first_of_each(n, r"^UNEXPECTED EXCEPTION: (\w+)\((.*)\)$", lambda m: (m.group(1), shape(m.group(2))), "message")
add(n, "summary", every(n, r"^=+ \d+ failed.* =+$"))

# python -X dev -W error: each ResourceWarning shape once with its first frame (own code when the
# trace has some); unittest's `Ran N tests` and outcome; the test rows are data.
n = "python_xdev_werror"
ls = lines(n)
seen = set()
for i, l in enumerate(ls, 1):
    m = re.match(r"^(\w+Warning): (.*)$", l)
    if m and (m.group(1), shape(re.sub(r"/\S+", "", m.group(2)))) not in seen:
        seen.add((m.group(1), shape(re.sub(r"/\S+", "", m.group(2)))))
        add(n, "warning", [i])
        tb = max(j for j in range(1, i) if ls[j - 1].startswith("Traceback"))
        frames = [j for j in range(tb + 1, i) if ls[j - 1].startswith('  File "')]
        own = [j for j in frames if "/py/dev.py" in ls[j - 1]]
        add(n, "frame", [(own or frames)[0]])
add(n, "summary", every(n, r"^Ran \d+ tests") + every(n, r"^OK( \(|$)|^FAILED \("))

# R CMD INSTALL: the compiler's error, make's error, R's `ERROR: compilation failed`.
n = "r_cmd_install"
add(n, "error", every(n, r": error: |^make: \*\*\* |^ERROR: "))

# perl Makefile.PL && make test: each failed test's name and location, got/expected, each test
# file's `Looks like …` count, the module's `Illegal division` error, the no-plan message,
# `Dubious` lines, the summary report's failed tests and parse errors, the totals, `Result: FAIL`
# and make's error.
n = "perl_make_test"
add(n, "failure", every(n, r"^#   Failed test "))
add(n, "frame", every(n, r"^#   at t/\S+ line \d+\.$"))
add(n, "message", every(n, r"^#\s+(got|expected): "))
add(n, "summary", every(n, r"^# Looks like you failed|^Files=\d+|^Result: |^Failed \d+/\d+ test programs"))
add(n, "error", every(n, r"^Illegal division|^make: \*\*\* "))
add(n, "message", every(n, r"^# Tests were run but no plan|^# Looks like your test exited"))
add(n, "failure", every(n, r"^Dubious, test returned"))
add(n, "summary", every(n, r"^  (Failed tests|Parse errors): "))
M.write()

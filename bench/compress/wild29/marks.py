#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild29` logs (procedure in the corpus README: wild8's to
wild27's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild29/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, same
D = os.environ.get("WILD29_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild29")
M = Marks(D)
add, every, once, once_each, exits = M.add, M.every, M.once, M.once_each, M.exits


def nodir(line):
    """A compiler line with the directories of its path dropped (a second build in another
    folder repeats the same finding)."""
    return re.sub(r"^\S*/(?=[^/\s]+:\d+)", "", line)


def gcc_build(n):
    """A C build (wild8's decision): each compiler error once per text, the first 5 warnings of
    each [-Wflag] (a repeat in a second build is not marked again), the first `*** … Error 1` line
    of each failed command (the `Error 2` lines repeat it one level up), the linker's errors;
    `not remade` summaries."""
    once_each(n, r": error: ", "error", key=nodir)
    seen, out, firsts = {}, [], set()
    for i, l in enumerate(M.lines(n), 1):
        m = re.search(r": warning: .*\[(-W[\w-]+)\]$", l)
        if m and nodir(l) not in firsts:
            firsts.add(nodir(l))
            seen[m.group(1)] = seen.get(m.group(1), 0) + 1
            if seen[m.group(1)] <= 5:
                out.append(i)
    add(n, "warning", out)
    once_each(n, r"\*\*\* \[.*\] Error 1$", "error", key=same)
    once_each(n, r"/usr/bin/ld: |collect2: error: ", "error", key=same)
    once_each(n, r"not remade because of errors", "summary", key=same)


# ccache: the build's findings (the second build repeats them word for word), each stats block's
# hit line and its failed-compilation count; exits.
n = "ccache_build"
gcc_build(n)
add(n, "summary", every(n, r"^  Hits: |^  Compilation failed: "))
exits(n)

# bear: the build's findings; bear's `recognition failed` debug notice once (doubtful: marked), the
# exit status bear reports, the entries written; exits.
n = "bear_make"
gcc_build(n)
once(n, r"recognition failed: ", "warning")
once_each(n, r"\] succeeded with: [1-9]", "summary", key=lambda l: re.sub(r"^\[[^]]*\] ", "", l))
add(n, "summary", every(n, r"^\d+ entries$"))
exits(n)

# autoreconf: each warning with its location (the obsolete macro, the two GNU make extensions) and
# the lines that continue them.
n = "autoreconf_calc"
add(n, "warning", every(n, r"^(configure\.ac|Makefile\.am):\d+: warning: "))
add(n, "warning", every(n, r"^configure\.ac:\d+: You should run autoupdate"))

# automake check: the FAIL row, the suite's totals (FAIL count), the make errors (first), the
# log's FAIL report with its reason and result line; exits.
n = "automake_check"
add(n, "failure", [M.find(n, r"^FAIL: tests/")])
add(n, "summary", [M.find(n, r"^# TOTAL: "), M.find(n, r"^# FAIL: ")])
once(n, r"\*\*\* \[.*\] Error 1$", "error")
fail = M.find(n, r"^FAIL: tests/", M.find(n, r"test-suite\.log =+$|^=+$", M.find(n, r"^rc=")))
add(n, "failure", [fail])
add(n, "message", [M.find(n, r"^expected ", fail)])
add(n, "summary", [M.find(n, r"^FAIL tests/.*exit status", fail)])
exits(n)

# libtool: its finish notice, the invalid argument error; exits.
n = "libtool_install"
add(n, "summary", [M.find(n, r"^Libraries have been installed in:")])
add(n, "error", every(n, r"libtool:\s+error: "))
exits(n)

# uncrustify: the unknown option, the file it could not load; exits.
n = "uncrustify_check"
add(n, "warning", every(n, r"unknown option"))
add(n, "error", every(n, r"^Failed to load|^FAIL: "))
exits(n)

# vera++: the first 5 findings of each rule, the summary line.
n = "vera_style"
M.by_rule(n, r": warning (?P<rule>T\d+): ")
add(n, "summary", every(n, r"^\d+ reports in \d+ files"))
exits(n)

# abidiff: the two change summaries of the verbose run (the --stat run repeats them: marked once),
# each removed/added/changed entry and the size/type changes under them, the missing file; exits.
n = "abidiff_versions"
once_each(n, r"^(Functions|Variables) changes summary: ", "summary", key=same)
add(n, "error", every(n, r"^  \[[DAC]\] "))
add(n, "error", every(n, r"type name changed from|size of symbol changed|offset changed from"))
once(n, r"type size changed from 64 to 128", "error")
add(n, "error", every(n, r"does not exist$"))
exits(n)

# premake4: the compiler warning, the linker's error and collect2 (the release build repeats them),
# the first make error, the Lua syntax error, the unknown action; exits.
n = "premake_gmake"
gcc_build(n)
add(n, "error", every(n, r"premake4\.lua:\d+: |^Error: no such action"))
exits(n)

# gcovr: the failing test's message and its status, both TOTAL rows, the coverage failure, the
# unused-option warning; exits.
n = "gcovr_report"
add(n, "message", every(n, r"^test_\w+\.c:\d+: "))
add(n, "summary", every(n, r"^t_\w+ rc=[1-9]"))
add(n, "summary", every(n, r"^TOTAL "))
add(n, "error", every(n, r"\(ERROR\) "))
add(n, "warning", every(n, r"\(WARNING\) "))
exits(n)

# xgettext: the empty-msgid warning, msgmerge's counts, the unreadable file; exits.
n = "xgettext_extract"
add(n, "warning", every(n, r": warning: Empty msgid"))
add(n, "summary", every(n, r"^Read \d+ old"))
add(n, "error", every(n, r"^xgettext: error"))
exits(n)

# lualatex: the missing luaotfload module and its error, each font warning once per shape, the
# undefined citations (first 5: one message shape), the undefined control sequence with its l.
# line, the missing figure with its l. line, the undefined reference, the closing warnings, the
# output written; exits.
n = "lualatex_report"
once(n, r"module 'luaotfload-main' not found", "error")
once(n, r"^Error in luaotfload", "error")
add(n, "warning", every(n, r"^LaTeX Font Warning: Font shape"))
M.first_of_each(n, r"^LaTeX Warning: Citation", lambda m: "cite", "warning", limit=5)
u = M.find(n, r"^! Undefined control sequence")
add(n, "error", [u, M.find(n, r"^l\.\d+ ", u)])
f = M.find(n, r"^! LaTeX Error: File")
add(n, "error", [f, M.find(n, r"^l\.\d+ ", f)])
add(n, "warning", every(n, r"^LaTeX Warning: Reference"))
add(n, "warning", every(n, r"^LaTeX Warning: (There were undefined|Label\(s\) may have)|^LaTeX Font Warning: Some font"))
add(n, "summary", every(n, r"^Output written on "))
exits(n)

# bibtex: each warning with its location line, the count of warnings (the .blg repeats them:
# marked once per text).
n = "bibtex_report"
once_each(n, r"^Warning--", "warning", key=same)
once(n, r"^--line \d+ of file", "warning")
once(n, r"^\(There were \d+ warnings\)", "summary")

# makeindex: the counts of the first run (1 rejected, 2 warnings), the .ilg's input error with its
# reason, each warning with its reason.
n = "makeindex_report"
once(n, r"entries accepted, [1-9]\d* rejected", "summary")
once(n, r"lines written, [1-9]\d* warnings", "summary")
e = M.find(n, r"^!! Input index error")
add(n, "error", [e, e + 1])
for w in every(n, r"^## Warning "):
    add(n, "warning", [w, w + 1])

# xmlto: the unmatched element, the broken xref's two errors, the validation failure, its three
# validity errors; exits.
n = "xmlto_manual"
add(n, "warning", every(n, r"but no template matches"))
add(n, "error", every(n, r"^ERROR: xref|^Error: no ID"))
add(n, "error", every(n, r"does not validate|Fix document syntax"))
add(n, "error", every(n, r"validity error"))
exits(n)

# pdoc: the traceback's frame in the package, its exception, the final RuntimeError; exits.
n = "pdoc_package"
add(n, "frame", [M.find(n, r'^  File ".*/calcpkg/')])
add(n, "message", every(n, r"^ModuleNotFoundError: "))
add(n, "error", every(n, r"^RuntimeError: "))
add(n, "error", every(n, r"cannot access"))
exits(n)

# nbval: each failed cell's header, its failure title, the exception line; the final counts;
# exits.
n = "nbval_notebooks"
add(n, "failure", every(n, r"^_+ nb/.* _+$"))
add(n, "message", every(n, r"^(TypeError|ModuleNotFoundError|AssertionError): "))
once(n, r"MissingIDFieldWarning", "warning")
add(n, "summary", every(n, r"^=+ \d+ failed"))
exits(n)

# cdo: the timestep of missing values in the info table (rule 7: a bad row), the warning and
# abort of selname, the failed open with its reason; exits.
n = "cdo_stats"
add(n, "warning", every(n, r"^\s+\d+ : \S+ \S+\s+\d+\s+\d+\s+[1-9]\d* :\s+nan"))
add(n, "error", every(n, r"\((Warning|Abort)\): "))
o = M.find(n, r"Open failed on ")
add(n, "error", [o, o + 1])
exits(n)

# nco: the first row of fill values in the dump (rule 7: the missing day), ncap2's warning and
# error, ncra's error, ncks's errors (each HINT under an error says why: marked); exits.
n = "nco_ops"
once(n, r"^\s+_, _, ", "warning")
add(n, "error", every(n, r"^nc\w+: (WARNING|ERROR|HINT) "))
exits(n)

# cs2cs: the invalid-latitude errors (once per text) and their `*` rows, the parse-bad and
# wrapped rows (rule 7: bad rows in data), the CRS errors; exits.
n = "cs2cs_points"
once_each(n, r"Invalid latitude", "error", key=same)
add(n, "error", every(n, r"^\*\t\* "))
add(n, "error", every(n, r"parse-bad$"))
add(n, "error", every(n, r"crs not found|cannot instantiate|abnormally terminated"))
exits(n)

# f2py: each deprecation warning once per text, the missing-compiler notice once (doubtful), the
# gfortran warning and error with their location lines, the failed command; exits.
n = "f2py_build"
once_each(n, r"DeprecationWarning: ", "warning", key=lambda l: re.sub(r":\d+:", ":", l))
once(n, r"^WARN: Could not locate executable", "warning")
for kind, pat in (("warning", r"^Warning: "), ("error", r"^Error: ")):
    for i in every(n, pat):
        loc = max(j for j in every(n, r"^\S+\.f90:\d+:\d+:$") if j < i)
        add(n, kind, [loc, i])
add(n, "error", every(n, r"^error: Command "))
exits(n)

# conan: the guessed-profile notice (its first line), the build's compiler findings (the second
# build in another folder repeats them), the package created, the test's message, each ERROR with
# its exception line, the build failure and the kept build folder; exits.
n = "conan_create"
once(n, r"^WARN: This profile is a guess", "warning")
gcc_build(n)
add(n, "summary", every(n, r"^Package '\w+' created"))
add(n, "message", every(n, r"^example\.c:\d+: "))
add(n, "error", every(n, r"^ERROR: |^\tConanException: |build failed$"))
add(n, "warning", every(n, r"^WARN: Build folder"))
exits(n)

# llvm-profdata/llvm-cov: the failing test's message and status, the corrupt profile's warning
# once per text, the merge error, the report's TOTAL row, the errors of the missing profile; exits.
n = "llvm_cov_report"
add(n, "message", every(n, r"^test_\w+\.c:\d+: "))
add(n, "summary", every(n, r"^t_\w+ rc=[1-9]"))
once_each(n, r"^warning: .*corrupt", "warning", key=same)
add(n, "error", every(n, r"^error: "))
add(n, "summary", every(n, r"^TOTAL "))
exits(n)

# ms_print: the detailed-snapshot list naming the peak, the peak snapshot's row and the first
# allocation site in the program under it, the unreadable file; exits.
n = "ms_print_massif"
snaps = M.find(n, r"^ Detailed snapshots: .*\(peak\)")
add(n, "summary", [snaps])
peak = re.search(r"(\d+) \(peak\)", M.lines(n)[snaps - 1]).group(1)
row = M.find(n, r"^\s*%s\s+[\d,]+\s+[\d,]+" % peak, snaps + 1)
add(n, "summary", [row])
add(n, "frame", [M.find(n, r"^->.*: \w+ \(grow\.c:\d+\)", row)])
add(n, "error", every(n, r"^Cannot open "))
exits(n)

M.write()

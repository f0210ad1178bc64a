#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild17` logs (procedure in the corpus README: wild8's to
wild16's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild17/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks
D = os.environ.get("WILD17_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild17")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
first_of_each = M.first_of_each


def once(name, pat, kind, start=1):
    """The first line matching `pat` (its repeats differ in numbers, names or addresses)."""
    add(name, kind, [find(name, pat, start)])


def shape(s):
    return re.sub(r"\d+", "N", s)


# yosys: the frontend's warning with its location, the CHECK pass's warnings (the sixteen
# `multiple conflicting drivers` differ only in the bit: once, with the two driver lines under
# it), its `Found and reported N problems.`, the assertion that aborted the pass, the syntax error.
n = "yosys_synth"
once(n, r"^bad\.v:\d+: Warning: ", "warning")
once(n, r"^Warning: Wire .* is used but has no driver", "warning")
w = find(n, r"^Warning: multiple conflicting drivers for ")
add(n, "warning", [w])
add(n, "message", [w + 1, w + 2])
once(n, r"^Found and reported \d+ problems\.$", "summary")
add(n, "error", every(n, r"ERROR: "))

# verilator: each %Warning/%Error with its location, each `Exiting due to` verdict.
n = "verilator_lint"
add(n, "warning", every(n, r"^%Warning-"))
add(n, "error", every(n, r"^%Error: \w+\.v:\d+"))
add(n, "summary", every(n, r"^%Error: (Exiting due to|Cannot continue)"))

# ghdl: the first mismatch report (the 19 others differ in numbers only), the assertion failure
# with its count, the runtime's `assertion failed`, the process location and `simulation failed`.
n = "ghdl_testbench"
once(n, r"\(report error\): mismatch at vector", "failure")
add(n, "failure", every(n, r"\(assertion failure\): "))
add(n, "error", every(n, r"ghdl-mcode:error: "))
add(n, "frame", every(n, r"^  from: process "))

# ngspice: the error and `Simulation interrupted`; the analysis times (summary of the good run).
n = "ngspice_batch"
add(n, "error", every(n, r"^Error: |Simulation interrupted due to error"))
add(n, "summary", every(n, r"^No\. of Data Rows : "))

# cbc: the objective and status lines of each model (the solution listing is data).
n = "cbc_transport"
add(n, "summary", every(n, r"^Optimal - objective value |^Result - |^Problem is infeasible"))

# minizinc: the deprecation warning (three times word for word: once), each verdict
# (`=====UNSATISFIABLE=====`), the type error and its location.
n = "minizinc_rota"
once(n, r"^Warning: included file ", "warning")
add(n, "summary", every(n, r"^=====UNSATISFIABLE=====$|^%%%mzn-stat: nSolutions="))
e = find(n, r"^Error: type error: ")
add(n, "error", [e, e + 1])

# lintian: each tag (E:/W:/I:) line; the explanations are reference text.
n = "lintian_debs"
add(n, "error", every(n, r"^E: "))
add(n, "warning", every(n, r"^[WI]: "))

# puppet: the parse error, Facter's error (printed 18 times word for word: once), each resource
# failure and the skip warnings (a different resource each), `Applied catalog`.
n = "puppet_apply"
add(n, "error", every(n, r"^Error: Could not parse "))
once(n, r"^Error: Facter: ", "error")
add(n, "error", [find(n, r"^Error: Could not set ")])
add(n, "error", every(n, r"^Error: /Stage"))
add(n, "warning", every(n, r"^Warning: /Stage"))
add(n, "summary", every(n, r"^Notice: Applied catalog"))

# testparm: each parser complaint and warning, `Loaded services file OK.`; the dump is data.
n = "testparm_shares"
add(n, "warning", every(n, r"^(Unknown parameter|Ignoring unknown|WARNING: |NOTE: )"))
add(n, "summary", every(n, r"^Loaded services file OK\.$"))

# freeradius -XC: the parse errors of the bad config with their locations, the good one's verdict.
n = "freeradius_check"
add(n, "error", every(n, r"clients\.conf\[\d+\]: (Failed|Error) "))
add(n, "summary", every(n, r"^Configuration appears to be OK$"))

# icinga2: the critical error, its `Location:` and the excerpt line the carets point at, the
# count and the verdict.
n = "icinga2_check"
e = find(n, r"critical/config: Error: ")
add(n, "error", [e, e + 1])
add(n, "message", [find(n, r"\(\d+\):   check_command = \"nosuch", e)])
add(n, "summary", every(n, r"critical/config: \d+ errors?$|critical/cli: Config validation failed"))

# borg: the missing path's error, the archive's counts, the checks' verdicts, the missing archive.
n = "borg_docs"
add(n, "error", every(n, r"No such file or directory|^Archive .* does not exist"))
add(n, "summary", every(n, r"^Number of files: |^This archive: |problems found\.$"))

# restic: the skipped path, the backup's counts and `snapshot … saved`, the checks' verdict, the
# failed restore.
n = "restic_docs"
add(n, "warning", every(n, r"does not exist, skipping$"))
add(n, "summary", every(n, r"^(Files|Dirs): |^Added to the repository: |^processed \d+ files|^snapshot \w+ saved$|"
                           r"^no errors were found$|^\d+ snapshots$"))
add(n, "error", every(n, r"^invalid id "))

# linkchecker: the root warning, each failed URL's block (its `URL`, `Parent URL` location and
# `Result Error` line), the totals.
n = "linkchecker_site"
once(n, r"^WARNING ", "warning")
ls = lines(n)
for i in every(n, r"^Result +Error: "):
    j = i
    while j > 1 and ls[j - 2] != "":
        j -= 1
    add(n, "error", [i])
    add(n, "message", [k for k in range(j, i) if re.match(r"^(URL|Parent URL) ", ls[k - 1])])
add(n, "summary", every(n, r"^That's it\. "))

# aria2c: each aborted download with its exception lines, the `ERR` rows of the results table,
# the closing hint about errors.
n = "aria2c_fetch"
add(n, "error", every(n, r"ERROR.* - Download aborted\. |^Exception: |^  -> \["))
add(n, "failure", every(n, r"\|ERR \|"))

# hugo: the build errors and `Total in`.
n = "hugo_build"
add(n, "error", every(n, r"^Error: "))

# pandoc: each warning (the later runs print the same lines again word for word: once), the
# missing engine.
n = "pandoc_handbook"
first_of_each(n, r"^\[WARNING\] .*", lambda m: m.group(0), "warning")
add(n, "error", every(n, r"not found\. Please select"))

# busted: the counts, each failure/error header with its title, the assertion line, the
# values; the error's message.
n = "busted_spec"
add(n, "summary", every(n, r"^\d+ successes / "))
for i in every(n, r"^(Failure|Error) -> "):
    add(n, "failure", [i, i + 1])
    add(n, "message", [i + 2])
add(n, "message", every(n, r"^\(number\) | \*\[\d+\] = "))

# raco test: each FAILURE/ERROR block's name, verdict, location and message/values, the total.
n = "raco_test"
ls = lines(n)
for i in every(n, r"^(FAILURE|ERROR)$"):
    if ls[i - 2] != "--------------------":
        add(n, "failure", [i - 1])
    add(n, "failure", [i])
    k = i
    while k < len(ls) and ls[k] != "--------------------":
        k += 1
        if re.match(r"^(location|message|actual|expected|params): ", ls[k - 1]) or (ls[k - 1] and ls[k - 2] == ""):
            add(n, "message", [k])
add(n, "summary", every(n, r"^\d+/\d+ test failures$"))

# rkhunter: each check whose verdict is `[ Warning ]` (each a different check), the summary's
# counts, the closing `One or more warnings …` line.
n = "rkhunter_check"
add(n, "warning", every(n, r"\[ Warning \]$"))
add(n, "summary", every(n, r"^    (Files checked|Suspect files|Rootkits checked|Possible rootkits) ?: "))
add(n, "summary", every(n, r"^One or more warnings have been found"))

M.write()

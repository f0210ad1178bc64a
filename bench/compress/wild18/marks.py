#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild18` logs (procedure in the corpus README: wild8's to
wild17's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild18/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks
D = os.environ.get("WILD18_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild18")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
once = M.once


# SAT solvers (minisat, picosat, cadical): each run's verdict (`SATISFIABLE`/`UNSATISFIABLE`,
# `s …`), the parse error of the corrupt formula with its `FILE:N` location; the statistics
# tables, search progress rows and models are data.
n = "minisat_batch"
add(n, "summary", every(n, r"^(UN)?SATISFIABLE$"))
add(n, "error", every(n, r"^PARSE ERROR!"))
n = "picosat_batch"
add(n, "summary", every(n, r"^s (UN)?SATISFIABLE$"))
add(n, "error", every(n, r"^bad\.cnf:\d+: "))
n = "cadical_php"
add(n, "summary", every(n, r"^s (UN)?SATISFIABLE$"))
add(n, "error", every(n, r"^cadical: error: "))

# C test runners (cmocka, Check): each failed test where its report starts, its assertion
# message and `FILE:N` location; the counts. cmocka's final list repeats the failed names.
n = "cmocka_clamp"
for i in every(n, r"^\[  ERROR   \] --- "):
    add(n, "message", [i])
    add(n, "error", [i + 1])
    add(n, "failure", [i + 2])
add(n, "summary", every(n, r"^\[==========\] \d+ test\(s\) run\."))
add(n, "summary", every(n, r"^\[  (PASSED|FAILED)  \] \d+ test"))
add(n, "summary", every(n, r"^ \d+ FAILED TEST"))
n = "check_arith"
add(n, "summary", every(n, r"^\d+%: Checks: "))
add(n, "failure", every(n, r"^arith_test\.c:\d+:[FE]:"))

# Chez Scheme test script: the FAIL line with expected/got, the counts, the uncaught exception.
n = "chez_tests"
add(n, "failure", every(n, r"^FAIL "))
add(n, "summary", every(n, r"^\d+ passed, \d+ failed$"))
add(n, "error", every(n, r"^Exception in "))

# ECL: the compiler's style warning with its `in file …, position N` and `at (DEFUN …)` location
# lines, the initialization error and its message.
n = "ecl_prices"
w = find(n, r"^;;; Style warning:")
add(n, "warning", [w, w + 1, w + 2, w + 3])
e = find(n, r"^An error occurred during initialization:")
add(n, "error", [e, e + 1])

# cfn-lint: each finding (rule code and message) with its `FILE:L:C` line below it (first 5 of
# each rule code).
n = "cfn_lint_stack"
seen = {}
for i in every(n, r"^[EWI]\d{4} "):
    r = lines(n)[i - 1].split()[0]
    seen[r] = seen.get(r, 0) + 1
    if seen[r] <= 5:
        add(n, "error" if r.startswith("E") else "warning", [i, i + 1])

# googletest: each failure's `FILE:N: Failure` location, the lines of its message up to the
# `[  FAILED  ] Suite.Case (N ms)` line (the failed test, marked too), the final counts; the
# final list repeats the names.
n = "gtest_ledger"
ls = lines(n)
for i in every(n, r": Failure$"):
    add(n, "error", [i])
    k = i + 1
    while not ls[k - 1].startswith("[  FAILED  ]"):
        add(n, "message", [k])
        k += 1
    add(n, "failure", [k])
add(n, "summary", every(n, r"^\[==========\] \d+ tests? from .* ran\."))
add(n, "summary", every(n, r"^\[  (PASSED|FAILED)  \] \d+ tests?[.,]"))
add(n, "summary", every(n, r"^ \d+ FAILED TESTS?$"))

# Catch2: each failed case's name (and section) under the dashes, its `FILE:N: FAILED:` location,
# the expression and its expansion or exception lines up to the blank line; the two count lines.
# The `--durations` rows are data.
n = "catch2_series"
ls = lines(n)
for i in every(n, r"^\.{79}$"):
    k = i - 3
    while not ls[k - 2].startswith("-----"):
        k -= 1
    add(n, "failure", list(range(k, i - 2)))
for i in every(n, r": FAILED:$"):
    add(n, "error", [i])
    k = i + 1
    while ls[k - 1]:
        add(n, "message", [k])
        k += 1
add(n, "summary", every(n, r"^(test cases|assertions): \d+ \| "))

# cvc5: the `unsat` verdicts (the `sat` ones and the models are data: rule 7), the error of the
# first `get-value` after an unsat (the others repeat it word for word), the parse error with its
# `FILE:L.C` location and the source line it points at, the non-incremental run's error.
n = "cvc5_smt"
add(n, "summary", every(n, r"^unsat$"))
once(n, r"^\(error \"Cannot get value", "error")
e = find(n, r"^\(error \"Parse Error: ")
add(n, "error", [e, e + 2])
once(n, r"^\(error \"Cannot push", "error")

# clingo: each run's verdict and `Models` count, the warning, the syntax error with its location
# and `parsing failed`, the info about an atom in no rule head and the atom under it.
n = "clingo_rota"
add(n, "summary", every(n, r"^(SATISFIABLE|UNSATISFIABLE|UNKNOWN)$"))
add(n, "summary", every(n, r"^Models +: "))
add(n, "warning", every(n, r"^\*\*\* Warn"))
add(n, "error", every(n, r"^\w+\.lp:\d+:\d+-\d+: error: "))
add(n, "error", every(n, r"^\*\*\* ERROR"))
i = find(n, r": info: atom does not occur")
add(n, "warning", [i, i + 1])

# include-what-you-use: its suggestions are lint findings of one shape (`FILE should add/remove
# these lines:` headers with the include lines under them): the first 5 `should remove` headers
# with their first `- #include` line; the compiler error with the source line and caret under it.
n = "iwyu_units"
for i in every(n, r" should remove these lines:$")[:5]:
    add(n, "warning", [i, i + 1])
e = find(n, r": error: ")
add(n, "error", [e, e + 1, e + 2])

# CHICKEN csc: each `Error:` (the syntax error with its line, the shell-command failure), the
# loop's `csc failed:` line, the runtime's unbound variable with the `<--` call-history frame;
# the `-verbose` compiler and linker command lines are data.
n = "csc_modules"
add(n, "error", every(n, r"^Error: "))
add(n, "summary", every(n, r"^csc failed: "))
add(n, "frame", every(n, r"\t<--$"))

# gplc: each warning and the syntax error with their `FILE:N` locations, the error count and
# `compilation failed`; the program's first `FAIL` line (the others differ in the number) and the
# directive's failure.
n = "gplc_family"
add(n, "warning", every(n, r"^family_bad\.pl:\d+: warning: "))
add(n, "error", every(n, r"^family_bad\.pl:\d+:\d+: syntax error"))
add(n, "summary", every(n, r"^\t\d+ error\(s\)$"))
add(n, "summary", every(n, r"^compilation failed$"))
once(n, r"^FAIL ", "failure")
add(n, "error", every(n, r"(user directive failed|uncaught exception|system_error)"))

# Poly/ML: the type error with its explanation lines (function, argument, reason) and `Found
# near`, `Static Errors`.
n = "polyml_areas"
e = find(n, r"error: Type error")
add(n, "error", [e])
add(n, "message", [e + 1, e + 2, e + 4])
add(n, "error", every(n, r"^Found near "))
add(n, "summary", every(n, r"^Static Errors$"))

# pre-commit: each hook's `…Failed` line, its `- exit code:` line, what the failing hook printed
# (each finding with its `FILE:N` location, the SyntaxError with its `File …, line N` location,
# json.tool's usage error and parse error); the passing hook's `FILE:N` counts are data.
n = "precommit_hooks"
ls = lines(n)
for i in every(n, r"\.Failed$"):
    add(n, "failure", [i])
    k = i + 1
    while ls[k - 1]:
        if ls[k - 1].startswith("- exit code"):
            add(n, "summary", [k])
        k += 1
    k += 1
    while k <= len(ls) and ls[k - 1] and not re.search(r"\.\.\.(Failed|Passed)$", ls[k - 1]):
        l = ls[k - 1]
        if re.match(r"^(pkg/\S+:\d+:|File \"|SyntaxError|python -m json.tool: error|Expecting )", l):
            add(n, "error", [k])
        k += 1

# ghc: the first 5 warnings of each `[-Wflag]` with their first message line, the error with its
# message lines (the bullets) and the source line and caret under it; `Compiling` lines are data.
n = "ghc_build"
ls = lines(n)
seen = {}
for i in every(n, r"^src/\S+\.hs:\d+:\d+: warning: \[-W"):
    f = re.search(r"\[(-W[\w-]+)\]", ls[i - 1]).group(1)
    seen[f] = seen.get(f, 0) + 1
    if seen[f] <= 5:
        add(n, "warning", [i, i + 1])
for i in every(n, r"^src/\S+\.hs:\d+:\d+: error:"):
    add(n, "error", [i])
    k = i + 1
    while not ls[k - 1].lstrip().startswith("|"):
        add(n, "message", [k])
        k += 1
    add(n, "error", [k + 1, k + 2])

# semgrep: each finding's file line, rule line, message and first numbered source line (first 5
# of each rule: each rule has fewer here), the counts, the broken rule's validation failure, its
# `[ERROR]` line with the reason under it.
n = "semgrep_rules"
ls = lines(n)
for i in every(n, r"^ +❯*❱ [\w-]+$"):
    add(n, "warning", [i - 1, i, i + 2, i + 4])
add(n, "summary", every(n, r"^ • Findings: "))
add(n, "summary", every(n, r"^Ran \d+ rules? on \d+ files: "))
add(n, "error", every(n, r"rule validation failed"))
e = find(n, r"^\[ERROR\] ")
add(n, "error", [e, e + 1])

# jupyter nbconvert --execute: the two warnings (missing cell ids, kernel over TCP), the kernel's
# `msg_type: error` reply, the CellExecutionError with the failing cell's code line, the first
# frame of nbconvert's traceback (no frame is the notebook's own), the cell's `Cell In[N], line M`
# and `---->` lines and the exception.
n = "nbconvert_execute"
once(n, r"MissingIDFieldWarning", "warning")
once(n, r"^\[IPKernelApp\] WARNING", "warning")
once(n, r"^\[NbConvertApp\] msg_type: error$", "error")
t = find(n, r"^Traceback \(most recent call last\):")
add(n, "frame", [t + 1])
e = find(n, r"CellExecutionError: ")
add(n, "error", [e, e + 3])
add(n, "frame", every(n, r"^Cell In\[\d+\], line \d+"))
add(n, "frame", every(n, r"^----> \d+ "))
add(n, "message", every(n, r"^ZeroDivisionError: "))

M.write()

#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild32` logs (procedure in the set's README: wild8's to
wild31's, with its rules for result-line test runners), chosen while reading each log top to
bottom, never looking at the compressor. Lines are marked by pattern (line numbers found by
pattern, so a regenerated log is labelled alike). Writes labels/NAME.txt (KIND<TAB>line
verbatim); then run `bench/compress/blind/labels.py --in-order` on the set.

    python3 bench/compress/wild32/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD32_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild32")
M = Marks(D)
add, every, once, once_each, by_rule, exits = M.add, M.every, M.once, M.once_each, M.by_rule, M.exits

OWN = r"/work/(dn|bn)/"          # the project's own files (not ext:, internal:, node:)
VALUE_SIDES = r"^(\d+ !== \d+|[+-] ('|&apos;).*|Expected: .+|Received: .+|[-+]\s+\"\w+\": .+)$"


SAID = {}


def messages(n, nums):
    """Rule 1 for message lines: a line said again word for word is marked at its first place."""
    ls, said = M.lines(n), SAID.setdefault(n, set())
    for i in sorted(nums):
        if ls[i - 1] not in said:
            said.add(ls[i - 1])
            add(n, "message", [i])


def first_own_frame(n, start, end):
    """The first stack frame in the project's own files between lines start and end."""
    ls = M.lines(n)
    for i in range(start, min(end, len(ls)) + 1):
        if re.match(r"^\s+at ", ls[i - 1]) and re.search(OWN, ls[i - 1]):
            return i
    return 0


def deno_errors(n):
    """Deno's pretty/dot reporter: each `NAME => ./file:L:C` header of the ERRORS section
    (failure; its repeat under FAILURES is the same line, rule 1), the `error: …` line under it
    and the value sides of a comparison (message), its first own frame; the live `… FAILED`
    result lines (failure); the final counts and status (summary)."""
    ls = M.lines(n)
    add(n, "failure", every(n, r" \.\.\. FAILED"))
    if not any(l.strip() == "ERRORS" for l in ls):
        return
    start = M.find(n, r"^ ERRORS $")
    end = M.find(n, r"^ FAILURES $", start)
    heads = [i for i in range(start + 1, end) if " => ./" in ls[i - 1]]
    for k, h in enumerate(heads):
        stop = heads[k + 1] - 1 if k + 1 < len(heads) else end - 1
        add(n, "failure", [h])
        messages(n, [i for i in range(h + 1, stop + 1)
                           if ls[i - 1].startswith("error: ") or re.match(VALUE_SIDES, ls[i - 1])
                           or re.match(r"^  - A .* (opened|started)", ls[i - 1])])
        add(n, "frame", [first_own_frame(n, h + 1, stop)])
    add(n, "summary", every(n, r"^FAILED \| \d+ passed") + every(n, r"^error: Test failed$"))


# deno test, pretty (default), dot, the doc tests, the sanitizers' leaks, the failing task step.
for n in ("deno_test", "deno_test_dot", "deno_test_doc", "deno_test_leaks"):
    deno_errors(n)
    exits(n)

# deno test --reporter=tap: each `not ok` (failure) and its YAML message line (message).
n = "deno_test_tap"
for i in every(n, r"^\s*not ok \d+ - "):
    add(n, "failure", [i])
    add(n, "message", [i + 2])
add(n, "summary", every(n, r"^error: Test failed$"))
exits(n)

# deno test --reporter=junit: a testcase with a <failure> child (failure), the failure line and the
# value sides (message), the first own frame of its text; failing suites and the root (summary).
n = "deno_test_junit"
L = M.lines(n)
for i in every(n, r"<failure message="):
    add(n, "failure", [i - 1])
    messages(n, [i])
    end = next(j for j in range(i, len(L) + 1) if "</failure>" in L[j - 1])
    sides = {}
    for j in range(i + 1, end + 1):
        if re.match(VALUE_SIDES, L[j - 1]):
            sides.setdefault(L[j - 1], j)   # rule 1: the attribute and the text say it twice
    messages(n, sides.values())
    add(n, "frame", [first_own_frame(n, i, end)])
add(n, "summary", every(n, r'<testsuites? .*failures="[1-9]') + every(n, r"^error: Test failed$"))
exits(n)

# deno check, and deno info's check: the first 5 errors of each TS code with their `at` location
# line (error), the count and the verdict (summary); deno info's `(missing)` module (error).
for n in ("deno_check", "deno_info"):
    by_rule(n, r"^(?P<rule>TS\d+) \[ERROR\]: ", kind="error")
    L = M.lines(n)
    seen = {}
    for i in every(n, r"^(TS\d+) \[ERROR\]: "):
        code = L[i - 1].split()[0]
        seen[code] = seen.get(code, 0) + 1
        if seen[code] <= 5:
            add(n, "error", [next(j for j in range(i + 1, len(L) + 1) if re.match(r"^    at ", L[j - 1]))])
    add(n, "summary", every(n, r"^Found \d+ errors?\.$|^error: Type checking failed\.$"))
    add(n, "error", every(n, r"\(missing\)$"))
    exits(n)

# deno lint (pretty) and deno doc --lint: the first 5 findings of each rule with their ` --> `
# location line (error: the tool calls them errors); the counts (summary).
for n in ("deno_lint", "deno_doc_lint"):
    by_rule(n, r"^error\[(?P<rule>[a-z-]+)\]: ", kind="error", also=1)
    add(n, "summary", every(n, r"^Found \d+ problems?$|^Checked \d+ files?$|^error: Found \d+ documentation lint"))
    exits(n)

# deno lint --compact: one finding a line, rule in parentheses at the end.
n = "deno_lint_compact"
by_rule(n, r"\((?P<rule>[a-z-]+)\)$", kind="error")
add(n, "summary", every(n, r"^Found \d+ problems?$|^Checked \d+ files?$"))
exits(n)

# deno fmt --check: each `from FILE:` header (a file not formatted: warning), the verdict.
n = "deno_fmt_check"
add(n, "warning", every(n, r"^from .+:$"))
add(n, "summary", every(n, r"^error: Found \d+ not formatted"))
exits(n)

# deno bench: the bench that threw (error) with its first own frame; the verdict.
n = "deno_bench"
for i in every(n, r"\berror: \w*Error: "):
    add(n, "error", [i])
    add(n, "frame", [first_own_frame(n, i + 1, i + 8)])
add(n, "summary", every(n, r"^error: Bench failed$"))
exits(n)

# deno task / deno run / bun run: each uncaught error or printed permission failure (error) with its
# first own frame.
for n in ("deno_task", "deno_run", "bun_run"):
    for i in every(n, r"^error: Uncaught|^config: NotCapable|^(TypeError|Error|error): "):
        add(n, "error", [i])
        add(n, "frame", [first_own_frame(n, i + 1, i + 8)])
    exits(n)

# deno coverage: the total row (summary) and each file below 100% in the detailed listing.
n = "deno_coverage"
add(n, "summary", every(n, r"^\| All files"))
add(n, "warning", every(n, r"^cover .* \.\.\. (?!100\.000%)"))
exits(n)


def bun_failures(n):
    """bun test: each `(fail)` result at its first listing (failure; the recap under `N tests
    failed:` repeats it word for word), the error line above it and the value sides (message),
    the first own frame, a timeout's note (message, once); counts and verdicts (summary)."""
    ls = M.lines(n)
    seen, prev = set(), 0
    for i in every(n, r"^\(fail\) "):
        if ls[i - 1] in seen:
            continue
        seen.add(ls[i - 1])
        add(n, "failure", [i])
        block = range(prev + 1, i)
        messages(n, [j for j in block if re.match(r"^(error: |\w*Error: )", ls[j - 1])
                           or re.match(VALUE_SIDES, ls[j - 1])])
        add(n, "frame", [first_own_frame(n, prev + 1, i - 1)])
        prev = i
    once_each(n, r"^  \^ this test timed out", "message")
    add(n, "summary", every(n, r"^ \d+ fail$|^Ran \d+ tests? across|^\d+ tests? failed:$|^Bailed out after"))
    exits(n)


for n in ("bun_test", "bun_test_bail"):
    bun_failures(n)

# bun build: each unresolved import (error) and its `at` location (error); the second build's result.
n = "bun_build"
for i in every(n, r"^error: Could not resolve"):
    add(n, "error", [i, i + 1])
add(n, "summary", every(n, r"^Bundled \d+ modules?"))
exits(n)

# bun install / bunx against an unreachable registry: the first error of each shape per command.
n = "bun_offline"
L = M.lines(n)
cut = M.find(n, r"^rc=")
once_each(n, r"^error: ", "error", end=cut)
once_each(n, r"^error: ", "error", start=cut + 1)
exits(n)

M.write()

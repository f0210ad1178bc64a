#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild20` logs (procedure in the corpus README: wild8's to
wild19's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild20/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD20_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild20")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
once_each = M.once_each
once = M.once


# yarn: each run's `error` verdict (the `verbose … Error:` line above it with its stack is the
# same message, marked once at the verdict).
n = "yarn_install"
add(n, "error", every(n, r"^error "))

# pnpm: the failing build's exception, its own frame (build.js), the lifecycle failure, each
# `Error: ERR_PNPM_…` code with its `×`/`╰─▶` reason and the added dependency it names.
n = "pnpm_workspace"
once(n, r"build: Error: Cannot find module", "message")
once(n, r"build:\s+at Object\.<anonymous> \(.*build\.js", "frame")
add(n, "error", every(n, r"^\[ELIFECYCLE\]|^Error: ERR_PNPM_|^  × |^  ╰─▶ |^\s+\* \d+ dependency was added"))

# poetry: the solver's failure, the Python-range message, the `So, because … version solving
# failed` conclusion (first of its two copies), the outer SolverProblemError.
n = "poetry_lock"
once(n, r"^  SolveFailureError$", "error")
once(n, r"^  The current project's supported Python range", "message")
once(n, r"^  So, because .* version solving failed", "error")
once(n, r"^  SolverProblemError$", "error")

# pdm: the ERROR verdict, the project's own conflicting constraint, the final exception.
n = "pdm_lock"
once(n, r"^ERROR: Unable to find a resolution", "error")
e = find(n, r"^ERROR: Unable to find a resolution")
once(n, r"\(from project\)$", "message", start=e)
once(n, r"^pdm\.exceptions\.ResolutionError", "error")

# pipenv: the resolver's build failure, `Locking Failed!`, its ERROR and the final exception.
n = "pipenv_lock"
once(n, r"^ERROR:pip\.subprocessor:", "error")
add(n, "summary", every(n, r"^Locking Failed!"))
once(n, r"^ERROR: Failed to build", "error")
once(n, r"^pipenv\.exceptions\.ResolutionFailure", "error")

# uv: each `error: No solution found` with its cause's conclusion (`… unsatisfiable`).
n = "uv_resolve"
add(n, "error", every(n, r"^error: No solution found"))
add(n, "message", every(n, r"^  cause: Because \S+ was not found"))
add(n, "message", every(n, r"^\s+And because your project depends on"))

# bundler: the missing path gem, the version conflict with its two requirements (first copy).
n = "bundler_install"
once(n, r"^The path `.*` does not exist", "error")
c = find(n, r"^Bundler could not find compatible versions")
add(n, "error", [c])
add(n, "message", [find(n, r"^\s+ledger_core \(~> 1", c), find(n, r"^\s+ledger_core \(~> 2", c)])

# javadoc: each error, each warning shape's first 5, the counts.
n = "javadoc_ledger"
add(n, "error", every(n, r": error: "))
once_each(n, r": warning: ", "warning", key=lambda l: l.split("warning:")[1], limit=5)
add(n, "summary", every(n, r"^\d+ errors?$|^\d+ warnings?$"))

# typedoc: the type error, each run's count line, the first 5 undocumented warnings, the other
# warnings.
n = "typedoc_meters"
once(n, r"error TS\d+", "error")
add(n, "summary", every(n, r"^\[(error|warning)\] Found \d+ errors"))
once_each(n, r"^\[warning\] .*does not have any documentation", "warning", key=lambda l: "doc", limit=5)
add(n, "warning", every(n, r"^\[warning\] (Failed to resolve link|The --name option)"))

# asciidoctor and makeinfo: each diagnostic of the first run (the second run repeats them).
n = "asciidoctor_book"
second = every(n, r"include file not found")[-1]
once_each(n, r"^asciidoctor: ERROR", "error", end=second - 1)
once_each(n, r"^asciidoctor: (WARNING|INFO)", "warning", key=lambda l: l, end=second - 1)
n = "makeinfo_manual"
once_each(n, r"^ledger\.texi:\d+: ", "error", key=lambda l: l)

# yoyo: the statement of the failing migration, its traceback's first frame (no own frame) and
# the exception.
n = "yoyo_apply"
x = find(n, r"^Traceback")
add(n, "error", [x - 1])
add(n, "frame", [x + 1])
once(n, r"^sqlite3\.OperationalError", "error")

# typeorm: the failed query, the migration named as failed, the run's error, the exception and
# its own frame (the migration file).
n = "typeorm_migrate"
add(n, "error", every(n, r"^query failed: |^Migration \".*\" failed|^Error during migration run"))
once(n, r"^QueryFailedError", "message")
once(n, r"^\s+at async Step\d+\.up \(.*migrations/", "frame")

# detect-secrets: each finding of the baseline: its type, file and line number.
n = "detect_secrets"
r = find(n, r'^  "results": \{')
g = find(n, r'^  "generated_at"', r)
add(n, "warning", [i for i in every(n, r'^\s+"(type|filename|line_number)": ') if r < i < g])

# truffleHog: each finding's reason and file (at most 5 of a reason).
n = "trufflehog_repo"
seen = {}
for i in every(n, r"^Reason: "):
    k = lines(n)[i - 1]
    seen[k] = seen.get(k, 0) + 1
    if seen[k] <= 5:
        add(n, "warning", [i, find(n, r"^Filepath: ", i)])

# cfn-lint: each finding with its location line (the parseable run repeats them).
n = "cfn_lint"
for i in every(n, r"^[EW]\d{4} "):
    add(n, "error" if lines(n)[i - 1].startswith("E") else "warning", [i, i + 1])

# kubernetes-validate, yamale, dotenv-linter: each finding (none reaches 5 of one rule), yamale's
# verdict.
add("kubernetes_validate", "error", every("kubernetes_validate", r"^ERROR "))
n = "yamale_configs"
add(n, "summary", every(n, r"^Validation failed!"))
add(n, "error", every(n, r"^Error validating data|^\t\w+: "))
add("dotenv_linter", "warning", every("dotenv_linter", r"^envs/"))

# taplo (its npm build panics before linting): the panic, its message, the runtime error and the
# first frame; the second run repeats them.
n = "taplo_check"
once(n, r"^panicked at ", "error")
once(n, r"^time not implemented", "message")
once(n, r"^\s+at I\.wbg", "frame")
once(n, r"^RuntimeError: ", "error")

M.write()

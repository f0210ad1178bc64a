#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild27` logs (procedure in the corpus README: wild8's to
wild24's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild27/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD27_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild27")
M = Marks(D)
add, every, once, once_each, find, exits, distinct = M.add, M.every, M.once, M.once_each, M.find, M.exits, M.distinct


def above(n, pat, kind, upto=1):
    """The line just above each line matching `pat` (its header: the location of a message that
    does not name its subject)."""
    add(n, kind, [i - upto for i in every(n, pat)])


# useradd/usermod: each error (accounts differ, so the first 5 of each message shape), the
# `[N] useradd NAME …` header above each useradd error (the account the message may not name),
# the script's `exited N` statuses, its final count.
n = "useradd_onboard"
distinct(n, r"^(useradd|usermod): ", "error", shape)
above(n, r"^useradd: ", "error")
add(n, "summary", every(n, r"exited [1-9]"))
once(n, r"^accounts: \d+ tried, [1-9]", "summary")

# pwck/grpck: each problem of the first two runs (the -q run repeats them) with the line naming
# its subject below it (`add user 'x' …? No`, `delete line …? No`), a missing home directory the
# first 5 times, exits.
n = "pwck_etc"
end = find(n, r"^grpck: no changes")
subj, done = r"\? No$", set()
for i, l in enumerate(M.lines(n), 1):
    if i > end:
        break
    if re.search(subj, l) and l not in done:  # a pair repeated word for word is marked once
        done.add(l)
        add(n, "error", [i - 1, i])
distinct(n, r"(no group \d+|program '.*' does not exist|invalid user name|no user \w+)$|invalid user name", "error",
         lambda l: l, end=end)
distinct(n, r"directory '.*' does not exist", "warning", lambda l: "dir", end=end)
exits(n)

# systemd-tmpfiles: each `conf:N: …` error once per text, exits.
n = "tmpfiles_create"
distinct(n, r"\.conf:\d+: ", "error", lambda l: l, limit=99)
exits(n)

# systemd-sysusers: each `conf:N: …` error (the dry run exits 0), each `Would write`? no: data.
n = "sysusers_dryrun"
distinct(n, r"\.conf:\d+: ", "error", lambda l: l, limit=99)

# apparmor_parser: each parser error (its repeat in the -N listing not again), the warnings
# (first 5 of each message, profile names masked; word-for-word repeats once), the cache notice
# once, each `Addition succeeded`, exits.
n = "apparmor_profiles"
distinct(n, r"^AppArmor parser error", "error", lambda l: l, limit=99)
distinct(n, r"^Warning from ", "warning", lambda l: re.sub(r"usr\.s?bin\.\w+", "P", l))
once(n, r"^Cache read/write disabled", "warning")
add(n, "summary", every(n, r"^Addition succeeded"))
exits(n)

# aureport: the summary counts of failures, each failed login row, the failed file accesses
# (first 5), exits.
n = "aureport_log"
add(n, "summary", every(n, r"^Number of failed \w+: [1-9]"))
add(n, "error", every(n, r" ssh /usr/sbin/sshd no \d+$"))
distinct(n, r" openat no ", "error", lambda l: "no")
exits(n)

# ausearch: each failed login record, the cut record, the failed syscalls (first 5, each with
# the PATH record above naming the file), `<no matches>` and the exits.
n = "ausearch_log"
add(n, "error", every(n, r"res=failed"))
once(n, r"auid=unknown\(", "error")
sys_fail = every(n, r"^type=SYSCALL .* success=no")[:5]
add(n, "error", sys_fail + [i - 1 for i in sys_fail])
add(n, "summary", every(n, r"^<no matches>$"))
exits(n)

# run-parts: the jobs' stderr lines (warning, error), the `cron.daily/JOB:` header above them,
# the job's own outcome line with a warning count, run-parts' exit report, exits.
n = "runparts_daily"
add(n, "warning", every(n, r"file changed as we read it|expires in \d+ days"))
add(n, "error", every(n, r"^rsync( error)?:"))
once(n, r"archive written, 1 warning", "summary")
for pat in (r"^cron\.daily/20backup:$", r"^cron\.daily/45sync-mirror:$", r"^cron\.daily/50certs:$"):
    once(n, pat, "error")
add(n, "summary", every(n, r"exited with return code"))
exits(n)

# apt-get: the count lines, the unmet dependency lines, each `E:` line once per text, the
# not-available message, exits.
n = "aptget_local"
add(n, "summary", every(n, r"^\d+ upgraded, \d+ newly installed"))
add(n, "error", every(n, r"^ app-\w+ : |^\s+(Depends|Conflicts): .* but "))
distinct(n, r"^E: ", "error", lambda l: l, limit=99)
once(n, r"is not available, but is referred to", "error")
exits(n)

# ldconfig: the missing directory, each duplicate path with its `(from …)` line, the truncated
# library, the cache count.
n = "ldconfig_paths"
once(n, r"^ldconfig: Can't stat", "error")
dup = every(n, r"given more than once$")
add(n, "warning", dup + [i + 1 for i in dup])
once(n, r"is truncated$", "error")
once(n, r"^\d+ libs found in cache", "summary")

# setfacl: each error, exits.
n = "setfacl_restore"
add(n, "error", every(n, r"^setfacl: "))
exits(n)

# iptables-restore: the error and its line number, exits.
n = "iptables_restore"
once(n, r"not found$", "error")
once(n, r"^Error occurred at line", "error")
exits(n)

# crystal spec: each failure's title, message, expected/got, spec location, the first own frame
# of the error; the counts; the type error with its location; exits.
n = "crystal_spec"
add(n, "failure", every(n, r"^  \d+\) Inventory "))
add(n, "message", every(n, r"Failure/Error:|^\s+(Expected|got): |\(IndexError\)$"))
add(n, "frame", every(n, r"^     # spec/"))
once(n, r"from src/inventory\.cr:", "frame")
once(n, r"^\d+ examples, ", "summary")
once(n, r"^In src/report\.cr:", "error")
once(n, r"^Error: ", "error")
exits(n)

# ldc2: each exception (the first line of each trace: no own frame is resolved), the module
# count, the deprecation (an error under -de), exits.
n = "ldc2_unittest"
add(n, "message", every(n, r"^\S+Exception@|^core\.exception\.\w+@"))
once(n, r"modules FAILED unittests", "summary")
once(n, r"Deprecation: ", "error")
exits(n)

# dub: as ldc2, with the first own frame of each trace (`source/…:N`), `Program exited with
# code 1`, the deprecation warning of the build.
n = "dub_test"
add(n, "message", every(n, r"^\S+Exception@|^core\.exception\.\w+@"))
for i in every(n, r"^\S+Exception@|^core\.exception\.\w+@"):
    ls = M.lines(n)
    j = next(k for k in range(i + 1, len(ls) + 1) if ls[k - 1].startswith("source/"))
    add(n, "frame", [j])
once(n, r"modules FAILED unittests", "summary")
once(n, r"^Program exited with code [1-9]", "summary")
once(n, r"Deprecation: ", "warning")
exits(n)

# rebar3: the compiler warnings (their repeat in the second run not again), each failed test
# with its first frame (the test file) and the error term's head and values, the counts, the
# final error line, exits.
n = "rebar3_eunit"
distinct(n, r": Warning: ", "warning", lambda l: l, limit=99)
fails = every(n, r"\.\.\.\*failed\*$")
add(n, "failure", fails)
add(n, "frame", [i + 1 for i in fails])
add(n, "message", every(n, r"^\*\*error:|\{(expected|value),|\{unexpected_success,"))
once(n, r"^\s+Failed: \d+\.", "summary")
once(n, r"^===> Error running tests", "summary")
exits(n)

# ct_run: the compiler warnings, the failed case, its reason, the FAILED line, the totals, exits.
n = "ct_run_suite"
add(n, "warning", every(n, r": Warning: "))
once(n, r"failed on line \d+$", "failure")
once(n, r"^Reason: ", "message")
once(n, r"\*\*\* FAILED test case", "failure")
once(n, r"TEST COMPLETE, ", "summary")
exits(n)

# racket: each failed test's name, its location, actual/expected/message, the counts, exits.
n = "racket_rackunit"
add(n, "failure", every(n, r"^text > "))
add(n, "frame", every(n, r"^location: "))
add(n, "message", every(n, r"^(actual|expected|message): "))
once(n, r"failure\(s\)", "summary")
exits(n)

# dune: the warning-as-error with its location, the failing checks, the uncaught exception,
# dune's exit line, exits.
n = "dune_test"
once(n, r'^File "lib/env\.ml"', "error")
once(n, r"^Error \(warning", "error")
add(n, "failure", every(n, r"^FAIL "))
once(n, r"^Fatal error: exception", "message")
once(n, r"\(exit \d+\)$", "summary")
exits(n)

# cabal: the config warning, each GHC warning (location line, message), the failing checks, the
# counts, the suite's FAIL, cabal's final error, the type error (location, message, expected /
# actual), exits.
n = "cabal_build"
once(n, r"^Warning: No remote package servers", "warning")
add(n, "warning", every(n, r"^src/Ledger\.hs:\d+:\d+: warning:"))
once(n, r"^Warning: The package has an extraneous version range", "warning")
add(n, "failure", every(n, r"^FAIL "))
once(n, r"^\d+ passed, \d+ failed", "summary")
once(n, r"^Test suite ledger-test: FAIL", "summary")
once(n, r"^cabal: Tests failed", "summary")
once(n, r"^app/Report\.hs:\d+:\d+: error:", "error")
once(n, r"Couldn't match type", "message")
exits(n)

# clojure: each FAIL/ERROR report, its testing context, expected/actual, the first frame in
# the project's files under an ERROR, the counts, exits.
n = "clojure_test"
heads = every(n, r"^(FAIL|ERROR) in \(")
add(n, "failure", heads)
add(n, "message", every(n, r"^(expected|  actual): "))
once(n, r"^never below zero$", "message")
ls = M.lines(n)
for i in heads:
    if ls[i - 1].startswith("ERROR"):
        j = next(k for k in range(i + 1, len(ls) + 1) if re.search(r"\(cart(_test)?\.clj:\d+\)", ls[k - 1]))
        add(n, "frame", [j])
add(n, "summary", every(n, r"^Ran \d+ tests|^\d+ failures, \d+ errors\."))
exits(n)

# scalac: the type error with found/required, `one error found`, the exception and its first
# frame, exits.
n = "scalac_build"
once(n, r": error: type mismatch", "error")
add(n, "message", every(n, r"^ (found|required)\s*: "))
once(n, r"^one error found", "summary")
once(n, r"^scala\.MatchError", "message")
once(n, r"^\tat shop\.", "frame")
exits(n)

M.write()

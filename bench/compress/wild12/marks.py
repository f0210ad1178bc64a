#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild12` logs (procedure in the corpus README: wild8's to
wild11's), chosen while reading each log top to bottom, never looking at the compressor. Long
reports are marked by small helpers that apply the written procedure to one report format; the
other lines by pattern. Writes labels/NAME.txt (KIND<TAB>line verbatim); then run
`bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild12/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks
D = os.environ.get("WILD12_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild12")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
first_of_each = M.first_of_each


def first_n(name, pat, kind, limit=5):
    """Rule 2 for findings of one rule or message shape: the first `limit` lines matching `pat`."""
    add(name, kind, every(name, pat)[:limit])


# jstack: the deadlock report: its title, the first thread's `waiting to lock` and `which is held
# by` lines (the second thread's differ only in addresses and the name), the first own frame of
# the threads in its Java stack section (once: both are `Deadlock.transfer(Deadlock.java:11)`), the
# count. The thread dump above it is data.
n = "jstack_deadlock"
dl = find(n, r"^Found one Java-level deadlock:")
add(n, "error", [dl])
w = find(n, r"^  waiting to lock monitor ", dl)
add(n, "message", [w, w + 1])
add(n, "frame", [find(n, r"^\tat Deadlock\.", find(n, r"^Java stack information", dl))])
add(n, "summary", [find(n, r"^Found \d+ deadlock")])

# javap: the class it could not find; the bytecode listings are data.
add("javap_c_ant", "error", every("javap_c_ant", r"^Error: "))

# jdeps: each jar's `-> not found` line (error) and, of the class rows, the first row of each
# missing package (the package a class dependency lives in); the other rows are data.
n = "jdeps_ant_jars"
add(n, "error", every(n, r"^\S+\.jar -> not found$"))
first_of_each(n, r"-> (\S+)\.[^.\s]+\s+not found$", lambda m: m.group(1), "error")

# gofmt -l -d: the syntax errors (error), each file it lists as not formatted (warning); the
# diffs are data.
n = "gofmt_d_go"
add(n, "error", every(n, r"^\S+\.go:\d+:\d+: "))
add(n, "warning", every(n, r"^[a-z]+/[a-z]+\.go$"))

# pg_dump: its error and `detail:`; the server log pg_virtualenv prints after a failure: the
# ERROR record and its STATEMENT; the first dump's `dump complete` (summary). Progress messages
# (`pg_dump: reading …`) and the dump itself are data.
n = "pg_dump_shop"
add(n, "error", every(n, r"^pg_dump: error: ") + every(n, r"\] \S+ ERROR: "))
add(n, "message", every(n, r"^pg_dump: detail: ") + every(n, r"\] \S+ STATEMENT: "))
add(n, "summary", [find(n, r"^-- PostgreSQL database dump complete")])

# sshd -T: the deprecated options of the configuration (one message shape, 5 of them); the
# `reprocess config` lines repeat two of them; the settings dump is data.
first_n("sshd_T_config", r"^sshd_config line \d+: ", "warning")

# sysctl, ip, ss, lsof, join, cmp, javap: the errors among the listing (the listing is data).
add("sysctl_keys", "error", every("sysctl_keys", r"^sysctl: "))
add("ip_show", "error", every("ip_show", r"^Error: |does not exist\.$"))
add("ss_servers", "error", every("ss_servers", r"^ss: "))
add("lsof_servers", "error", every("lsof_servers", r"^lsof: "))
add("join_unsorted", "error", every("join_unsorted", r"^join: "))
add("cmp_l_binary", "error", every("cmp_l_binary", r"^cmp: "))
# sed --debug: the missing file, whose message lands in the middle of a trace line (stderr and
# stdout merged: that line is the anchor); the trace is data.
add("sed_debug", "error", every("sed_debug", r"sed: can't read"))
# redis-benchmark: the server's error that stops the run (it lands on the progress line of the
# test it stopped); the latency tables and summaries of the tests are data (benchmark rows).
add("redis_benchmark_oom", "error", every("redis_benchmark_oom", r"Error from server"))

# msgfmt: the error and msgfmt's count of fatal errors; each file's `N translated messages` (its
# result, a count).
n = "msgfmt_check"
add(n, "error", every(n, r"^\S+\.po:\d+: ") + every(n, r"^msgfmt: found"))
add(n, "summary", every(n, r"translated messages"))

# ruby -wc: the file's syntax errors and warning (the excerpt and caret under one are context);
# `Syntax OK` per file is data.
n = "ruby_wc_stdlib"
add(n, "error", every(n, r"^\S+\.rb:\d+: (?!warning)"))
add(n, "warning", every(n, r"^\S+\.rb:\d+: warning: "))

# tabnanny -v: the finding and the two lines that say what is wrong; listing lines are data.
n = "tabnanny_v"
t = find(n, r"trouble in tab city")
add(n, "error", [t])
add(n, "message", [t + 1, t + 2])

# git fsck: each error shape once (the `missing blob` lines differ by hash only), the broken
# link with its `to` line. git am: the errors and `Patch failed at`; hints and the diff are context.
n = "git_fsck_corrupt"
first_of_each(n, r"^(error: [a-z ]+|error: [0-9a-f]+: object corrupt|broken link|\s+to |missing (tree|blob))",
              lambda m: m.group(1) if not m.group(1).startswith("error") else re.sub(r"[0-9a-f]{40}", "#", m.group(1)), "error")
n = "git_am_conflict"
add(n, "error", every(n, r"^error: ") + every(n, r"^Patch failed at "))

# gem: each ERROR with the message under the exception header, the WARNING; `gem list` and
# `gem contents` rows are data.
n = "gem_build_spec"
add(n, "error", every(n, r"^ERROR: "))
add(n, "warning", every(n, r"^WARNING: "))
add(n, "message", [find(n, r"^    \[.*\] are not files")])

# pipdeptree: the first run's warnings: the header once, each package and the requirement it
# breaks (the two later runs print the same blocks again: not marked again); the trees are data;
# the pattern that matched nothing.
n = "pipdeptree_conflicts"
ls = lines(n)
w = find(n, r"^Warning: dependency problems found:")
add(n, "warning", [w])
seen, i = set(), w
while i < len(ls) and (ls[i - 1].startswith(("Warning:", "* ", "  - ", "---")) or ls[i - 1] == ""):
    if ls[i - 1].startswith(("* ", "  - ")) and ls[i - 1] not in seen:
        seen.add(ls[i - 1])
        add(n, "warning", [i])
    i += 1
add(n, "warning", every(n, r"^No packages matched"))

# twine: the failing distribution's error and its continuation; `PASSED` rows are data.
n = "twine_check_dists"
e = find(n, r"ERROR ")
add(n, "error", [e, e + 1])

# deptry: DEP001 findings (one rule: the first 5), the notice about tzdata (doubtful: marked),
# the count.
n = "deptry_dateutil"
first_n(n, r" DEP\d+ ", "warning")
add(n, "warning", every(n, r"^Assuming "))
add(n, "summary", every(n, r"^Found \d+ dependency issues"))

# pyinstrument: the script's error; the profile tree is data.
add("pyinstrument_fail", "error", every("pyinstrument_fail", r"^error: "))

# es-check: the count of errors; of the per-file reports (one rule) the first 5 files' `erroring
# file` and `error:` lines; the parser's stacks are context.
n = "es_check_depcheck"
add(n, "error", [find(n, r"^error: ES-Check: there were")])
add(n, "error", every(n, r"· erroring file: ")[:5] + every(n, r"· error: ")[:5])

# dpdm: the unresolved imports (`miss`, one shape: the first 5), the circular-dependency result.
n = "dpdm_depcheck"
first_n(n, r"^\s+\d+\) miss ", "warning")
add(n, "summary", [find(n, r"circular dependency was found|Circular Dependencies", find(n, r"Circular Dependencies") + 1)])
M.write()

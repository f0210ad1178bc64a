#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild13` logs (procedure in the corpus README: wild8's to
wild11's), chosen while reading each log top to bottom, never looking at the compressor. Reports
with many findings are marked by message shape; the other lines by pattern.
Writes labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild13/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks
D = os.environ.get("WILD13_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild13")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every


def first(name, pat, kind):
    """Rule 1: a line said again (numbers aside) is marked once: the first line matching `pat`."""
    add(name, kind, [find(name, pat)])


def once(name, pat, kind):
    """Each distinct line matching `pat` (numbers masked), the first time it is said."""
    seen, out = set(), []
    for i, l in enumerate(lines(name), 1):
        if re.search(pat, l) and re.sub(r"\d+", "#", l) not in seen:
            seen.add(re.sub(r"\d+", "#", l))
            out.append(i)
    add(name, kind, out)


def by_shape(name, pat, shape, kind="warning", limit=5):
    """Rule 2 without a rule code: the first `limit` of each message shape (rule 1 first)."""
    seen, out, said = {}, [], set()
    for i, l in enumerate(lines(name), 1):
        if re.search(pat, l) and re.sub(r"\d+", "#", l) not in said:
            said.add(re.sub(r"\d+", "#", l))
            s = shape(l)
            seen[s] = seen.get(s, 0) + 1
            if seen[s] <= limit:
                out.append(i)
    add(name, kind, out)


# Erlang's logger: the server's crash (said again for each restart: once), the exception, the first
# frame in the project's code, the supervisor giving up, the program's last line.
n = "erl_supervisor_crash"
first(n, r"^\*\* Generic server \S+ terminating", "error")
first(n, r"^\s+exception error: ", "message")
first(n, r"^\s+in call from svc_worker:", "frame")
first(n, r"^\s+reason: reached_max_restart_intensity", "error")
first(n, r"^processed \d+ lines", "summary")

# EUnit --verbose: each failed test, its error term's first line, its first frame in the tests;
# the counts.
n = "eunit_verbose_otp"
for i in every(n, r"\*failed\*$"):
    add(n, "failure", [i])
    add(n, "frame", [find(n, r"^in function otp_tests:", i)])
    add(n, "message", [find(n, r"^\*\*error:", i)])
first(n, r"^\s+Failed: \d+\.", "summary")

# Elixir's Logger: the GenServer's crash (once), the exception, the first frame in the script.
n = "elixir_genserver_crash"
first(n, r"\[error\] GenServer \S+ terminating", "error")
first(n, r"^\*\* \(\w+Error\)", "message")
first(n, r"^\s+ledger\.exs:\d+: ", "frame")

# elixirc: each warning with its location line below it; the compilation error and its header.
n = "elixirc_billing"
for i in every(n, r"^warning: "):
    add(n, "warning", [i, i + 1])
first(n, r"^== Compilation error", "error")
first(n, r"^\*\* \(CompileError\)", "error")

# The JVM's GC log: the OutOfMemoryError and its frame; the collections are data.
n = "java_gc_log_oom"
first(n, r"^Exception in thread .*OutOfMemoryError", "error")
first(n, r"^\tat Hog\.", "frame")

# jstack: the deadlock found, which thread holds what, the first frame of the project's code in
# the deadlocked threads' stacks (once), the count.
n = "jstack_deadlock"
first(n, r"^Found one Java-level deadlock", "error")
add(n, "message", every(n, r"^\s+which is held by "))
first(n, r"^\tat Transfer\.post", "frame")
first(n, r"^Found \d+ deadlock", "summary")

# javap: the class not found; the member listings are data.
add("javap_jdk_classes", "error", every("javap_jdk_classes", r"^Error: "))

# go build -x: the compiler's error; the commands are data.
add("go_build_x_shipping", "error", every("go_build_x_shipping", r"^\S+\.go:\d+:\d+: "))

# go test -fuzz: the failure, its panic, the first frame of the project's code, where the failing
# input was written, the package result.
n = "go_fuzz_weight"
first(n, r"^--- FAIL: ", "failure")
first(n, r"panic: ", "message")
first(n, r"^\s+/\S+/gomod/parse/parse\.go:\d+", "frame")
first(n, r"Failing input written to ", "summary")
first(n, r"^FAIL\t", "summary")

# go list -deps -e: the package with an error; the list is data.
add("go_list_deps_e", "error", every("go_list_deps_e", r" ERROR: "))

# gofmt -d -e: the syntax errors (few: all); the diffs are data.
add("gofmt_d_stdlib", "error", every("gofmt_d_stdlib", r"^\S+\.go:\d+:\d+: "))

# ruby -wc: warnings by message shape (the variable or operator named masked, FILE:LINE left out);
# the syntax error; `Syntax OK` rows are data.
by_shape("ruby_wc_gems", r":\d+: warning: ",
         lambda l: re.sub(r" - \w+$|`[^']*'|'[^']*'|/.*/$|\d+", "#", l.split(" warning: ", 1)[1]))
add("ruby_wc_gems", "error", every("ruby_wc_gems", r":\d+: syntax error"))

# rdoc -C: the coverage totals (a summary); the items listed are data.
n = "rdoc_coverage_net"
first(n, r"^\s+Total:\s+\d+", "summary")
first(n, r"^\s+[\d.]+% documented", "summary")

# rake --trace: the abort, its message, the frame in the Rakefile, the task chain.
n = "rake_trace_fail"
first(n, r"^rake aborted!", "error")
first(n, r"^Command failed with status", "message")
first(n, r"/Rakefile:\d+:in ", "frame")
first(n, r"^Tasks: TOP", "summary")

# python -m trace --trace: the traceback's exception and the script's own frame; the trace is data.
n = "python_trace_report"
first(n, r"^TypeError: ", "error")
first(n, r'^  File "report\.py", line \d+', "frame")

# pdb: the exception, the script's own frame, the post-mortem notice, the error of a command.
n = "pdb_postmortem_report"
first(n, r"^TypeError: ", "error")
first(n, r'^  File "\S*report\.py", line \d+', "frame")
first(n, r"^Uncaught exception\. Entering post mortem", "error")
first(n, r"^\*\*\* NameError", "error")

# msgfmt -c: each error (a line said again once), each catalog's fatal count; statistics are data.
n = "msgfmt_check_humanize"
once(n, r"^\S+\.po:\d+: (?!\.\.\.this is)", "error")
once(n, r"^msgfmt: found \d+ fatal", "error")

# pkg-config --print-errors: the missing package and what required it (once).
n = "pkg_config_all"
first(n, r"Package \S+ was not found in the pkg-config search path", "error")
first(n, r"^Package '\S+', required by '\S+', not found", "error")

# cachegrind + cg_annotate: the program's error, the program totals, the files not found for
# annotation; the annotated lines are data.
n = "cachegrind_brotli"
first(n, r"^corrupt input", "error")
first(n, r"^==\d+== I\s+refs:", "summary")
first(n, r"PROGRAM TOTALS", "summary")
first(n, r"could not be found:", "warning")

# GNU as -aln: the assembler's errors; the listing is data.
add("gas_listing_huffman", "error", every("gas_listing_huffman", r": Error: "))

# ocamlc -i: the error and its location line; the interfaces printed are data.
n = "ocamlc_i_stdlib"
first(n, r'^File "\S+", line \d+', "error")
first(n, r"^Error: ", "error")

# go doc -all: the lookup that failed; the documentation printed is data.
add("go_doc_all_stdlib", "error", every("go_doc_all_stdlib", r"^doc: "))
M.write()

#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild28` logs (procedure in the corpus README: wild8's to
wild27's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild28/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD28_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild28")
M = Marks(D)
add, every, once, find, distinct = M.add, M.every, M.once, M.find, M.distinct


def exits(n, pat=r"(^|: )rc=[1-9]"):
    """Exit statuses, also after a `NAME: ` prefix."""
    M.exits(n, pat)


def after(pat):
    """The text after the first match of `pat` (a log line's prefix of time, pid and host cut off)."""
    return lambda l: re.split(pat, l, maxsplit=1)[-1]


# redis-check-aof: each damaged file's error (its word-for-word repeat in the --fix run once),
# the `AOF analyzed` line giving where the damage starts, the `is not valid` verdict, the fix's
# result, exits.
n = "redis_check_aof"
distinct(n, r"^0x\s+[0-9a-f]+: ", "error", key=lambda l: l, limit=99)
add(n, "error", every(n, r"^AOF analyzed: .*diff=[1-9]"))
add(n, "summary", every(n, r"is not valid\. Use the --fix"))
once(n, r"^Continue\? .*Successfully truncated", "summary")
exits(n)

# redis-check-rdb: the error banner once, each error with the key being read, the server's
# terminating line, exits (the missing file prints no error at all: its exit is marked).
n = "redis_check_rdb"
once(n, r"^--- RDB ERROR DETECTED ---$", "error")
add(n, "error", every(n, r"^\[offset \d+\] (Internal error|Unexpected EOF)"))
add(n, "error", every(n, r"^\[additional info\] Reading key "))
once(n, r"Terminating server after rdb file reading failure", "error")
exits(n)

# nats-server: the [WRN] and [ERR] lines, the `-ERR` replies sent to the clients, the
# configuration errors of the -t run, exits.
n = "nats_server_trace"
add(n, "warning", every(n, r"\[WRN\] "))
add(n, "error", every(n, r"\[ERR\] |->> \[-ERR "))
add(n, "error", every(n, r"^(nats-server: )?broken\.conf:\d+:\d+: "))
exits(n)

# unbound: each answer that is not NOERROR, the server's reply log line and dig's status line
# (first 5 of each status), the SERVFAIL error line, the query statistics line.
n = "unbound_daemon"
distinct(n, r" A IN (NXDOMAIN|REFUSED|SERVFAIL) ", "error", key=lambda l: re.search(r"IN (\w+) ", l).group(1))
distinct(n, r"status: (NXDOMAIN|REFUSED|SERVFAIL)", "error", key=lambda l: re.search(r"status: (\w+)", l).group(1))
once(n, r"\] error: SERVFAIL ", "error")
once(n, r"server stats for thread 0: \d+ queries", "summary")

# dhcpd: each configuration and lease-file error (its location is in the line), the `exiting.`
# outcome, the lease test's outcome, exits.
n = "dhcpd_test"
add(n, "error", every(n, r" line \d+: |^bad range, "))
once(n, r"^exiting\.$", "summary")
once(n, r"^Lease file test successful", "summary")
exits(n)

# pg_restore: each `error:` once per text with the `from TOC entry` line above naming the
# object and the `Command was:` line below, the errors-ignored count, exits.
n = "pg_restore_clash"
ls, done = M.lines(n), set()
for i, l in enumerate(ls, 1):
    if l.startswith("pg_restore: error: ") and l not in done:
        done.add(l)
        add(n, "error", [i - 1, i, i + 1])
once(n, r"^pg_restore: warning: errors ignored on restore", "summary")
exits(n)

# vacuumdb/reindexdb: the permission warnings (first 5), each error with its `LINE N:` location,
# exits.
n = "vacuumdb_verbose"
distinct(n, r"^WARNING:  skipping ", "warning", key=lambda l: "skip")
add(n, "error", every(n, r"^(vacuumdb|reindexdb): error: "))
once(n, r"^LINE \d+: ", "error")
exits(n)

# mariadb-check: the server's start-up warning, each damaged table's name line above its errors
# (once per text), each error line once per text, the crashed-table warning once, the repair
# results, the missing table's errors (mariadb-check exits 0 throughout).
n = "mariadb_check_corrupt"
once(n, r"\[Warning\] ", "warning")
distinct(n, r"^(error|Error)\s+: |^Error: |^Failed to ", "error", limit=99)
add(n, "error", [i - 1 for i in every(n, r"^error\s+: Can't read key") if i < find(n, r"^rc=0")])
once(n, r"^warning\s+: Table is marked as crashed", "warning")
rep = find(n, r"^Repairing tables$")
add(n, "summary", [rep + 1, rep + 2])

# mariadb-dump: the start-up warning, each error once per text, exits.
n = "mariadb_dump_views"
once(n, r"\[Warning\] ", "warning")
distinct(n, r"^mariadb-dump: (Got error|Couldn't)", "error", limit=99)
exits(n)

# postfix: each warning once per message (the program path aside), the fatal error, the failed
# look-ups' exits.
n = "postfix_maps"
distinct(n, r": warning: ", "warning", key=after(r": warning: "), limit=1)
once(n, r": fatal: ", "error")
exits(n)

# dovecot: the authentication failures (the auth process's reason and the client's error), the
# refused mailbox name, the first `failed: Permission denied` debug line, the warning on stop,
# the configuration error, exits.
n = "dovecot_imap"
add(n, "error", every(n, r"\): (Password mismatch|unknown user)$"))
add(n, "error", every(n, r"^\w+ error: |^\w+ select NO "))
distinct(n, r"Debug: open\(/proc/self/io\) failed", "warning", key=lambda l: "io", limit=1)
once(n, r"master: Warning: ", "warning")
once(n, r"Fatal: ", "error")
exits(n)

# stunnel (every log line printed twice): each LOG3 error and LOG4 warning once per text, the
# clients' errors (a Python traceback's frame and exception, openssl's error lines), the
# configuration error and its outcome, exits.
n = "stunnel_debug"
distinct(n, r" LOG3\[", "error", key=after(r"LOG3\[\w+\]: "), limit=99)
distinct(n, r" LOG4\[", "warning", key=after(r"LOG4\[\w+\]: "), limit=99)
once(n, r'^  File "<string>", line 1', "frame")
once(n, r"^ConnectionResetError: ", "message")
add(n, "error", every(n, r"^[0-9A-F]{16}:error:|^read:errno="))
add(n, "error", every(n, r"^\[!\] "))
exits(n)

# tinyproxy: the start-up warning, each refusal or failure with the client's status line below
# it, the 404 answers (first 5), the configuration error, exits.
n = "tinyproxy_log"
once(n, r"^WARNING ", "warning")
for i in every(n, r"^ERROR |Proxying refused|Refused CONNECT"):
    add(n, "error", [i, i + 1])
distinct(n, r"^404 ", "error", key=lambda l: "404")
add(n, "error", every(n, r"^Unable to parse config"))
exits(n)

# bird: the <ERR> lines, the daemon's final line, the configuration errors, exits.
n = "bird_debug"
add(n, "error", every(n, r"<ERR> |^bird: "))
once(n, r"<FATAL> ", "summary")
exits(n)

# varnishtest: each failed test's result line, the failed expectation, the VCL compiler's error
# with its location, the counts, exits.
n = "varnishtest_vtc"
add(n, "failure", every(n, r"^#\s+top\s+TEST .* FAILED"))
add(n, "message", every(n, r"^---- "))
once(n, r"CLI RX\|Symbol not found", "error")
once(n, r"CLI RX\|At: \(", "error")
once(n, r"^\d+ tests failed", "summary")
exits(n)

# spamassassin: the configuration warnings once per text, the first 5 undefined dependencies of
# the debug log, the error that stops every scan with its hint (once per text), exits.
n = "spamassassin_lint"
distinct(n, r"\] warn: ", "warning", key=after(r"\] warn: "), limit=1)
distinct(n, r"has undefined dependency", "warning", key=lambda l: "dep")
distinct(n, r"cannot scan!$|^Check that the necessary|^At a minimum", "error", limit=99)
exits(n)

# tor: each [warn] and [err] once per text, the first failed open of a data file that is not
# created later (GeoIP), exits (124: the run was bounded by `timeout`).
n = "tor_offline"
distinct(n, r" \[warn\] ", "warning", key=after(r"\] "), limit=1)
distinct(n, r" \[err\] ", "error", key=after(r"\] "), limit=1)
once(n, r"Failed to open GEOIP file", "warning")
exits(n)

# proftpd: the failed login once, the clients' failures (first 5 of each shape), the
# configuration error with its hint, exits.
n = "proftpd_debug"
once(n, r"\(Login failed\): ", "error")
distinct(n, r"^client\d: .*(failed|incorrect)", "error", key=lambda l: shape(re.sub(r"\d", "#", l)))
add(n, "error", every(n, r": fatal: "))
exits(n)

# syslog-ng: the JSON parser's failure once with the dropped message's result line, the syntax
# error with its marked line, exits (124: the run was bounded by `timeout`).
n = "syslog_ng_trace"
once(n, r"json-parser\(\): failed to parse", "error")
once(n, r"result='Dropping message from LogPipe', rule='p_json'", "error")
once(n, r"^Error parsing ", "error")
once(n, r"^\d+-----> ", "error")
exits(n)

M.write()

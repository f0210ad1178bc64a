#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild21` logs (procedure in the corpus README: wild8's to
wild19's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild21/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD21_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild21")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
once_each = M.once_each
once = M.once


# yara: each rule's hits as findings (rule 2: the first 5 of each rule; the string lines under them
# are data), the broken rule file's two errors, the missing directory.
n = "yara_tree"
M.by_rule(n, r"^(?P<rule>[A-Z]\w+) \[.*\] \S", kind="warning")
add(n, "error", every(n, r"^error: rule |^error scanning "))

# clamscan: each detection (the file's line; the `!(N)` line under it repeats it), first 5 of each
# signature; the missing file's two lines; the infected count.
n = "clamscan_tree"
M.by_rule(n, r"^[^!]+: (?P<rule>\S+) FOUND$", kind="warning")
add(n, "error", every(n, r"^missing\.bin: No such file|^WARNING: missing\.bin"))
add(n, "summary", every(n, r"^Infected files: "))

# aide: the check's verdict, its summary counts, each added/removed/changed entry line (the
# detailed per-attribute blocks and the directories changed by their contents are data), the broken configuration's error.
n = "aide_check"
once(n, r"^Entry .* has different attributes", "warning")
once(n, r"^AIDE found differences", "failure")
add(n, "summary", every(n, r"^  (Added|Removed|Changed) entries:"))
add(n, "warning", every(n, r"^[fl] [=<>] [^:]*: /|^[fdl][+-]{17}: /"))
add(n, "error", every(n, r"^  ERROR: broken\.conf"))

# chkrootkit: each WARNING verdict and the WARNING line explaining it, the unknown test; find's
# missing directories under the root once (a shape).
n = "chkrootkit_fakeroot"
add(n, "warning", every(n, r"WARNING$|^WARNING: "))
once(n, r"/usr/bin/find: .*No such file or directory", "warning")
add(n, "error", every(n, r"not a known test"))

# debsums: each FAILED file, the missing file, `-ce`'s changed conffiles (they repeat the FAILED
# ones for monitrc: marked, a different report), the package that is not installed.
n = "debsums_conffiles"
add(n, "failure", every(n, r"FAILED$"))
add(n, "error", every(n, r"^debsums: "))
add(n, "failure", every(n, r"^/etc/\S+$"))

# slapadd: the unparsable entry (the reason and slapadd's line), the missing parent verdict and
# its entry, slapindex's root warning once, slaptest's failure on the missing directory.
n = "slapadd_people"
once(n, r"^<= str2entry", "error")
once(n, r"^slapadd: could not parse entry", "error")
once(n, r"^Error, entries missing", "error")
add(n, "error", [find(n, r"^Error, entries missing") + 1])
once(n, r"^WARNING!$", "warning")
e = every(n, r"nosuchdir|slaptest: bad configuration|config error processing")
add(n, "error", e)

# slapd: each client error (`ldap_*:` and its `additional info:`), the server's RESULT line with a
# non-zero err for each once per err code.
n = "slapd_directory"
add(n, "error", every(n, r"^ldap_\w+(\(\w+\))?: |^\tadditional info: "))
once_each(n, r"RESULT tag=\d+ err=[1-9]", "error", key=lambda l: re.search(r"err=\d+", l).group(0))

# pdnsutil: the unparsable zone's error once, each check's [Error]/[Warning] (the check-all run
# repeats them word for word: once), each `Checked N records` with errors, the final count, the
# missing zone's listing error.
n = "pdnsutil_zones"
once(n, r"\[bindbackend\] error at ", "error")
once_each(n, r"^\[(Error|Warning)\] ", "error", key=lambda l: l)
once_each(n, r"^Checked \d+ records of '\S+', [1-9]", "summary", key=lambda l: l)
once(n, r"^Checked \d+ zones", "summary")
once(n, r"^Error: zone was not loaded", "error")

# pdns_server: the zone it could not load, the rejected count, the NXDOMAIN and REFUSED answers
# (each status once), the AXFR's size.
n = "pdns_server_queries"
once(n, r"\[bindbackend\] error at ", "error")
once(n, r"Done parsing domains, [1-9]\d* rejected", "warning")
once_each(n, r"status: (NXDOMAIN|REFUSED)", "error", key=lambda l: re.search(r"status: \w+", l).group(0))
once(n, r"^;; XFR size", "summary")

# openvpn: the deprecations once each, the refused read, the HMAC failure, the tunnel up on the
# good key, the missing key's warning and option errors.
n = "openvpn_tunnel"
once_each(n, r"DEPRECATED OPTION|DEPRECATION: ", "warning", key=lambda l: re.sub(r"^[\d: -]+(us=\d+ )?", "", l))
once(n, r"ECONNREFUSED", "error")
once(n, r"packet HMAC authentication failed", "error")
once(n, r"Initialization Sequence Completed", "summary")
add(n, "error", every(n, r"WARNING: cannot stat file|^Options error: "))

# supervisord: the crasher's traceback end (exception line and its frame) once, each program's
# unexpected exit once, the FATAL give-up with its spawn error once, the status table rows that
# are not RUNNING, supervisorctl's errors.
n = "supervisord_programs"
once(n, r"^  File \".*crasher\.py\"", "frame")
once(n, r"^KeyError: ", "error")
once(n, r"WARN exited: crasher \(exit status 1; not expected\)", "error")
once(n, r"spawnerr: can't find command", "error")
once(n, r"gave up: ghost entered FATAL", "error")
once(n, r"^reporter: WARNING", "warning")
add(n, "summary", every(n, r"^\w+ +(FATAL|EXITED|BACKOFF|STOPPED) "))
add(n, "error", every(n, r"^\w+: ERROR \("))

# honcho: the failed process's traceback (frame and exception), its stop with rc, the 404s once.
n = "honcho_procfile"
once(n, r"migrate\.1 \|   File ", "frame")
once(n, r"migrate\.1 \| \w+\.\w*Error: ", "error")
once(n, r"migrate\.1 stopped \(rc=[1-9]", "failure")
once(n, r"code 404, message", "warning")
once(n, r"^rc=[1-9]", "summary")

# celery: the root warning once, each failed task (the ERROR line, its own frame, the exception
# line) once per task kind, the retry once, the lost broker, the reconnect errors once, the
# client's FAILURE states (each a task), the shutdown.
n = "celery_worker"
once(n, r"SecurityWarning: ", "warning")
once_each(n, r"ERROR/MainProcess\] Task \S+\[", "error", key=lambda l: re.search(r"Task (\S+)\[", l).group(1))
once_each(n, r"^  File \"/tmp/\S+/queue/tasks\.py\"", "frame", key=lambda l: l)
once_each(n, r"^(ValueError|ConnectionError): ", "error", key=shape)
once(n, r"retry: Retry in", "warning")
once(n, r"Connection to broker lost", "warning")
once(n, r"consumer: Cannot connect to", "error")
add(n, "failure", every(n, r"^[0-9a-f-]{36} FAILURE$"))

# monit: each check's failure once (monit prints each message twice: the plain one), the status
# rows that fail, the summary's failing rows, the start failure.
n = "monit_checks"
once(n, r"^Control file syntax OK", "summary")
for pat in (r"^'app_config' size test failed", r"^'spool' directory doesn't exist", r"^'api' failed protocol test",
            r"^'queued' process is not running", r"^'queued' failed to start"):
    once(n, pat, "error")
add(n, "summary", every(n, r"^  status +(Size failed|Does not exist|Connection failed)"))
add(n, "summary", every(n, r"^ \w+ +(Size failed|Does not exist|Connection failed) "))

# collectd: the missing plugin and the config verdict, the loglevel warning, the probe's parse
# error once (with its second line) and its own error, the program closing.
n = "collectd_probe"
once(n, r"Could not find plugin", "error")
once(n, r"^Error: Parsing the config file failed", "error")
once(n, r"invalid loglevel", "warning")
e = find(n, r"exec plugin: parse_value: Failed")
add(n, "error", [e, e + 1])
once(n, r"exec_read_one: error = ", "error")

# exim: each undeliverable address and the syntax error, the rejected RCPT, the verify and syntax
# rejections (LOG lines), the SMTP 5xx replies, the unknown option.
n = "exim_routing"
add(n, "error", every(n, r"is undeliverable: |^syntax error: "))
add(n, "error", every(n, r"^LOG: .*(rejected|syntax error)"))
add(n, "error", every(n, r"^5\d\d "))
add(n, "error", every(n, r"is not a known option"))

# aiosmtpd: the 553 reply (the first of its two client lines), the client's refused recipients.
n = "aiosmtpd_session"
once(n, r"^reply: b'553 ", "error")
once(n, r"^client error: ", "error")

M.write()

#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild24` logs (procedure in the corpus README: wild8's to
wild21's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild24/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, same
D = os.environ.get("WILD24_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild24")
M = Marks(D)
add, every, once, once_each, exits = M.add, M.every, M.once, M.once_each, M.exits


# socat: each `E` error (the refused connects), the `W` warnings once per shape, the 404 response
# in the -v dump (rule 7: a 404 in a data dump is an error).
n = "socat_relay"
add(n, "error", every(n, r" socat\[\d+\] E "))
once_each(n, r" socat\[\d+\] W ", "warning", key=lambda l: re.sub(r"^.*\] W ", "", l))
add(n, "error", every(n, r"^HTTP/1\.0 404"))
exits(n)

# siege: the refused connection once, each 404 row once per URL, the availability and counts.
n = "siege_urls"
once(n, r"unable to connect", "error")
once_each(n, r"^HTTP/1\.[01] 404", "error")
add(n, "summary", every(n, r"^(Transactions|Availability|Successful transactions|Failed transactions):"))

# lftp: each `Access failed` once per text, the fatal errors of the dead port, exits.
n = "lftp_mirror"
once_each(n, r"Access failed: ", "error", key=same)
add(n, "error", every(n, r"Fatal error: "))
exits(n)

# httpie: its warning once, the 404 status line once, the usage error's reason, the connection
# error, the traceback's first frame (no frame of the fixtures) and exception; exits.
n = "httpie_requests"
once(n, r"^http: warning: ", "warning")
once(n, r"^HTTP/1\.[01] 404", "error")
once(n, r"cannot be mixed", "error")
add(n, "error", every(n, r"^http: error: "))
once(n, r"^  File \"", "frame")
add(n, "error", every(n, r"^ValueError: "))
exits(n)

# locust: the error report's rows, the last `Aggregated` row of counts (not of percentiles), the shutdown with its exit code.
n = "locust_headless"
rep = M.find(n, r"^Error report")
add(n, "error", [i for i in every(n, r"^\d+ +(GET|POST) ") if i > rep])
add(n, "summary", every(n, r"^ +Aggregated +\d+ +\d+\(")[-1:])
once(n, r"Shutting down \(exit code [1-9]", "summary")
exits(n)

# iperf: the refused reads once, each WARNING, the refused connect, the final [SUM] totals.
n = "iperf_tcp"
once(n, r"^read failed: ", "error")
add(n, "warning", every(n, r"WARNING"))
add(n, "error", every(n, r"connect failed"))
add(n, "summary", every(n, r"^\[SUM\] 0\.0+-[1-9]"))

# hping3: each statistic count line, the first reset (closed port) and port-unreachable reply, the
# scan's open-port row, the unresolvable host; exits.
n = "hping3_ports"
add(n, "summary", every(n, r"^\d+ packets transmitted"))
once(n, r"flags=RA ", "error")
once(n, r"^ICMP Port Unreachable", "error")
add(n, "summary", every(n, r"^\d+ +: "))
add(n, "error", every(n, r"^Unable to resolve"))
exits(n)

# gnutls-cli: each `- Status:` verdict, the fatal errors and failed verifications once per text,
# the refused connection; exits.
n = "gnutls_cli_tls"
add(n, "error", every(n, r"^- Status: The certificate is NOT trusted"))
once_each(n, r"\*\*\* ", "error", key=same)
add(n, "error", every(n, r"^Could not connect"))
exits(n)

# certtool: each `Output: Not verified` line and chain verdict, the import error; exits.
n = "certtool_chain"
add(n, "error", every(n, r"Output: Not verified"))
add(n, "error", every(n, r"^import error"))
exits(n)

# sslscan: old protocols enabled, the expired certificate's end date, the failed connection.
n = "sslscan_servers"
add(n, "warning", every(n, r"^TLSv1\.[01] +enabled"))
add(n, "error", every(n, r"Not valid after: +Jan  1 00:00:00 2025"))
add(n, "error", every(n, r"^ERROR: "))
exits(n)

# knotd: every error line (the daemon's and knotc's zone-check report), the zones without serial.
n = "knotd_zones"
add(n, "error", every(n, r"(^| )error: "))
add(n, "error", every(n, r"\| serial: -$"))
exits(n)

# ldns: each error (the same syntax error from two commands once), exits.
n = "ldns_verify_zone"
once_each(n, r"^(Error: |There were errors|Syntax error|Unable to open)", "error", key=same)
exits(n)

# drill: each answer whose rcode is not NOERROR and the question under it, the send error; exits.
n = "drill_queries"
for i in every(n, r"rcode: (?!NOERROR)"):
    add(n, "error", [i])
    add(n, "error", [M.find(n, r"^;; \S+\tIN\t", i)])
add(n, "error", every(n, r"^Error: "))
exits(n)

# named: the zone load errors, each failed query.
n = "named_server"
add(n, "error", every(n, r"dns_master_load: |loading from master file .* failed"))
once(n, r"not loaded due to errors", "error")
add(n, "error", every(n, r"query failed"))
exits(n)

# snmpwalk: the agent's MIB loading warnings (first 5 of each shape, rule 2), the configuration
# warning, the unknown name, the timeout, the missing object; exits.
n = "snmpwalk_agent"
M.by_rule(n, r"^(?P<rule>Cannot find module|Did not find|Unlinked OID|Undefined identifier|Cannot adopt OID)", "warning")
add(n, "warning", every(n, r"Warning: Unknown token"))
add(n, "error", every(n, r"Unknown Object Identifier|^Timeout: |No Such Object"))
exits(n)

# ngrep/tcpflow over a capture: each 404 response (rule 7), the missing or cut file; exits.
n = "ngrep_pcap"
add(n, "error", every(n, r"HTTP/1\.0 404"))
add(n, "error", every(n, r"No such file"))
exits(n)
n = "tcpflow_pcap"
add(n, "error", every(n, r"HTTP/1\.0 404"))
add(n, "error", every(n, r"truncated dump file"))
exits(n)

# kea: the syntax check failure, the lock file warning once, the fatal start-up error; exits.
n = "kea_dhcp4"
add(n, "error", every(n, r"Syntax check failed"))
once(n, r"Unable to use interprocess sync lockfile", "warning")
add(n, "error", every(n, r"Fatal error"))
exits(n)

# keepalived: the unbalanced braces once, each configuration finding with its line, the unknown
# interface once, the child's permanent error, ipvs; exits.
n = "keepalived_vrrp"
once(n, r"missing '\}'s", "error")
add(n, "error", every(n, r"\(\S+\.conf: Line \d+\)"))
once(n, r"Unknown interface!", "error")
add(n, "error", every(n, r"permanent error|Can't initialize ipvs"))
exits(n)

# pyinfra: the operation that failed, the traceback's first frame (no fixture frame) and its
# exception once, the `failed` greenlet line, the internal exception notice; exits.
n = "pyinfra_local"
fail = M.find(n, r"^Traceback")
add(n, "failure", [max(i for i in every(n, r"^--> Starting operation: ") if i < fail)])
once(n, r"^  File \"", "frame")
once(n, r"^OSError: ", "error")
add(n, "error", every(n, r"> failed$|> failed |An internal exception occurred"))
exits(n)

M.write()

#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild7` logs, by line number (chosen while reading each log
top to bottom, never looking at the compressor; procedure in the corpus README). Writes
labels/NAME.txt (KIND<TAB>line verbatim). Then run `bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild7/marks.py
"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import log_lines, write_labels
D = os.environ.get("WILD7_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                "crates", "observe", "tests", "data", "wild7")
def lines(name): return log_lines(f"{D}/logs/{name}.log")
L = {}
def lab(name, **kinds):
    L[name] = {k: list(v) for k, v in kinds.items()}

# PostgreSQL: each ERROR/FATAL and the DETAIL under it (the why), the HINT of a start failure,
# `duration:` lines of log_min_duration_statement and the lock-wait report (warnings).
lab("pg_verbose", error=[179, 180, 189, 190, 199, 200, 209, 210, 219, 236, 245, 251], warning=[228, 317])
lab("pg_timeouts", error=[11, 13, 16, 17, 25], warning=[8, 15])
lab("pg_start_errors", error=[13, 14, 16, 19], message=[17], warning=[18])
# redis: the start warning once (the second run prints it again), the bind failure, the AOF error.
lab("redis_runs", warning=[7], error=[13, 14, 32])
# nginx: each file-not-found (different files), each upstream failure once per upstream (the
# requests differ only in numbers), the body-size error, the bind failure once and its give-up.
lab("nginx_proxy_run", error=[37, 39, 41, 43, 45, 47, 56, 69, 75, 85])
# access logs: lines with a status >= 400, the first 5 of each status.
lab("nginx_access", error=[31, 32, 33, 34, 35, 36, 37, 38, 39, 42, 40, 41])
lab("apache_access", error=[25, 26, 28, 29, 30, 31, 32])
# apache: the refused second start, each client error once, the script's stderr warning, the proxy
# failure once (three identical requests).
lab("apache_error", error=[1, 5, 6, 7, 10, 12, 13, 14], warning=[8])
# mariadb: each [ERROR] once (the second `Aborting` repeats the first), each [Warning] once per
# message (the two aborted connections differ only in numbers).
lab("mariadb_error", error=[18, 19, 43, 44, 45, 53, 55, 57, 59, 60, 68], warning=[62, 63, 65, 67])
# memcached -vv: the error replies it logs and the failures of the other two starts.
lab("memcached_vv", error=[51, 55, 61, 154, 155])
# haproxy: each server DOWN (the raw copy of the same message once), no server available, the 4xx/5xx
# request lines (first 5 of each status), the config errors.
lab("haproxy_log", warning=[1, 3, 23], error=[5, 19, 20, 21, 22, 25, 27, 28, 31, 32, 33])
lab("dnsmasq_queries", error=[33, 36])
lab("lighttpd_error", error=[61, 76, 77])
# syslog files: each error or warning message once (PAM limit warnings once per limit).
lab("syslog_auth", error=[3, 6, 9, 18, 19, 20, 21, 22, 23, 24, 25, 44, 45], warning=[12, 15, 16, 34])
lab("syslog_all", error=[22, 23, 25, 26, 27])
lab("syslog_5424", error=[4, 7, 10, 19, 20, 21, 22, 23, 24, 25, 26, 45, 46, 68, 69, 71, 72, 73],
    warning=[13, 16, 17, 35])

if __name__ == "__main__":
    write_labels(D, L)

#!/usr/bin/env python3
"""Builds the `wild7` corpus: a small blind set of real server and system logs (PostgreSQL with
other `log_line_prefix` settings and verbose errors, redis, nginx and apache error and access logs,
mariadb, memcached -vv, haproxy, dnsmasq, lighttpd, rsyslog files written by sshd, sudo/PAM and
logger). Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild7/gen.py WORKDIR OUTDIR [NAME_FILTER]    # as root

Scenarios are the lines of scenarios.tsv (name, tool, cwd, command); the scripts they run are in
scripts/ (copied to WORKDIR/sh). Labels are chosen by hand afterwards (marks.py).
"""
import os, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "blind"))
import record

WORK, OUT, FILTER = record.args()
if os.path.exists(WORK):
    shutil.rmtree(WORK)
SH = os.path.join(WORK, "sh")
shutil.copytree(os.path.join(HERE, "scripts"), SH)
conf = os.path.join(SH, "rsyslog.conf")
text = open(conf).read().replace("ROOT", SH)
open(conf, "w").write(text)
os.chmod(WORK, 0o755)
os.chmod(SH, 0o777)
scens = [(n, t, "sh", c) for n, t, _, c in record.scenarios(HERE)]
record.record(WORK, OUT, FILTER, scens, [], timeout=120)

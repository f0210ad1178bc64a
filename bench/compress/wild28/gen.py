#!/usr/bin/env python3
"""Builds the `wild28` corpus: a blind set of real outputs of servers, databases, message brokers
and network daemons (their logs and admin tools) no earlier set holds, recorded before the
compressor saw any of it. Fixtures (`fixtures.py`) are run through redis-check-aof,
redis-check-rdb, nats-server, unbound, dhcpd, pg_restore, vacuumdb, mariadb-check, mariadb-dump,
postfix (postconf/postmap), dovecot, stunnel, tinyproxy, bird, varnishtest, spamassassin, tor,
proftpd and syslog-ng,
with faults put in the middle of each run (a cut or damaged data file, a refused or misbehaving
client, a clashing table, a missing role, a damaged index, a bad configuration line, a failing
test). Every service listens on 127.0.0.1 only and every run is bounded in time. Each run's
merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild28/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12, as root): redis-server, nats-server, unbound, dnsutils, isc-dhcp-server,
postgresql, postgresql-common (pg_virtualenv), mariadb-server, mariadb-client, postfix,
dovecot-core, dovecot-imapd, stunnel4, openssl, curl, tinyproxy, bird2, varnish, spamassassin,
tor, proftpd-basic, lftp, syslog-ng-core.
"""
import os, shutil, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()

PROJECTS = {"aof": F.redis_aof, "rdb": F.redis_rdb, "nats": F.nats, "unbound": F.unbound, "dhcpd": F.dhcpd,
            "pgrestore": F.pg_restore, "vacuumdb": F.vacuumdb, "mariadb-check": F.mariadb_check,
            "mariadb-dump": F.mariadb_dump, "postfix": F.postfix, "dovecot": F.dovecot, "stunnel": F.stunnel,
            "tinyproxy": F.tinyproxy, "bird": F.bird, "varnishtest": F.varnishtest, "spamassassin": F.spamassassin,
            "tor": F.tor, "proftpd": F.proftpd, "syslog-ng": F.syslog_ng}


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(os.path.join(WORK, "home"))
    for proj, make in PROJECTS.items():
        record.write(WORK, proj, make(), subst_root=True)
    os.chmod(WORK, 0o755)  # the daemons that drop privileges read their files under it


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=300,
                  extra_env={"HOME": os.path.join(WORK, "home"), "USER": "root"})


main()

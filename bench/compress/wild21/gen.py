#!/usr/bin/env python3
"""Builds the `wild21` corpus: a blind set of real outputs (most of them 200+ lines) of security
tools, daemons and process supervisors no earlier set holds, recorded before the compressor saw
any of it. Fixtures (`fixtures.py`) are run through yara, aide, chkrootkit, debsums, clamscan,
slapadd/slapcat, slapd (with ldap-utils clients), pdnsutil, pdns_server, openvpn, supervisord,
honcho, celery (redis broker), monit, collectd, exim and aiosmtpd, with faults put in the middle
of each run (a broken rule file, changed files, a bad LDIF entry, a broken zone, a wrong key, a
crashing program, a failing task and a dead broker, a dead port, a failing probe, an unroutable
address, a bad SMTP command) so that they fail or warn somewhere in the middle. Servers listen on
127.0.0.1 only. Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild21/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): yara, aide, chkrootkit, debsums, clamav, slapd, ldap-utils, pdns-server,
pdns-backend-bind, openvpn, collectd-core, monit, exim4-daemon-light, redis-server, dnsutils; and a
virtual environment (VENV, default /tmp/cwild25-venv) with supervisor, honcho, celery, redis and
aiosmtpd from PyPI. debsums_conffiles appends a comment to /etc/monit/monitrc and
/etc/chkrootkit/chkrootkit.conf (conffiles of packages installed for this set) so that debsums has something
to find.
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/cwild25-venv")


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def write(proj, files):
    return record.write(WORK, proj, files)


def security():
    write("scan", F.yara_rules())
    write("scan", F.scan_tree())
    run("head -c 3000 /dev/urandom > tree/d1/blob.bin && cd tree/d3 && zip -q ../../nested.zip ../d2/eicar.com "
        "doc003.txt && cd ../.. && cp nested.zip tree/d3/bundle.zip && head -c 200 nested.zip > tree/d0/cut.zip", "scan")
    write("scan", {"db/custom.ndb": "Lab.Test.Eicar:0:*:" + "EICAR-STANDARD-ANTIVIRUS-TEST-FILE".encode().hex() + "\n"
                   + "Lab.Shell.Dropper:0:*:" + "curl -s http".encode().hex() + "\n",
                   "db/custom.ldb": "Lab.Token;Engine:51-255,Target:0;0&1;" + "token=".encode().hex()
                   + ";" + "export".encode().hex() + "\n"})
    root = os.path.join(WORK, "aide")
    write("aide", {f"watched/etc/app{i}.conf": f"key{i}=value\n" for i in range(30)})
    write("aide", {f"watched/lib/mod{i}.so": f"mod {i}\n" * i for i in range(40)})
    write("aide", {f"watched/bin/tool{i}": f"#!/bin/sh\necho {i}\n" for i in range(12)})
    write("aide", {"watched/tmp/scratch": "x\n", "aide.conf": F.aide_conf(root),
                   "broken.conf": F.aide_conf(root) + "@@define DIR\n@@ifdef\n/watched/x Nope+q\n"})
    os.makedirs(os.path.join(root, "db"))
    run("sed -i '/Checks-bogus/d' aide.conf", "aide")
    write("rk/fakeroot", {"bin/ls": "#!/bin/sh\n", "etc/passwd": "root:x:0:0::/root:/bin/sh\n",
                          "usr/lib/.hidden/.x": "payload\n", "dev/.udev.d/ttyop": "\x00\x01\n"})


def directory():
    root = os.path.join(WORK, "ldap")
    write("ldap", {"slapd.conf": F.slapd_conf(root), "people.ldif": F.people_ldif(),
                   "more.ldif": "\n".join(F.people_ldif(44).split("\n\n")[40:43]) + "\n\ndn: uid=user05,ou=people,dc=example,dc=test\n"
                   "objectClass: inetOrgPerson\ncn: dup\nsn: dup\nuid: user05\n",
                   "mod.ldif": "dn: uid=user03,ou=people,dc=example,dc=test\nchangetype: modify\nreplace: mail\n"
                   "mail: three@example.test\n-\nadd: favouriteColour\nfavouriteColour: blue\n\n"
                   "dn: uid=user04,ou=people,dc=example,dc=test\nchangetype: modify\nreplace: mail\nmail: four@example.test\n"})
    os.makedirs(os.path.join(root, "ldapdb"))
    dns = os.path.join(WORK, "dns")
    write("dns", {"pdns.conf": f"launch=bind\nbind-config={dns}/named.conf\nlocal-address=127.0.0.1\nlocal-port=15353\n"
                  f"socket-dir={dns}\nloglevel=6\nlog-dns-queries=yes\nlog-dns-details=yes\nguardian=no\ndaemon=no\n"
                  "webserver=no\nsetuid=\nsetgid=\n",
                  "named.conf": f'options {{ directory "{dns}"; }};\nzone "example.test" {{ type master; file "example.test.zone"; }};\n'
                  f'zone "lab.test" {{ type master; file "lab.test.zone"; }};\nzone "gone.test" {{ type master; file "gone.test.zone"; }};\n',
                  "example.test.zone": F.zone(broken=True),
                  "lab.test.zone": F.zone().replace("example.test", "lab.test")})


def daemons():
    vpn = os.path.join(WORK, "vpn")
    os.makedirs(vpn)
    run("openvpn --genkey secret k1.key && openvpn --genkey secret k2.key", "vpn")
    write("vpn", {"a.conf": F.openvpn_conf(11941, 11942, "k1.key"), "b-wrong.conf": F.openvpn_conf(11942, 11941, "k2.key"),
                  "b.conf": F.openvpn_conf(11942, 11941, "k1.key"), "c.conf": F.openvpn_conf(11943, 11944, "missing.key")})
    sup = os.path.join(WORK, "sup")
    write("sup", {"supervisord.conf": F.supervisord_conf(sup), "steady.py": F.STEADY, "crasher.py": F.CRASHER,
                  "reporter.py": F.REPORTER})
    os.makedirs(os.path.join(sup, "logs"))
    write("procs", {"Procfile": F.procfile(), "worker.py": F.WORKER, "migrate.py": F.MIGRATE, "status0.txt": "ok\n",
                    "status1.txt": "ok\n"})
    write("queue", {"tasks.py": F.CELERY_TASKS, "client.py": F.CELERY_CLIENT})
    mon = os.path.join(WORK, "mon")
    write("mon", {"monitrc": F.monitrc(mon), "app.conf": "threshold=10\nmode=fast\n"})
    os.chmod(os.path.join(mon, "monitrc"), 0o600)
    col = os.path.join(WORK, "col")
    write("col", {"collectd.conf": F.collectd_conf(col), "probe.sh": F.PROBE,
                  "broken.conf": F.collectd_conf(col) + "LoadPlugin nosuchplugin\n"})
    os.chmod(os.path.join(col, "probe.sh"), 0o755)
    os.makedirs(os.path.join(col, "csv"))
    write("mail", {"session.txt": "EHLO client.example.test\r\nMAIL FROM:<ann@example.test>\r\nRCPT TO:<postmaster@localhost>\r\n"
                   "RCPT TO:<nobody@unrouted.invalid>\r\nRCPT TO:<root@localhost>\r\nDATA\r\nSubject: test\r\n\r\nhello\r\n.\r\n"
                   "VRFY root\r\nMAIL FROM:<bad address>\r\nQUIT\r\n", "client.py": F.SMTP_CLIENT})


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    security()
    directory()
    daemons()
    os.makedirs(os.path.join(WORK, "home"))
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin")], timeout=300,
                  extra_env={"HOME": os.path.join(WORK, "home"), "USER": "ops"})


main()

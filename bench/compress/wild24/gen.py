#!/usr/bin/env python3
"""Builds the `wild24` corpus: a blind set of real outputs (most of them 200+ lines) of network and
infrastructure tools no earlier set holds, recorded before the compressor saw any of it. Fixtures
(`fixtures.py`) are run through socat, siege, lftp, httpie, locust, iperf (v2), hping3, gnutls-cli,
certtool, sslscan, knotd, ldns-read-zone/ldns-verify-zone, drill, named, snmpwalk, ngrep, tcpflow, kea-dhcp4, keepalived
and pyinfra, with faults put in the middle of each run (missing pages and a dead port under a
local http.server, an expired certificate, a wrong CA and a wrong host name, a broken zone and a
missing zone file, a wrong SNMP community, a cut pcap, a broken DHCP and VRRP configuration, a
failing deploy step) so that they fail or warn somewhere in the middle. Servers listen on
127.0.0.1 only. Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild24/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): socat, siege, lftp, iperf, hping3, gnutls-bin, sslscan, openssl, knot,
ldnsutils, bind9, snmpd, snmp, ngrep, tcpflow, tcpdump, kea-dhcp4-server, keepalived; and a virtual
environment (VENV, default /tmp/cwild28-venv) with httpie, locust and pyinfra from PyPI.
"""
import os, shutil, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/cwild28-venv")


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def write(proj, files, subst_root=False):
    return record.write(WORK, proj, files, subst_root)


def web():
    write("web", F.site())
    write("web", {"urls.txt": F.urls("http://127.0.0.1:28080", "http://127.0.0.1:28099"),
                  "httpie.sh": F.HTTPIE, "siegerc": F.SIEGERC, "locustfile.py": F.LOCUSTFILE})
    os.makedirs(os.path.join(WORK, "web", "mirror"))
    os.makedirs(os.path.join(WORK, "pcap"))
    # a capture of a short session against the site (pages, 404s, a refused connection), and a cut copy
    run("python3 -m http.server 28080 --bind 127.0.0.1 -d site >/dev/null 2>&1 & H=$!; "
        "tcpdump -i lo -s 0 -U -w ../pcap/traffic.pcap 'tcp port 28080 or tcp port 28099' >/dev/null 2>&1 & T=$!; sleep 2; "
        "for u in $(head -n 14 urls.txt) http://127.0.0.1:28080/private/ http://127.0.0.1:28099/x; do "
        "python3 -c 'import sys,urllib.request as u\ntry: u.urlopen(sys.argv[1], timeout=2).read()\nexcept Exception as e: print(e)' $u; done; "
        "sleep 1; kill $T; wait $T; kill $H; true", "web")
    run("head -c 9000 traffic.pcap > cut.pcap", "pcap")


def tls():
    os.makedirs(os.path.join(WORK, "tls"))
    write("tls", {"mk.sh": F.TLS})
    run("bash mk.sh", "tls")


def dns():
    for proj in ("knot", "named"):
        write(proj, {"lab.test.zone": F.zone("lab.test"), "broken.test.zone": F.zone("broken.test", broken=True)})
    root = os.path.join(WORK, "knot")
    write("knot", {"knot.conf": F.knot_conf(root, 28353)})
    os.makedirs(os.path.join(root, "run"))
    os.makedirs(os.path.join(root, "db"))
    write("named", {"named.conf": F.named_conf(os.path.join(WORK, "named"), 28354)})


def daemons():
    snmp = os.path.join(WORK, "snmp")
    write("snmp", {"snmpd.conf": F.snmpd_conf(snmp)})
    os.makedirs(os.path.join(snmp, "persist"))
    kea = os.path.join(WORK, "kea")
    write("kea", {"good.json": F.kea_conf(kea), "broken.json": F.kea_conf(kea, broken=True)})
    write("vrrp", {"good.conf": F.keepalived_conf(), "broken.conf": F.keepalived_conf(broken=True)})
    write("infra", {"deploy.py": F.PYINFRA_DEPLOY}, subst_root=True)
    write("infra", {f"src/app{i}.conf": f"name=app{i}\nworkers=2\nport={28200 + i}\n" for i in range(6) if i != 4})


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    web()
    tls()
    dns()
    daemons()
    os.makedirs(os.path.join(WORK, "home"))
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin")], timeout=300,
                  extra_env={"HOME": os.path.join(WORK, "home"), "USER": "ops"})


main()

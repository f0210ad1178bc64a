#!/usr/bin/env python3
"""Builds the `wild16` corpus: a blind set of real outputs (most of them 200+ lines) of services,
infrastructure-as-code tools, config checkers and data tools that no earlier set holds, recorded
before the compressor saw any of it. Real inputs of this machine (the metric families of a running
Prometheus, Debian's squid.conf, /usr/share/doc, the installed packages' dpkg records, traffic
recorded on lo) and small fixtures (`fixtures.py`) are run through promtool, prometheus, amtool,
alertmanager, caddy, squid, mosquitto, tcpdump, datamash, mlr, csvstat, csvclean, uwsgi,
terraform, checkov, kubectl kustomize, zizmor, alembic and rsyslogd, with faults put in the middle of each run (a
broken rule or directive, a dead upstream, a bad password, a ragged row, a failing migration) so
that they fail or warn somewhere in the middle. Services listen on 127.0.0.1 only. Each run's
merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild16/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): prometheus, prometheus-alertmanager, caddy, squid, mosquitto,
mosquitto-clients, tcpdump, datamash, miller, csvkit, uwsgi-core, uwsgi-plugin-python3, rsyslog,
curl, terraform; VENV (default /tmp/w16venv) with PyPI's checkov, zizmor and alembic.
"""
import csv, glob, json, os, shutil, subprocess, sys, time, urllib.request

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/w16venv")
os.environ.pop("TF_CLI_CONFIG_FILE", None)
os.environ["CHECKPOINT_DISABLE"] = "1"


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=dict(os.environ, PATH=VENV + "/bin:" + os.environ["PATH"]))


def write(proj, files):
    return record.write(WORK, proj, files)


def metric_families():
    """The counter and gauge families a freshly started Prometheus exports about itself."""
    d = os.path.join(WORK, "prom", "probe")
    os.makedirs(d)
    open(os.path.join(d, "p.yml"), "w").write("scrape_configs: []\n")
    p = subprocess.Popen(["prometheus", "--config.file=p.yml", "--web.listen-address=127.0.0.1:19095",
                          "--storage.tsdb.path=data"], cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(40):
            time.sleep(0.5)
            try:
                text = urllib.request.urlopen("http://127.0.0.1:19095/metrics").read().decode()
                break
            except OSError:
                continue
    finally:
        p.terminate()
        p.wait()
    shutil.rmtree(d)
    fams = []
    for l in text.splitlines():
        if l.startswith("# TYPE ") and l.split()[3] in ("counter", "gauge"):
            fams.append((l.split()[2], l.split()[3]))
    return fams


def prom():
    fams = metric_families()[:70]
    rules = []
    for name, typ in fams:
        if typ == "counter":
            rules.append(f"      - record: job:{name}:rate1m\n        expr: sum by (job) (rate({name}[1m]))\n")
        else:
            rules.append(f"      - record: job:{name}:max\n        expr: max by (job) ({name})\n")
    good = F.RULES_HEAD + "".join(rules) + F.RULES_TAIL
    bad = list(rules)
    # three faults in the middle: an unclosed call, a `for` on a recording rule, a bad metric name
    bad[22] = bad[22].replace("[1m]))", "[1m])").replace(":max\n        expr: max by (job) (", ":max\n        expr: max by (job (")
    bad[37] = bad[37] + "        for: 5m\n"
    bad[51] = bad[51].replace("record: job:", "record: job-")
    write("prom", {"prometheus.yml": F.PROM_YML, "reload_bad.yml": F.PROM_BROKEN_RELOAD, "tests.yml": F.RULE_TESTS,
                   "rules.yml": good, "rules_bad.yml": F.RULES_HEAD + "".join(bad) + F.RULES_TAIL})


def caddy():
    doc = "/usr/share/doc"
    files = sorted(glob.glob(doc + "/*/copyright"))[:70]
    urls = ["/", "/health", "/old"]
    for i, f in enumerate(files):
        urls.append(f[len(doc):])
        if i % 9 == 4:
            urls.append(f[len(doc):].replace("copyright", "README.md"))  # missing: 404
        if i == 35:
            urls += ["/api/v1/balance", "/api/v1/entries?page=2", "/api/health", "/"]  # no upstream: 502
    write("caddy", {"Caddyfile": F.CADDYFILE.replace("DOCROOT", doc), "Caddyfile.bad": F.CADDY_BAD,
                    "urls.txt": "\n".join(urls) + "\n"})


def squid():
    conf = open("/etc/squid/squid.conf").read()
    ports = []
    for l in open("/etc/services"):
        f = l.split("#")[0].split()
        if len(f) >= 2 and f[1].endswith("/tcp") and f[0] not in ports:
            ports.append((f[0], f[1].split("/")[0]))
    extra = ["", "# ledger office proxy"]
    for i, (name, port) in enumerate(ports[:250]):
        extra.append(f"acl svc_{name.replace('-', '_')} port {port}")
        if i == 50:
            extra.append("acl office src 10.20.0.0/16")
        if i == 80:
            extra.append("cache_peer_access upstream allow office")
        if i == 100:
            extra.append("acl office src 10.20.5.0/24")
        if i == 200:
            extra.append("cache_mem 64 XB")
    extra += ["http_access allow office", "maximum_object_size 8 MB", "refresh_pattern_typo . 0 20% 4320"]
    write("squid", {"squid.conf": conf + "\n".join(extra) + "\n"})


def mqtt():
    d = write("mqtt", {"mosquitto.conf": F.MOSQ_CONF.replace("PWFILE", os.path.join(WORK, "mqtt", "pw"))})
    run("mosquitto_passwd -b -c pw ops s3cret && chmod 0644 pw", "mqtt")
    os.chmod(d, 0o755)


def net():
    os.makedirs(os.path.join(WORK, "net"))
    run("tcpdump -i lo -U -w lo.pcap 'tcp port 19299 or tcp port 19298 or udp port 19297 or icmp' & T=$!; sleep 1; "
        "python3 -m http.server 19299 --bind 127.0.0.1 --directory /usr/share/doc/bash & H=$!; sleep 1; "
        "curl -s -o /dev/null http://127.0.0.1:19299/; curl -s -o /dev/null http://127.0.0.1:19299/nosuch; "
        "curl -s -o /dev/null http://127.0.0.1:19298/ || true; "
        "python3 -c 'import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.sendto(b\"ping\", (\"127.0.0.1\", 19297))'; "
        "for f in copyright README NEWS.gz nosuch.txt changelog.gz copyright README.md RBASH; do curl -s -o /dev/null http://127.0.0.1:19299/$f; done; sleep 1; kill $H; sleep 1; kill $T; wait $T || true", "net")
    data = open(os.path.join(WORK, "net", "lo.pcap"), "rb").read()
    open(os.path.join(WORK, "net", "cut.pcap"), "wb").write(data[: len(data) * 3 // 5])


def data():
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${Section}\t${Priority}\t${Installed-Size}\t${Version}\t"
                          "${Architecture}\t${Status}\n"], stdout=subprocess.PIPE, text=True, check=True).stdout
    rows = [r.split("\t") for r in out.splitlines()][:400]
    head = ["package", "section", "priority", "size", "version", "arch", "status"]
    bad = [list(r) for r in rows]
    bad[len(bad) * 2 // 5][3] = bad[len(bad) * 2 // 5][3] + "k"
    bad[len(bad) * 7 // 10].append("orphan")
    os.makedirs(os.path.join(WORK, "data"))
    for name, rs in (("pkgs_ok", rows), ("pkgs_bad", bad)):
        with open(os.path.join(WORK, "data", name + ".tsv"), "w") as f:
            f.write("\n".join("\t".join(r) for r in [head] + rs) + "\n")
        with open(os.path.join(WORK, "data", name + ".csv"), "w", newline="") as f:
            csv.writer(f, lineterminator="\n").writerows([head] + rs)


def wsgi():
    urls = []
    for i in range(160):
        urls.append(["/", "/balance/acme", "/balance/globex", "/ratio/acme/initech", "/favicon.ico"][i % 5])
        if i in (21, 58):
            urls.append("/balance/umbrella")  # KeyError: 500
        if i == 37:
            urls.append("/ratio/acme/nosuch")  # ZeroDivisionError: 500
    write("wsgi", {"app.py": F.WSGI_APP, "urls.txt": "\n".join(urls) + "\n"})


def tf():
    good = ('services = {\n  api = { replicas = 6, port = 8080 }\n  worker = { replicas = 4, port = 9090 }\n'
            '  cron = { replicas = 2, port = 9091 }\n  metrics = { replicas = 2, port = 9090 }\n}\n')
    write("tf", {"main.tf": F.TF_MAIN, "good.tfvars": good})
    fmt = 'variable "owner" {\ntype=string\n    default = "ops"\n}\n'
    write("tfbad", dict(F.TF_BROKEN, **{"owner.tf": fmt}))
    write("iac", dict(F.IAC_TF, **{"k8s/deploy.yaml": F.IAC_K8S}))
    write("kube", dict(F.KUSTOMIZE, **{"base/deploy.yaml": F.IAC_K8S}))
    write("gha", {".github/workflows/" + k: v for k, v in F.WORKFLOWS.items()})


def mig():
    os.makedirs(os.path.join(WORK, "mig"))
    run("alembic init -t generic migrations >/dev/null && sed -i 's#^sqlalchemy.url = .*#sqlalchemy.url = sqlite:///ledger.db#' alembic.ini", "mig")
    write("mig", {"migrations/versions/" + k: v for k, v in F.ALEMBIC_VERSIONS.items()})


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    prom()
    write("am", {"alertmanager.yml": F.AM_YML, "bad.yml": F.AM_BAD})
    caddy()
    squid()
    mqtt()
    net()
    data()
    wsgi()
    tf()
    mig()
    write("rsys", {"rsyslog.conf": F.RSYSLOG_CONF})
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [VENV + "/bin"], timeout=300)


main()

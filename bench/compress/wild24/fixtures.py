"""Fixture texts of the `wild24` corpus (`gen.py`): a web tree with broken links, DNS zones (one
broken), TLS material made by openssl, daemon configurations and load scripts, all written for this
set."""

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
         "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"]


def site():
    """A static site of 3 sections x 20 pages; each page links to its neighbours, and a few link to
    pages that do not exist (404s) or to a dead port."""
    files = {}
    index = ["<html><body><h1>lab site</h1>"]
    for s in ("docs", "blog", "api"):
        index.append(f'<a href="{s}/">{s}</a>')
        links = []
        for i, w in enumerate(WORDS):
            links.append(f'<a href="{w}.html">{w}</a>')
            body = f"<html><body><h1>{s} {w}</h1><p>{'text ' * (40 + i * 7)}</p>"
            body += f'<a href="{WORDS[(i + 1) % 20]}.html">next</a>'
            if i in (4, 11) and s != "api":
                body += f'<a href="missing-{w}.html">old</a>'
            if i == 7 and s == "blog":
                body += '<a href="http://127.0.0.1:28099/feed.xml">feed</a>'
            files[f"site/{s}/{w}.html"] = body + "</body></html>\n"
        files[f"site/{s}/index.html"] = "<html><body>" + " ".join(links) + '<a href="archive.html">archive</a></body></html>\n'
    files["site/index.html"] = "\n".join(index) + '\n<a href="gone/">gone</a></body></html>\n'
    files["site/api/v1.json"] = '{"version": 1, "items": [' + ", ".join(f'"{w}"' for w in WORDS) + "]}\n"
    files["site/robots.txt"] = "User-agent: *\nDisallow: /private/\n"
    return files


def urls(base, dead):
    """siege/h2load URL list: pages, missing pages, a dead port."""
    out = [f"{base}/index.html"]
    for i, w in enumerate(WORDS):
        out.append(f"{base}/docs/{w}.html")
        if i % 6 == 5:
            out.append(f"{base}/docs/missing-{w}.html")
    out.append(f"{base}/api/v1.json")
    out.append(f"{dead}/feed.xml")
    return "\n".join(out) + "\n"


def zone(origin, broken=False, serial=2026120701):
    """A zone of 30 hosts; the broken one has a CNAME beside other data, an MX to a missing name,
    an out-of-zone NS without glue, a bad TTL and a bad record."""
    rows = [f"$ORIGIN {origin}.", "$TTL 3600",
            f"@ IN SOA ns1.{origin}. hostmaster.{origin}. ( {serial} 3600 900 604800 300 )",
            f"@ IN NS ns1.{origin}.", "ns1 IN A 127.0.0.1", f"@ IN MX 10 mail.{origin}.", "mail IN A 192.0.2.25",
            "www IN CNAME host01"]
    rows += [f"host{i:02d} IN A 192.0.2.{i + 10}" for i in range(1, 31)]
    rows += [f"host{i:02d} IN TXT \"rack={i % 4}\"" for i in range(1, 31, 3)]
    if broken:
        rows[20:20] = ["www IN A 192.0.2.99", f"@ IN MX 20 nomail.{origin}.", "sub IN NS ns.elsewhere.example.",
                       "bad 99999999999 IN A 192.0.2.1", "weird IN A 300.1.2.3", "host05 IN AAAA 2001:db8::zz"]
    return "\n".join(rows) + "\n"


def knot_conf(root, port):
    """knotd configuration: two zones (one broken), a missing zone file, logging to stderr."""
    return f"""server:
    rundir: "{root}/run"
    listen: 127.0.0.1@{port}

log:
  - target: stderr
    any: debug

database:
    storage: "{root}/db"

template:
  - id: default
    storage: "{root}"
    semantic-checks: on

zone:
  - domain: lab.test
    file: lab.test.zone
  - domain: broken.test
    file: broken.test.zone
  - domain: gone.test
    file: gone.test.zone
"""


def named_conf(root, port):
    """named configuration: query logging, two zones (one broken), a missing zone file."""
    return f"""options {{
    directory "{root}";
    listen-on port {port} {{ 127.0.0.1; }};
    listen-on-v6 {{ none; }};
    pid-file "{root}/named.pid";
    recursion no;
    querylog yes;
    dnssec-validation no;
}};
logging {{
    channel out {{ stderr; severity info; print-time yes; print-category yes; print-severity yes; }};
    category default {{ out; }};
    category queries {{ out; }};
    category lame-servers {{ null; }};
}};
controls {{ }};
zone "lab.test" {{ type primary; file "lab.test.zone"; }};
zone "broken.test" {{ type primary; file "broken.test.zone"; }};
zone "gone.test" {{ type primary; file "gone.test.zone"; }};
"""


TLS = """set -e
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 365 -subj "/CN=Lab Root CA" 2>/dev/null
mk() {  # name cn days-offset(start) days
  openssl req -newkey rsa:2048 -nodes -keyout $1.key -out $1.csr -subj "/CN=$2" 2>/dev/null
  printf 'subjectAltName=DNS:%s\\nbasicConstraints=CA:FALSE\\n' "$2" > $1.ext
  openssl x509 -req -in $1.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out $1.pem -days $3 -extfile $1.ext $4 2>/dev/null
}
mk server localhost 90
mk other other.test 90
openssl req -newkey rsa:2048 -nodes -keyout expired.key -out expired.csr -subj "/CN=localhost" 2>/dev/null
printf 'subjectAltName=DNS:localhost\\n' > expired.ext
printf 'cn = "localhost"\ndns_name = "localhost"\nactivation_date = "2024-01-01 00:00:00"\nexpiration_date = "2025-01-01 00:00:00"\ntls_www_server\n' > expired.tmpl
certtool --generate-certificate --load-request expired.csr --load-ca-certificate ca.pem --load-ca-privkey ca.key --template expired.tmpl --outfile expired.pem 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -keyout rogue.key -out rogue-ca.pem -days 30 -subj "/CN=Rogue CA" 2>/dev/null
cat server.pem ca.pem > chain-good.pem
cat expired.pem ca.pem > chain-expired.pem
cat other.pem rogue-ca.pem > chain-wrongca.pem
head -c 700 server.pem > corrupt.pem
"""


def snmpd_conf(root):
    """snmpd: read-only community `public` on 127.0.0.1 only."""
    return f"""agentaddress udp:127.0.0.1:28161
rocommunity public 127.0.0.1
sysLocation lab rack 4
sysContact ops@example.test
sysName lab-snmp
persistentDir {root}/persist
"""


def kea_conf(root, broken=False):
    """kea-dhcp4: memfile leases, two subnets on lo; the broken one has an overlapping pool, an
    option without a value and an unknown parameter."""
    pools2 = '{ "pool": "10.28.2.10 - 10.28.2.200" }'
    extra = ""
    if broken:
        pools2 = '{ "pool": "10.28.2.10 - 10.28.2.200" }, { "pool": "10.28.2.150 - 10.28.2.250" }'
        extra = ', "option-data": [ { "name": "domain-name-servers" } ], "renew-timer-typo": 100'
    return f"""{{ "Dhcp4": {{
  "interfaces-config": {{ "interfaces": [ "lo" ], "dhcp-socket-type": "udp" }},
  "lease-database": {{ "type": "memfile", "persist": true, "name": "{root}/leases4.csv", "lfc-interval": 0 }},
  "control-socket": {{ "socket-type": "unix", "socket-name": "{root}/kea4.sock" }},
  "valid-lifetime": 4000,
  "subnet4": [
    {{ "id": 1, "subnet": "10.28.1.0/24", "pools": [ {{ "pool": "10.28.1.10 - 10.28.1.200" }} ],
       "option-data": [ {{ "name": "routers", "data": "10.28.1.1" }} ] }},
    {{ "id": 2, "subnet": "10.28.2.0/24", "pools": [ {pools2} ]{extra} }}
  ],
  "loggers": [ {{ "name": "kea-dhcp4", "output_options": [ {{ "output": "stdout" }} ], "severity": "DEBUG", "debuglevel": 55 }} ]
}} }}
"""


def keepalived_conf(broken=False):
    """keepalived: a VRRP instance on lo and a virtual server with two real servers (one on a dead
    port); the broken one has an unknown keyword, a bad priority and an unterminated block."""
    bad = "    prority 300\n    advert_int abc\n    bogus_keyword yes\n" if broken else ""
    tail = "" if broken else "}\n"
    return f"""global_defs {{
    router_id lab28
    enable_script_security
    script_user root
}}
vrrp_script chk_web {{
    script "/bin/sh -c 'exit 1'"
    interval 1
    fall 2
}}
vrrp_instance VI_28 {{
    state MASTER
    interface lo
    virtual_router_id 128
    priority 100
{bad}    advert_int 1
    virtual_ipaddress {{
        10.28.9.1/32
    }}
    track_script {{
        chk_web
    }}
}}
virtual_server 127.0.0.1 28081 {{
    delay_loop 1
    lb_algo rr
    lb_kind NAT
    protocol TCP
    real_server 127.0.0.1 28080 {{
        TCP_CHECK {{
            connect_timeout 1
        }}
    }}
    real_server 127.0.0.1 28099 {{
        TCP_CHECK {{
            connect_timeout 1
        }}
    }}
{tail}"""


LOCUSTFILE = """from locust import HttpUser, task, between


class Reader(HttpUser):
    wait_time = between(0.05, 0.2)

    @task(5)
    def page(self):
        self.client.get("/docs/alpha.html")

    @task(2)
    def section(self):
        self.client.get("/blog/")

    @task(1)
    def missing(self):
        self.client.get("/docs/missing-page.html")

    @task(1)
    def post(self):
        self.client.post("/api/v1.json", json={"x": 1})

    @task(1)
    def checked(self):
        with self.client.get("/api/v1.json", catch_response=True) as r:
            if "tango" in r.text:
                r.failure("unexpected item tango in api listing")
"""


PYINFRA_DEPLOY = """from pyinfra.operations import files, server

for d in ["etc", "var/log", "var/cache"] + [f"srv/site{i:02d}" for i in range(12)]:
    files.directory(name=f"Ensure ROOT/{d}", path=f"ROOT/{d}", mode="755")
for i in range(6):
    files.put(name=f"Upload app{i}.conf", src=f"ROOT/src/app{i}.conf", dest=f"ROOT/etc/app{i}.conf")
files.line(name="Pin worker count", path="ROOT/etc/app1.conf", line="^workers=.*", replace="workers=8")
server.shell(name="Check configuration", commands=["grep -q workers=8 ROOT/etc/app1.conf", "test -f ROOT/etc/app9.conf"])
files.link(name="Link current", path="ROOT/current", target="ROOT/etc")
server.shell(name="Rotate logs", commands=["ls ROOT/var/log"])
"""


HTTPIE = """set +e
B=http://127.0.0.1:28080
http -v GET $B/index.html
http -v GET $B/docs/alpha.html Accept:text/html X-Trace:28
http -v --check-status GET $B/docs/missing-alpha.html; echo rc=$?
http -v POST $B/api/v1.json name=lab count:=3; echo rc=$?
http --headers HEAD $B/api/v1.json
http -v --follow GET $B/docs; echo rc=$?
http -v --timeout 2 GET http://127.0.0.1:28099/feed.xml; echo rc=$?
http -v GET $B/robots.txt
http --check-status --print=hb GET $B/private/key.pem; echo rc=$?
http -v GET 'http://[::1:28080/'; echo rc=$?
"""


SIEGERC = """verbose = true
color = off
quiet = false
json_output = false
show-logfile = false
logging = false
parser = true
protocol = HTTP/1.1
connection = close
failures = 64
timeout = 3
internet = true
"""

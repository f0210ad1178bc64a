"""Fixture projects of the `wild28` corpus (servers, databases, message brokers, network daemons):
configuration files, data files and the small driver scripts each scenario runs. Every fault is
put in the middle of a run: a corrupt record, a bad configuration line, a refused client. All
services listen on 127.0.0.1 only, on ports of their own, and each run is bounded in time."""
import random

R = random.Random(28)


def resp(*args):
    """One command in Redis's RESP wire format (the append-only file's format)."""
    out = f"*{len(args)}\r\n"
    for a in args:
        out += f"${len(str(a).encode())}\r\n{a}\r\n"
    return out


def redis_aof():
    """Twenty-four append-only files of a session store; the fourth is cut in the middle of a command,
    the twelfth has a bad bulk length in its middle, the eighteenth ends in a MULTI with no EXEC."""
    files = {}
    for n in range(24):
        cmds = [resp("SELECT", "0")]
        for i in range(60):
            k = f"session:{n}:{i:04d}"
            cmds.append(resp("SET", k, f"user={R.randint(1000, 9999)};ttl=3600"))
            if i % 7 == 0:
                cmds.append(resp("EXPIRE", k, "3600"))
            if i % 11 == 0:
                cmds.append(resp("HSET", f"stats:{n}", "hits", str(i)))
        text = "".join(cmds)
        if n == 3:
            text = text[: len(text) // 2]
        if n == 11:
            mid = len(cmds) // 2
            cmds[mid] = cmds[mid].replace("$3\r\nSET", "$x\r\nSET", 1)
            text = "".join(cmds)
        if n == 17:
            text += resp("MULTI") + resp("INCR", "counter") + resp("SET", "flag", "1")
        files[f"aof/shard{n}.aof"] = text
    files["check.sh"] = """set -u
for f in aof/shard*.aof; do
  echo "== $f"
  redis-check-aof "$f"; echo rc=$?
done
cp aof/shard3.aof fixed.aof
echo y | redis-check-aof --fix fixed.aof; echo rc=$?
redis-check-aof fixed.aof; echo rc=$?
redis-check-aof --truncate-to-timestamp 1700000000 aof/shard0.aof; echo rc=$?
"""
    return files


def redis_rdb():
    """A Redis instance filled with 3,000 keys of five types, saved; the dump is then copied
    three times: whole, one byte changed in its middle, cut short."""
    return {"rdb.sh": """set -u
P=16391
redis-server --port $P --bind 127.0.0.1 --dir $PWD --dbfilename dump.rdb --save '' --daemonize no --loglevel warning >/dev/null 2>&1 &
S=$!
for i in $(seq 1 50); do redis-cli -p $P ping >/dev/null 2>&1 && break; sleep 0.1; done
python3 fill.py | redis-cli -p $P --pipe >/dev/null
redis-cli -p $P save >/dev/null; redis-cli -p $P shutdown nosave >/dev/null 2>&1; wait $S 2>/dev/null
cp dump.rdb good.rdb; cp dump.rdb flipped.rdb; cp dump.rdb short.rdb
python3 - <<'PY'
import os
b = bytearray(open("flipped.rdb", "rb").read())
for at in (len(b) // 2, len(b) // 2 + 1, len(b) // 2 + 2):
    b[at] ^= 0x5a
open("flipped.rdb", "wb").write(bytes(b))
os.truncate("short.rdb", os.path.getsize("short.rdb") * 2 // 3)
PY
for f in good.rdb flipped.rdb short.rdb missing.rdb; do echo "== $f"; redis-check-rdb $f; echo rc=$?; done
""", "fill.py": """import random
r = random.Random(7)
def cmd(*a):
    out = "*%d\\r\\n" % len(a)
    for x in a:
        x = str(x)
        out += "$%d\\r\\n%s\\r\\n" % (len(x.encode()), x)
    return out
w = []
for i in range(3000):
    t = i % 5
    if t == 0: w.append(cmd("SET", "user:%d:name" % i, "name-%d" % r.randint(0, 10**6)))
    elif t == 1: w.append(cmd("HSET", "user:%d" % i, "email", "u%d@example.test" % i, "plan", r.choice(["free", "pro"])))
    elif t == 2: w.append(cmd("RPUSH", "queue:%d" % (i % 40), *["job-%d" % r.randint(0, 999) for _ in range(5)]))
    elif t == 3: w.append(cmd("SADD", "tags:%d" % (i % 60), *["t%d" % r.randint(0, 99) for _ in range(4)]))
    else: w.append(cmd("ZADD", "board:%d" % (i % 20), r.randint(0, 9999), "p%d" % i))
print("".join(w), end="")
"""}


def nats():
    """A NATS server (-DV: debug and protocol trace) with a token, a 4 KB payload limit and an
    account for two users; clients publish and subscribe, then one sends a bad token, one an
    unknown verb, one a payload over the limit, one a subject with a space, one never reads."""
    conf = """listen: 127.0.0.1:14222
max_payload: 4096
authorization {
  users = [
    {user: ingest, password: ingest-pw, permissions: {publish: "orders.>", subscribe: "_INBOX.>"}}
    {user: worker, password: worker-pw, permissions: {subscribe: ["orders.>", "audit.>"], publish: "audit.>"}}
  ]
}
"""
    client = r'''import socket, sys, time
def conn(user, pw, verbose=True):
    s = socket.create_connection(("127.0.0.1", 14222), timeout=2)
    s.recv(4096)
    v = "true" if verbose else "false"
    s.sendall(('CONNECT {"verbose":%s,"pedantic":true,"user":"%s","pass":"%s","name":"%s"}\r\n' % (v, user, pw, user)).encode())
    return s
def drain(s):
    try:
        time.sleep(0.05); s.recv(65536)
    except Exception:
        pass
w = conn("worker", "worker-pw")
w.sendall(b"SUB orders.> 1\r\nSUB audit.> 2\r\n")
drain(w)
p = conn("ingest", "ingest-pw")
for i in range(40):
    body = ('{"order":%d,"sku":"SKU-%03d","qty":%d}' % (1000 + i, i % 17, i % 5 + 1)).encode()
    p.sendall(b"PUB orders.eu.%d %d\r\n%s\r\n" % (i % 4, len(body), body))
    drain(p); drain(w)
    if i == 17:
        p.sendall(b"PUB audit.orders 2\r\nhi\r\n")  # not permitted for ingest
        drain(p)
        bad = conn("ingest", "wrong-pw"); drain(bad); bad.close()
        x = conn("worker", "worker-pw"); x.sendall(b"FETCH orders.eu.1\r\n"); drain(x); x.close()
    if i == 25:
        big = b"x" * 6000
        q = conn("ingest", "ingest-pw"); q.sendall(b"PUB orders.big %d\r\n%s\r\n" % (len(big), big)); drain(q); q.close()
        r = conn("ingest", "ingest-pw"); r.sendall(b"PUB orders bad subject 2\r\nok\r\n"); drain(r); r.close()
for i in range(10):
    w.sendall(b"PUB audit.batch.%d 5\r\ndone%d\r\n" % (i, i % 10)); drain(w)
w.sendall(b"UNSUB 1\r\nPING\r\n"); drain(w)
p.close(); w.close()
print("client: 40 orders sent, 10 audit events")
'''
    run = """set -u
nats-server -c nats.conf -DV & S=$!
sleep 1
python3 client.py; echo client rc=$?
sleep 0.5
kill -INT $S; wait $S; echo rc=$?
nats-server -c broken.conf -t; echo rc=$?
"""
    broken = conf.replace("max_payload: 4096", "max_payload: 4096\nwrite_deadline: \"2z\"").replace(
        "{user: worker", "{user: worker, pasword: x")
    return {"nats.conf": conf, "broken.conf": broken, "client.py": client, "run.sh": run}


def unbound():
    """A caching resolver (verbosity 3 on stderr) with a local zone of 60 hosts, a stub zone
    whose upstream on 127.0.0.1 does not answer, an access-control refusal for one view; dig
    asks 30 questions: hits, NXDOMAINs, the stub (SERVFAIL after retries), a refused class."""
    hosts = "".join(f'  local-data: "host{i:02d}.lab.test. 300 IN A 10.28.0.{i}"\n' for i in range(1, 61))
    conf = f"""server:
  interface: 127.0.0.1@15353
  port: 15353
  do-daemonize: no
  use-syslog: no
  logfile: ""
  verbosity: 3
  chroot: ""
  username: ""
  directory: "ROOT"
  pidfile: ""
  do-ip6: no
  access-control: 127.0.0.0/8 allow
  log-queries: yes
  log-replies: yes
  log-servfail: yes
  module-config: "iterator"
  outbound-msg-retry: 2
  local-zone: "lab.test." static
{hosts}  local-zone: "blocked.test." refuse
stub-zone:
  name: "corp.test."
  stub-addr: 127.0.0.1@15999
forward-zone:
  name: "."
  forward-addr: 127.0.0.1@15998
"""
    names = [f"host{i:02d}.lab.test" for i in range(1, 41)]
    names[12:12] = ["nosuch.lab.test", "host99.lab.test", "www.blocked.test"]
    names[25:25] = ["db.corp.test", "mail.corp.test", "example.org"]
    qs = " ".join(names)
    run = f"""set -u
timeout 40 unbound -d -c unbound.conf & S=$!
sleep 1
for q in {qs}; do dig +tries=1 +time=6 -p 15353 @127.0.0.1 $q A | grep -E 'status:|^[a-z0-9].*IN'; done
dig +tries=1 +time=3 -p 15353 @127.0.0.1 host01.lab.test TXT | grep status:
kill -TERM $S; wait $S; echo rc=$?
"""
    return {"unbound.conf": conf, "run.sh": run}


def dhcpd():
    """An ISC dhcpd configuration of 12 subnets with 80 host reservations, checked with -t; a
    copy with a missing semicolon, a range outside its subnet and an unknown option in its
    middle; a lease file with a cut lease checked with -T."""
    subs, hosts = [], []
    for s in range(12):
        subs.append(f"""subnet 10.28.{s}.0 netmask 255.255.255.0 {{
  range 10.28.{s}.100 10.28.{s}.200;
  option routers 10.28.{s}.1;
  option domain-name-servers 10.28.0.53;
  default-lease-time 600;
}}
""")
    for h in range(80):
        hosts.append(f"""host node{h:02d} {{
  hardware ethernet 52:54:00:28:{h // 16:02x}:{h % 16:02x};
  fixed-address 10.28.{h % 12}.{10 + h};
}}
""")
    good = "authoritative;\noption domain-name \"lab.test\";\nlog-facility local7;\n" + "".join(subs) + "".join(hosts)
    bad_subs = list(subs)
    bad_subs[5] = bad_subs[5].replace("option routers 10.28.5.1;", "option routers 10.28.5.1")
    bad_subs[7] = bad_subs[7].replace("range 10.28.7.100 10.28.7.200;", "range 10.28.8.100 10.28.8.200;")
    bad_hosts = list(hosts)
    bad_hosts[40] = bad_hosts[40].replace("fixed-address", "option tftp-servr 10.28.0.9;\n  fixed-address")
    bad = "authoritative;\noption domain-name \"lab.test\";\n" + "".join(bad_subs) + "".join(bad_hosts)
    leases = []
    for i in range(50):
        leases.append(f"""lease 10.28.{i % 12}.{100 + i} {{
  starts 1 2026/12/07 08:{i % 60:02d}:00;
  ends 1 2026/12/07 09:{i % 60:02d}:00;
  binding state active;
  hardware ethernet 52:54:00:aa:{i // 16:02x}:{i % 16:02x};
  client-hostname "pc{i:02d}";
}}
""")
    leases[31] = leases[31][:60]
    run = """set -u
touch empty.leases
dhcpd -t -cf good.conf; echo rc=$?
dhcpd -t -cf bad.conf; echo rc=$?
dhcpd -T -cf good.conf -lf dhcpd.leases; echo rc=$?
"""
    return {"good.conf": good, "bad.conf": bad, "dhcpd.leases": "".join(leases), "run.sh": run}


def shop_sql(tables=24):
    """A shop schema of `tables` tables with rows, views, a function and grants."""
    out = ["CREATE ROLE reporting;", "CREATE SCHEMA sales;"]
    for t in range(tables):
        out.append(f"CREATE TABLE sales.t{t:02d}_orders (id serial PRIMARY KEY, sku text NOT NULL, qty int CHECK (qty > 0), "
                   f"placed timestamptz DEFAULT now());")
        out.append(f"INSERT INTO sales.t{t:02d}_orders (sku, qty) SELECT 'SKU-' || g, 1 + g % 9 FROM generate_series(1, {200 + t * 40}) g;")
        out.append(f"CREATE INDEX t{t:02d}_sku ON sales.t{t:02d}_orders (sku);")
        if t % 6 == 0:
            out.append(f"CREATE VIEW sales.v{t:02d} AS SELECT sku, sum(qty) FROM sales.t{t:02d}_orders GROUP BY sku;")
            out.append(f"GRANT SELECT ON sales.v{t:02d} TO reporting;")
    out.append("CREATE FUNCTION sales.total() RETURNS bigint LANGUAGE sql AS 'SELECT sum(qty) FROM sales.t00_orders';")
    out.append("CREATE EXTENSION IF NOT EXISTS pg_trgm;")
    return "\n".join(out) + "\n"


def pg_restore():
    """A custom-format dump of the shop restored (-v) into a database that already holds a
    clashing table, with a role missing (the grants fail), then a --list and a --single-transaction
    run that stops at the first error."""
    run = """set -u
createdb shop && psql -X -q -d shop -f shop.sql >/dev/null
pg_dump -Fc -d shop -f shop.dump
psql -X -q -c 'DROP ROLE reporting' -d shop 2>/dev/null || psql -X -q -d shop -c 'REASSIGN OWNED BY reporting TO CURRENT_USER' >/dev/null
createdb shop2 && psql -X -q -d shop2 -c 'CREATE SCHEMA sales; CREATE TABLE sales.t07_orders (id int PRIMARY KEY, note text); INSERT INTO sales.t07_orders VALUES (1, $$legacy$$)'
psql -X -q -d shop -c 'DROP OWNED BY reporting; DROP ROLE reporting' 2>&1
pg_restore -v -d shop2 shop.dump; echo rc=$?
pg_restore -l shop.dump | head -n 30
createdb shop3 && psql -X -q -d shop3 -c 'CREATE SCHEMA sales; CREATE TABLE sales.t11_orders (x int)'
pg_restore -v --single-transaction --exit-on-error -d shop3 shop.dump; echo rc=$?
"""
    return {"shop.sql": shop_sql(), "run.sh": run}


def vacuumdb():
    """vacuumdb and reindexdb (-v: each table's INFO lines) over the shop as a role that owns
    only some of its tables (permission warnings in the middle), then a vacuum of a table that
    does not exist."""
    sql = shop_sql(16) + "\n".join(
        ["CREATE ROLE clerk LOGIN PASSWORD 'clerk-pw';", "GRANT USAGE ON SCHEMA sales TO clerk;"] +
        [f"ALTER TABLE sales.t{t:02d}_orders OWNER TO clerk;" for t in range(0, 16, 3)] +
        ["DELETE FROM sales.t03_orders WHERE id % 3 = 0;", "DELETE FROM sales.t09_orders WHERE id % 2 = 0;"]) + "\n"
    run = """set -u
createdb shop && psql -X -q -d shop -f shop.sql >/dev/null
PGPASSWORD=clerk-pw vacuumdb -v -z -d shop -U clerk $(for t in $(seq -w 0 15); do printf -- "-t sales.t%s_orders " $t; done); echo rc=$?
vacuumdb -d shop -t sales.t99_orders -t sales.t01_orders; echo rc=$?
PGPASSWORD=clerk-pw reindexdb -v -d shop -U clerk -S sales; echo rc=$?
"""
    return {"shop.sql": sql, "run.sh": run}


MARIADB_START = """set -u
D=$PWD/data; S=$PWD/mysql.sock
mariadb-install-db --no-defaults --datadir=$D --user=root --auth-root-authentication-method=normal >/dev/null 2>&1
mariadbd --no-defaults --datadir=$D --socket=$S --skip-networking --user=root --log-error=$PWD/err.log & M=$!
for i in $(seq 1 100); do mariadb-admin --no-defaults -S $S -uroot ping >/dev/null 2>&1 && break; sleep 0.2; done
my() { mariadb --no-defaults -S $S -uroot "$@"; }
"""


def mariadb_check():
    """mariadb-check (mysqlcheck) over three shop databases of MyISAM, Aria and InnoDB tables;
    two MyISAM index files are damaged in the middle while the server runs; then --auto-repair
    and a check of a table that does not exist."""
    sql = []
    for db in ("shop_eu", "shop_us", "shop_apac"):
        sql.append(f"CREATE DATABASE {db}; USE {db};")
        for t, eng in enumerate(["MyISAM", "Aria", "InnoDB"] * 4):
            sql.append(f"CREATE TABLE t{t:02d}_{eng.lower()} (id INT PRIMARY KEY AUTO_INCREMENT, sku VARCHAR(20), qty INT, KEY(sku)) ENGINE={eng};")
            sql.append(f"INSERT INTO t{t:02d}_{eng.lower()} (sku, qty) SELECT CONCAT('SKU-', seq), seq % 9 FROM seq_1_to_{300 + t * 50};")
    run = MARIADB_START + """my < shop.sql
my -e 'FLUSH TABLES'
python3 - <<'PY'
for f in ("data/shop_us/t03_myisam.MYI", "data/shop_us/t09_myisam.MYI"):
    b = bytearray(open(f, "rb").read())
    for at in range(1024, 1024 + 64):
        b[at] = 0xff
    open(f, "wb").write(bytes(b))
PY
mariadb-check --no-defaults -S $S -uroot --all-databases --check --extended -v; echo rc=$?
mariadb-check --no-defaults -S $S -uroot --auto-repair shop_us; echo rc=$?
mariadb-check --no-defaults -S $S -uroot shop_eu t99_myisam t01_aria; echo rc=$?
mariadb-admin --no-defaults -S $S -uroot shutdown; wait $M
"""
    return {"shop.sql": "\n".join(sql) + "\n", "run.sh": run}


def mariadb_dump():
    """mariadb-dump (-v) of a database with a view over a dropped table, a trigger, routines and
    a table that is missing on the command line; then a dump as a user lacking privileges."""
    sql = ["CREATE DATABASE crm; USE crm;"]
    for t in range(14):
        sql.append(f"CREATE TABLE c{t:02d}_contacts (id INT PRIMARY KEY, email VARCHAR(60), score INT) ENGINE=InnoDB;")
        sql.append(f"INSERT INTO c{t:02d}_contacts SELECT seq, CONCAT('u', seq, '@example.test'), seq % 100 FROM seq_1_to_{40 + t * 5};")
    sql += ["CREATE TABLE legacy (id INT, note TEXT);",
            "CREATE VIEW v_active AS SELECT id, email FROM c03_contacts WHERE score > 50;",
            "CREATE VIEW v_legacy AS SELECT id, note FROM legacy;",
            "DROP TABLE legacy;",
            "CREATE TRIGGER c01_bump BEFORE UPDATE ON c01_contacts FOR EACH ROW SET NEW.score = NEW.score + 1;",
            "CREATE PROCEDURE top_contacts() SELECT * FROM c00_contacts ORDER BY score DESC LIMIT 5;",
            "CREATE USER 'auditor'@'localhost' IDENTIFIED BY 'audit-pw';",
            "GRANT SELECT ON crm.c00_contacts TO 'auditor'@'localhost';"]
    run = MARIADB_START + """my < crm.sql
mariadb-dump --no-defaults -S $S -uroot -v --routines --triggers crm > crm-full.sql; echo rc=$?
mariadb-dump --no-defaults -S $S -uroot -v --force --routines crm > crm-force.sql; echo rc=$?
mariadb-dump --no-defaults -S $S -uroot -v crm c00_contacts c77_contacts c05_contacts > part.sql; echo rc=$?
mariadb-dump --no-defaults -S $S -uauditor -paudit-pw -v crm > audit.sql; echo rc=$?
mariadb-dump --no-defaults -S $S -uroot --no-data --compact crm c02_contacts; echo rc=$?
mariadb-admin --no-defaults -S $S -uroot shutdown; wait $M
"""
    return {"crm.sql": "\n".join(sql) + "\n", "run.sh": run}


def postfix():
    """Postfix's offline checks on a configuration directory of its own: `postconf -n` of a
    main.cf with an unknown parameter, a misspelt one and a bad value in its middle; `postmap`
    of a virtual alias map and a transport map of 120 rows with bad rows; `postfix check`;
    `postmap -q` look-ups; `postconf -M` of a master.cf with a bad service line."""
    main = ["compatibility_level = 3.6", "myhostname = mx1.example.test", "mydomain = example.test",
            "myorigin = $mydomain", "inet_interfaces = loopback-only", "mydestination = $myhostname, localhost",
            "queue_directory = ROOT/spool", "data_directory = ROOT/data", "mail_owner = postfix",
            "virtual_alias_maps = hash:ROOT/virtual", "transport_maps = hash:ROOT/transport",
            "smtpd_recipient_restrictions = permit_mynetworks, reject_unauth_destination",
            "smtpd_tls_security_level = may", "smtpd_tls_cert_file = ROOT/missing-cert.pem",
            "message_size_limit = 10240000", "smtpd_helo_required = yes", "recipient_delimitr = +",
            "maximal_queue_lifetime = 5d", "smtp_tls_loglevel = 1", "virtual_mailbox_limit = -5",
            "relayhost = [smtp.example.test]:587", "alias_maps = hash:ROOT/aliases"]
    virtual = []
    for i in range(120):
        if i == 47:
            virtual.append("sales@example.test")  # no right-hand side
        elif i == 81:
            virtual.append(" continuation-without-key")
        else:
            virtual.append(f"user{i:03d}@example.test    mbox{i:03d}@mail.example.test")
    transport = [f"dept{i:02d}.example.test    smtp:[relay{i % 4}.example.test]:25" for i in range(40)]
    transport[22] = "dept22.example.test    smtp:[relay2.example.test"
    master = """smtp      inet  n       -       y       -       -       smtpd
submission inet n       -       y       -       -       smtpd
  -o syslog_name=postfix/submission
pickup    unix  n       -       y       60      1       pickup
cleanup   unix  n       -       y       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       y       1000?   1       tlsmgr
rewrite   unix  -       -       y       -       -       trivial-rewrite
bounce    unix  -       -       y       -       0       bounce
smtp      unix  -       -       y       -       -       smtp
relay     unix  -       -       y       -       -       smtp
"""
    run = """set -u
mkdir -p spool data
: > aliases
postconf -c $PWD -n; echo rc=$?
postconf -c $PWD message_size_limit virtual_mailbox_limit no_such_param; echo rc=$?
postmap -c $PWD -v hash:virtual 2>&1 | tail -n 40; echo rc=${PIPESTATUS[0]}
postmap -c $PWD hash:virtual; echo rc=$?
postmap -c $PWD hash:transport; echo rc=$?
postmap -c $PWD hash:aliases; echo rc=$?
for a in user001@example.test user047@example.test sales@example.test nobody@example.test; do echo "q $a: $(postmap -c $PWD -q $a hash:virtual; echo rc=$?)"; done
postconf -c $PWD -M; echo rc=$?
postfix -c $PWD check; echo rc=$?
mkdir -p bad && cp main.cf bad/ && sed 's/^qmgr .*/qmgr      unix  n       -       n       abc     1       qmgr/' master.cf > bad/master.cf
postconf -c $PWD/bad -M; echo rc=$?
"""
    return {"main.cf": "\n".join(main) + "\n", "virtual": "\n".join(virtual) + "\n",
            "transport": "\n".join(transport) + "\n", "master.cf": master, "run.sh": run}


def dovecot():
    """A Dovecot IMAP server on 127.0.0.1 (log to stderr, auth_verbose, auth_debug, mail_debug)
    with a passwd-file of 30 users; an imaplib client logs in as ten of them, reads and appends,
    with a wrong password, an unknown user and a mailbox that does not exist in the middle; then
    `doveconf -n` of a configuration with a typo."""
    users = "".join(f"user{i:02d}:{{PLAIN}}pw{i:02d}::::::\n" for i in range(30))
    conf = """protocols = imap
listen = 127.0.0.1
base_dir = ROOT/run
state_dir = ROOT/state
log_path = /dev/stderr
info_log_path = /dev/stderr
auth_verbose = yes
auth_debug = yes
mail_debug = yes
verbose_proctitle = yes
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:ROOT/mail/%u
first_valid_uid = 100
login_trusted_networks = 127.0.0.0/8
service imap-login {
  inet_listener imap {
    port = 14143
  }
  inet_listener imaps {
    port = 0
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN ROOT/users
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=ROOT/mail/%u
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
"""
    client = r'''import imaplib, time
for i in range(10):
    user = "user%02d" % i
    pw = "pw%02d" % i if i != 4 else "wrong"
    if i == 6:
        user = "ghost"
    try:
        m = imaplib.IMAP4("127.0.0.1", 14143)
        m.login(user, pw)
        m.select("INBOX")
        m.append("INBOX", None, None, b"From: a@example.test\r\nSubject: order %d\r\n\r\nbody\r\n" % i)
        typ, data = m.select("Archive/2026" if i == 7 else "INBOX")
        print(user, "select", typ, data)
        m.logout()
    except Exception as e:
        print(user, "error:", e)
    time.sleep(0.1)
'''
    bad = conf.replace("auth_verbose = yes", "auth_verbos = yes").replace("port = 14143", "port = 14143x")
    run = """set -u
mkdir -p run state mail && chown dovecot:dovecot mail
dovecot -F -c dovecot.conf & D=$!
sleep 1.5
python3 client.py; echo client rc=$?
sleep 0.5
doveadm -c dovecot.conf stop; wait $D; echo rc=$?
doveconf -c bad.conf -n; echo rc=$?
"""
    return {"dovecot.conf": conf, "bad.conf": bad, "users": users, "client.py": client, "run.sh": run}


def stunnel():
    """stunnel in the foreground (debug = 7) in front of a small echo backend: 12 TLS clients,
    with a plain-text client, a client presenting an untrusted certificate to the service that
    verifies, and a service whose backend is down in the middle."""
    conf = """foreground = yes
debug = 7
pid =
output = /dev/stderr
[echo-tls]
accept = 127.0.0.1:14443
connect = 127.0.0.1:14080
cert = ROOT/server.pem
key = ROOT/server.key
[billing]
accept = 127.0.0.1:14444
connect = 127.0.0.1:14081
cert = ROOT/server.pem
key = ROOT/server.key
[mtls]
accept = 127.0.0.1:14445
connect = 127.0.0.1:14080
cert = ROOT/server.pem
key = ROOT/server.key
verifyChain = yes
CAfile = ROOT/ca.pem
"""
    echo = r'''import socket, threading
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", 14080)); s.listen(8)
s.settimeout(20)
def serve(c):
    d = c.recv(4096); c.sendall(b"echo " + d); c.close()
try:
    while True:
        c, _ = s.accept(); threading.Thread(target=serve, args=(c,)).start()
except socket.timeout:
    pass
'''
    run = """set -u
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=ca.example.test -keyout ca.key -out ca.pem 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost -keyout server.key -out server.pem 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=rogue -keyout rogue.key -out rogue.pem 2>/dev/null
python3 echo.py & E=$!
stunnel stunnel.conf & S=$!
sleep 1
for i in $(seq 1 12); do
  if [ $i = 5 ]; then printf 'GET / HTTP/1.0\\r\\n\\r\\n' | timeout 3 python3 -c 'import socket,sys; s=socket.create_connection(("127.0.0.1",14443)); s.sendall(sys.stdin.buffer.read()); print("plain:", s.recv(100))'; fi
  if [ $i = 7 ]; then echo order-$i | timeout 3 openssl s_client -quiet -connect 127.0.0.1:14445 -cert rogue.pem -key rogue.key 2>&1 | tail -n 2; fi
  if [ $i = 9 ]; then echo invoice-$i | timeout 3 openssl s_client -quiet -connect 127.0.0.1:14444 2>&1 | tail -n 2; fi
  echo order-$i | timeout 3 openssl s_client -quiet -connect 127.0.0.1:14443 2>/dev/null
done
kill $S; wait $S; echo rc=$?
kill $E 2>/dev/null; wait $E 2>/dev/null
sed 's/debug = 7/debug = 7\\nsslVersionMax = TLSv9/; s/^connect = 127.0.0.1:14081/connect = 127.0.0.1:99999/' stunnel.conf > bad.conf
stunnel bad.conf; echo rc=$?
"""
    return {"stunnel.conf": conf, "echo.py": echo, "run.sh": run}


def tinyproxy():
    """tinyproxy in the foreground (LogLevel Info to stderr) in front of a local web server:
    40 requests through it, with a filtered host, a port that refuses, a CONNECT to a port not
    allowed and a request to a name that does not resolve in the middle."""
    conf = """Port 14888
Listen 127.0.0.1
Timeout 5
LogLevel Info
MaxClients 20
Allow 127.0.0.1
Filter "ROOT/filter"
FilterDefaultDeny No
ConnectPort 443
ViaProxyName "tinyproxy"
"""
    run = """set -u
mkdir -p site && for i in $(seq 1 30); do echo "page $i" > site/p$i.html; done
python3 -m http.server 14880 --bind 127.0.0.1 --directory site > /dev/null 2>&1 & W=$!
tinyproxy -d -c tinyproxy.conf & T=$!
sleep 1
for i in $(seq 1 36); do
  case $i in
    9) curl -s -o /dev/null -w "%{http_code} blocked\\n" -x http://127.0.0.1:14888 http://ads.tracker.test/p.js;;
    15) curl -s -o /dev/null -w "%{http_code} refused\\n" -x http://127.0.0.1:14888 http://127.0.0.1:14899/;;
    21) curl -s -o /dev/null -w "%{http_code} connect\\n" -x http://127.0.0.1:14888 -p https://127.0.0.1:14880/ ;;
    27) curl -s -o /dev/null -w "%{http_code} dns\\n" -x http://127.0.0.1:14888 http://no-such-host.invalid/;;
  esac
  curl -s -o /dev/null -w "%{http_code} p$i\\n" -x http://127.0.0.1:14888 http://127.0.0.1:14880/p$i.html
done
kill $T; wait $T; echo rc=$?
kill $W; wait $W 2>/dev/null
printf 'Port 14888\\nListen 127.0.0.1\\nLogLevel Bogus\\nMaxClients many\\n' > bad.conf
tinyproxy -d -c bad.conf; echo rc=$?
"""
    return {"tinyproxy.conf": conf, "filter": "tracker\\.test\nads\\.\n", "run.sh": run}


def bird():
    """BIRD 2 in the foreground with protocol debug: static routes, a device protocol, two BGP
    sessions to neighbours on 127.0.0.x that do not answer, a filter rejecting some routes; then
    `bird -p` of a configuration with an undefined filter and a syntax error."""
    statics = "".join(f"  route 10.{28 + i // 16}.{i % 16}.0/24 blackhole;\n" for i in range(48))
    conf = f"""log stderr all;
router id 127.0.0.1;
debug protocols all;
protocol device {{ scan time 2; }}
protocol static lab {{
  ipv4 {{ export all; }};
{statics}}}
filter only_lab {{
  if net ~ [ 10.28.0.0/16+ ] then accept;
  reject;
}}
protocol bgp peer_a {{
  local 127.0.0.1 as 65028;
  neighbor 127.0.0.2 port 14179 as 65001;
  connect retry time 1;
  ipv4 {{ import all; export filter only_lab; }};
}}
protocol bgp peer_b {{
  local 127.0.0.1 as 65028;
  neighbor 127.0.0.3 port 14179 as 65002;
  hold time 6;
  connect retry time 1;
  ipv4 {{ import none; export all; }};
}}
"""
    bad = conf.replace("export filter only_lab;", "export filter only_labs;").replace(
        "protocol device { scan time 2; }", "protocol device { scan time 2 }")
    run = """set -u
bird -p -c bird.conf; echo rc=$?
timeout 6 bird -f -c bird.conf -s $PWD/bird.ctl -P $PWD/bird.pid; echo rc=$?
bird -p -c bad.conf; echo rc=$?
sed 's/export filter only_labs;/export filter only_lab;/; s/hold time 6;/hold time 2;/; s/scan time 2 }/scan time 2; }/' bad.conf > bad2.conf; bird -p -c bad2.conf; echo rc=$?
"""
    return {"bird.conf": conf, "bad.conf": bad, "run.sh": run}


def varnishtest():
    """varnishtest -v of eight VTC cases for a caching front: cache hits, a backend 503 turned
    into a retry, header rewrites; one case expects the wrong status, one has a VCL compile
    error, in the middle."""
    head = "varnishtest \"{t}\"\n\nserver s1 {{\n    rxreq\n    txresp -status {st} -hdr \"Cache-Control: max-age=60\" -body \"{body}\"\n    rxreq\n    txresp -body \"second\"\n}} -start\n\n"
    vcl_ok = "varnish v1 -vcl+backend {\n    sub vcl_backend_response { set beresp.http.X-Cached = \"yes\"; }\n    sub vcl_deliver { set resp.http.X-Hits = obj.hits; }\n} -start\n\n"
    cases = {}
    for i in range(8):
        st, body = (200, f"item-{i}")
        vcl = vcl_ok
        expect = "200"
        if i == 3:
            expect = "201"
        if i == 5:
            vcl = vcl_ok.replace("set resp.http.X-Hits = obj.hits;", "set resp.http.X-Hits = obj.hitz;")
        client = f"client c1 {{\n    txreq -url /item/{i}\n    rxresp\n    expect resp.status == {expect}\n    expect resp.body == \"{body}\"\n    txreq -url /item/{i}\n    rxresp\n    expect resp.http.X-Hits == 1\n}} -run\n\nvarnish v1 -expect cache_hit == 1\n"
        cases[f"tests/t{i}_item.vtc"] = head.format(t=f"item {i} cached", st=st, body=body) + vcl + client
    run = """set -u
varnishtest -k tests/*.vtc; echo rc=$?
"""
    cases["run.sh"] = run
    return cases


def spamassassin():
    """SpamAssassin's `--lint` with debug of a site configuration (local.cf) with a misspelt
    rule, a bad regex and an unknown option in its middle, then 12 messages scored offline
    (-L -t) with a report."""
    cf = ["required_score 5.0", "report_safe 0", "use_bayes 0"]
    for i in range(30):
        cf.append(f"body LOCAL_PROMO_{i:02d} /\\bpromo code {i:02d}\\b/i")
        cf.append(f"score LOCAL_PROMO_{i:02d} 0.{i % 9 + 1}")
        cf.append(f"describe LOCAL_PROMO_{i:02d} Promo code {i:02d} in body")
    cf[40] = "body LOCAL_BROKEN /(unclosed [a-z/"
    cf[55] = "scor LOCAL_PROMO_17 1.5"
    cf.append("trusted_networks 127.0.0.0/8 10.28.0.0/16")
    cf.append("whitelist_frm *@example.test")
    msgs = {}
    for i in range(12):
        body = f"Hello,\n\nyour promo code {i:02d} is ready. Click http://shop.example.test/p/{i} now!\n" * (1 + i % 3)
        if i % 4 == 3:
            body += "\nFREE MONEY!!! WINNER!!! ACT NOW viagra casino\n"
        msgs[f"mail/m{i:02d}.eml"] = (f"From: shop{i}@example.test\nTo: ann@example.test\nSubject: Offer {i}\n"
                                     f"Date: Mon, 07 Dec 2026 08:{i:02d}:00 +0000\nMessage-ID: <{i}@example.test>\n\n{body}")
    run = """set -u
mkdir -p home sa && cp local.cf sa/local.cf
spamassassin --siteconfigpath=$PWD/sa -D config,rules,plugin --lint -L; echo rc=$?
for m in mail/*.eml; do echo "== $m"; spamassassin --siteconfigpath=$PWD/sa -L -t < $m | grep -E '^X-Spam-(Status|Flag)|^ *-?[0-9.]+ [A-Z_0-9]+ ' ; done
"""
    msgs.update({"local.cf": "\n".join(cf) + "\n", "run.sh": run})
    return msgs


def tor():
    """Tor with networking disabled (log notice and info to stdout) on a torrc with a SOCKS
    port, two onion services (one directory not private) and a bad exit policy line, checked
    with --verify-config, then run offline for a few seconds."""
    good = """DataDirectory ROOT/data
SocksPort 127.0.0.1:14050
ControlPort 127.0.0.1:14051
DisableNetwork 1
Log notice stdout
Log info file ROOT/info.log
HiddenServiceDir ROOT/hs/web
HiddenServicePort 80 127.0.0.1:14880
HiddenServiceDir ROOT/hs/ssh
HiddenServicePort 22 127.0.0.1:22
AvoidDiskWrites 1
"""
    bad = good.replace("AvoidDiskWrites 1", "AvoidDiskWrites 1\nExitPolicy accept *:80, rejekt *:*\nSocksPort 127.0.0.1:99999\nNumCPUs two")
    run = """set -u
mkdir -p data hs/web hs/ssh && chmod 700 data hs/web && chmod 755 hs/ssh
tor --verify-config -f bad.torrc; echo rc=$?
tor --verify-config -f torrc; echo rc=$?
chmod 700 hs/ssh
timeout 8 tor -f torrc --Log 'info stdout'; echo rc=$?
"""
    return {"torrc": good, "bad.torrc": bad, "run.sh": run}


def proftpd():
    """ProFTPD in the foreground with debug level 5 on 127.0.0.1, an AuthUserFile of 20 users:
    an lftp client logs in, lists, fetches and stores, with a wrong password, a missing file and
    a refused upload in the middle; then `proftpd -t` of a configuration with an unknown
    directive."""
    users, conf = [], f"""ServerName "wild28 ftp"
ServerType standalone
DefaultServer on
Port 14021
DefaultAddress 127.0.0.1
User nobody
Group nogroup
RequireValidShell off
AuthOrder mod_auth_file.c
AuthUserFile ROOT/ftpd.passwd
PidFile ROOT/proftpd.pid
ScoreboardFile ROOT/proftpd.scoreboard
DelayTable none
WtmpLog off
UseIPv6 off
TransferLog ROOT/xfer.log
SystemLog none
<Directory ROOT/srv/upload-ro>
  <Limit WRITE>
    DenyAll
  </Limit>
</Directory>
"""
    for i in range(20):
        users.append(f"ftp{i:02d}:HASH{i:02d}:65534:65534::ROOT/srv:/bin/false")
    bad = conf.replace("UseIPv6 off", "UseIPv6 off\nMaxClientz 10\nTimeoutIdle abc")
    run = """set -u
mkdir -p srv/pub srv/upload-ro srv/in && for i in $(seq 1 12); do echo "report $i" > srv/pub/r$i.txt; done
chown -R nobody:nogroup srv && chmod -R a+rwX srv
for i in $(seq -w 0 19); do sed -i "s|HASH$i|$(openssl passwd -6 -salt wild28s$i ftp-pw$i)|" ftpd.passwd; done
chmod 600 ftpd.passwd
proftpd -n -d 5 -c $PWD/proftpd.conf & P=$!
sleep 1.5
for i in $(seq 0 7); do
  pw=ftp-pw0$i; [ $i = 3 ] && pw=wrong
  f=r$((i + 1)).txt; [ $i = 5 ] && f=missing.txt
  lftp -u ftp0$i,$pw -e "set net:max-retries 1; set net:timeout 3; cls pub; get pub/$f -o /tmp/wild28-ftp-$i.txt; put ftpd.passwd -o upload-ro/p$i; put /etc/hostname -o in/h$i; bye" ftp://127.0.0.1:14021 2>&1 | sed "s/^/client$i: /"
done
kill $P; wait $P; echo rc=$?
rm -f /tmp/wild28-ftp-*.txt
proftpd -t -c $PWD/bad.conf; echo rc=$?
"""
    return {"proftpd.conf": conf, "bad.conf": bad, "ftpd.passwd": "\n".join(users) + "\n", "run.sh": run}


def syslog_ng():
    """syslog-ng in the foreground with debug and trace (-Fevdt) reading a file of 48 messages
    of three programs into per-program files, with a JSON parser that fails on bad rows; then
    `--syntax-only` of a configuration with an unknown destination option."""
    rows = []
    for i in range(48):
        prog = ("web", "db", "auth")[i % 3]
        msg = f'{{"req":{i},"status":{200 if i % 17 else 500},"path":"/api/{i % 9}"}}'
        if i in (17, 30):
            msg = "{not json at all"
        rows.append(f"<13>Dec  7 09:{i // 60:02d}:{i % 60:02d} node1 {prog}[{100 + i % 3}]: {msg}")
    conf = """@version: 3.38
options { chain_hostnames(no); stats_freq(0); };
source s_in { file("ROOT/in.log" follow-freq(1) flags(no-parse)); };
parser p_sys { syslog-parser(); };
parser p_json { json-parser(prefix(".json.")); };
destination d_web { file("ROOT/out/web.log"); };
destination d_rest { file("ROOT/out/$PROGRAM.log"); };
filter f_web { program("web"); };
log { source(s_in); parser(p_sys); parser(p_json); filter(f_web); destination(d_web); flags(final); };
log { source(s_in); parser(p_sys); destination(d_rest); };
"""
    bad = conf.replace('file("ROOT/out/web.log")', 'file("ROOT/out/web.log" perm(0644) rotate(7))')
    run = """set -u
mkdir -p out
timeout 5 syslog-ng -F -e -d -t -f $PWD/syslog-ng.conf -R $PWD/persist -p $PWD/pid -c $PWD/ctl --no-caps 2>&1 | head -n 2500; echo rc=${PIPESTATUS[0]}
wc -l out/*.log
syslog-ng --syntax-only -f $PWD/bad.conf; echo rc=$?
"""
    return {"in.log": "\n".join(rows) + "\n", "syslog-ng.conf": conf, "bad.conf": bad, "run.sh": run}

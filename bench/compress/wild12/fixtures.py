"""Small fixture projects of the `wild12` corpus (relative path -> text), written under WORKDIR by
`gen.py`: a Java program whose two threads deadlock among a pool of waiting workers, a PostgreSQL
shop with a table its reader role may not read, an sshd configuration with deprecated and unknown
keywords, a gem whose specification misses fields, a profiled Python script that fails at its end,
and the input tables of `join`."""

DEADLOCK_JAVA = r'''import java.util.concurrent.*;

public class Deadlock {
    static final Object ledger = new Object();
    static final Object audit = new Object();

    static void transfer(String who, Object first, Object second) {
        synchronized (first) {
            try { Thread.sleep(200); } catch (InterruptedException e) { return; }
            synchronized (second) {
                System.out.println(who + " done");
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        BlockingQueue<String> jobs = new LinkedBlockingQueue<>();
        for (int i = 0; i < 8; i++) {
            pool.submit(() -> { try { return jobs.take(); } catch (InterruptedException e) { return null; } });
        }
        Thread a = new Thread(() -> transfer("posting", ledger, audit), "posting-thread");
        Thread b = new Thread(() -> transfer("auditor", audit, ledger), "audit-thread");
        a.start();
        b.start();
        System.out.println("started");
        a.join();
    }
}
'''

SHOP_SQL = r'''CREATE DATABASE shop;
\c shop
CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, email text UNIQUE);
CREATE TABLE orders (id serial PRIMARY KEY, customer_id int REFERENCES customers(id), total numeric(10,2), placed date);
CREATE TABLE secrets (id serial PRIMARY KEY, api_key text);
CREATE INDEX orders_placed ON orders (placed);
CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;
INSERT INTO customers (name, email) SELECT 'customer ' || g, 'c' || g || '@example.com' FROM generate_series(1, 40) g;
INSERT INTO orders (customer_id, total, placed) SELECT 1 + g % 40, (g * 7.31) % 250, date '2026-01-01' + g FROM generate_series(1, 120) g;
INSERT INTO secrets (api_key) VALUES ('k-1'), ('k-2');
CREATE ROLE reader LOGIN PASSWORD 'reader-pw';
GRANT SELECT ON customers, orders TO reader;
'''

SSHD_CONFIG = r'''Port 2222
ListenAddress 127.0.0.1
HostKey HOSTKEY
Protocol 2
UsePrivilegeSeparation sandbox
KeyRegenerationInterval 3600
ServerKeyBits 1024
RSAAuthentication yes
RhostsRSAAuthentication no
PermitRootLogin prohibit-password
ChallengeResponseAuthentication no
UseDNS no
PasswordAuthentication no
AllowTcpForwarding no
X11Forwarding no
PrintMotd no
AcceptEnv LANG LC_*
Subsystem sftp /usr/lib/openssh/sftp-server
'''

GEMSPEC = r'''Gem::Specification.new do |s|
  s.name        = "ledger_tools"
  s.version     = "0.3.0"
  s.summary     = "Ledger tools"
  s.description = "Ledger tools"
  s.authors     = ["Example"]
  s.files       = ["lib/ledger_tools.rb", "lib/ledger_tools/missing.rb"]
  s.add_dependency "rake"
  s.add_dependency "json", ">= 0"
end
'''

PROFILE_PY = r'''import sys

import toolz
from toolz import curried, itertoolz, dicttoolz


def build(n):
    rows = [{"id": i, "group": i % 17, "value": (i * 37) % 101} for i in range(n)]
    groups = itertoolz.groupby(lambda r: r["group"], rows)
    sums = dicttoolz.valmap(lambda rs: sum(r["value"] for r in rs), groups)
    return rows, sums


def pipeline(rows):
    return toolz.pipe(rows, curried.filter(lambda r: r["value"] > 10), curried.map(lambda r: r["value"] * 2),
                      curried.partition_all(50), curried.map(sum), list)


def main():
    total = 0
    for n in (20000, 40000, 80000):
        rows, sums = build(n)
        total += sum(pipeline(rows))
        total += sum(sums.values())
    report = {"total": total}
    if "totals" not in report:
        print(f"error: report has no 'totals' (keys: {sorted(report)})", file=sys.stderr)
        sys.exit(2)
    print(report["totals"])


main()
'''

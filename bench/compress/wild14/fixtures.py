"""Small fixture programs of the `wild14` corpus (gen.py writes them under WORKDIR)."""

IDLE_JAVA = """import java.util.*;
import java.util.concurrent.*;
import java.util.stream.*;

public class Idle {
    public static void main(String[] args) throws Exception {
        Map<String, List<Integer>> byLen = new ConcurrentHashMap<>();
        for (int i = 0; i < 20000; i++) {
            String s = Integer.toHexString(i * 7919);
            byLen.computeIfAbsent("len" + s.length(), k -> new ArrayList<>()).add(i);
        }
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<Long>> parts = new ArrayList<>();
        for (List<Integer> v : byLen.values()) {
            parts.add(pool.submit(() -> v.stream().mapToLong(Integer::longValue).sum()));
        }
        long total = 0;
        for (Future<Long> f : parts) total += f.get();
        System.out.println("total " + total + " " + IntStream.range(0, 50).boxed().collect(Collectors.toList()));
        Thread.sleep(12000);
        pool.shutdown();
    }
}
"""

LEDGER_JSH = """import java.util.*;
import java.time.*;
record Entry(String account, long cents, LocalDate day) {}
List<Entry> entries = new ArrayList<>();
entries.add(new Entry("cash", 12050, LocalDate.of(2024, 1, 3)));
entries.add(new Entry("bank", -4000, LocalDate.of(2024, 1, 4)));
entries.add(new Entry("cash", 990, LocalDate.of(2024, 1, 9)));
long balance(String acct) { return entries.stream().filter(e -> e.account().equals(acct)).mapToLong(Entry::cents).sum(); }
balance("cash")
balance("bank")
int days = Period.between(entries.get(0).day(), entries.get(2).day()).getDays();
String total = balance("cash") + balance("bank");
long overdue = entries.stream().filter(e -> e.day().isBefore(cutoff)).count();
Map<String, Long> perAccount = new TreeMap<>();
for (Entry e : entries) perAccount.merge(e.account(), e.cents(), Long::sum);
perAccount
entries.get(3).cents()
Integer.parseInt("12,50")
/vars
/methods
/exit
"""

WALK_JS = """const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

function walk(dir, out) {
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    let st;
    try { st = fs.lstatSync(p); } catch (e) { continue; }
    if (st.isDirectory()) walk(p, out);
    else if (st.isFile()) out.push(p);
  }
  return out;
}

const files = walk('/usr/share/doc', []);
const sums = new Map();
for (const f of files) {
  const h = crypto.createHash('sha1').update(fs.readFileSync(f)).digest('hex');
  sums.set(h, (sums.get(h) || []).concat([f]));
}
let dup = 0;
for (const v of sums.values()) if (v.length > 1) dup += v.length - 1;
console.log(`${files.length} files, ${sums.size} distinct, ${dup} duplicates`);
const words = files.map(f => path.basename(f)).sort((a, b) => a.localeCompare(b));
console.log(`first ${words[0]}, last ${words[words.length - 1]}`);
const report = JSON.parse(fs.readFileSync('/usr/share/doc/README.md', 'utf8'));
console.log(report.total);
"""

SHOP_SQL = """PRAGMA foreign_keys = OFF;
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
                     placed TEXT NOT NULL, total_cents INTEGER NOT NULL);
CREATE INDEX orders_by_customer ON orders(customer_id);
CREATE TABLE lines (order_id INTEGER REFERENCES orders(id), sku TEXT, qty INTEGER);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
  INSERT INTO customers SELECT i, 'customer ' || i, 'c' || i || '@example.com' FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
  INSERT INTO orders SELECT i, (i * 7) % 67 + 1, date('2024-01-01', '+' || (i % 300) || ' days'), i * 131 % 9000 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 900)
  INSERT INTO lines SELECT (i * 13) % 405 + 1, 'SKU-' || (i % 40), i % 5 + 1 FROM n;
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = 'CREATE INDEX orders_by_customer ON orders(total_cents)' WHERE name = 'orders_by_customer';
"""

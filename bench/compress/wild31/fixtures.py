"""The fixture projects of `wild31` (see gen.py): small programs, test suites, scripts and
configurations written for this set, each with a few faults in the middle of many clean records
(three failing tests among two hundred, one bad script among fifteen, an exception among three
hundred requests), so each structured reporter prints long streams of records of which a few fail."""

# ---- Python: a package with tests (pytest reporters), lint findings (ruff, pylint, mypy, bandit)

INV_STOCK = '''"""Stock levels of a small warehouse."""
from dataclasses import dataclass, field


class OutOfStock(Exception):
    """Raised when a pick asks for more than the shelf holds."""


@dataclass
class Shelf:
    sku: str
    qty: int = 0
    history: list = field(default_factory=list)

    def put(self, n):
        if n <= 0:
            raise ValueError(f"put of {n} units")
        self.qty += n
        self.history.append(("put", n))

    def pick(self, n):
        if n > self.qty:
            raise OutOfStock(f"{self.sku}: want {n}, have {self.qty}")
        self.qty -= n
        self.history.append(("pick", n))
        return n


def restock_level(avg_daily, lead_days, safety=0.2):
    """Units to reorder at: the lead time's demand plus a safety margin."""
    return round(avg_daily * lead_days * (1 + safety))
'''

INV_PRICE = '''"""Prices with discounts and tax."""


def discounted(price, pct):
    if not 0 <= pct <= 100:
        raise ValueError("bad pct")
    return round(price * (100 - pct) / 100, 2)


def with_tax(price, rate=0.2):
    # fault: tax is added twice for prices over 100
    if price > 100:
        return round(price * (1 + rate) * (1 + rate), 2)
    return round(price * (1 + rate), 2)


def bulk(price, qty):
    if qty >= 50:
        return round(price * qty * 0.9, 2)
    return round(price * qty, 2)
'''

INV_LINT = '''"""Legacy helpers kept for the old importer (lint findings on purpose)."""
import os, sys
import subprocess
import pickle
from typing import List


def load(path: str) -> List[str]:
    f = open(path)
    data = f.read()
    return data.split("\\n")


def run(cmd):
    return subprocess.call(cmd, shell=True)


def restore(blob):
    return pickle.loads(blob)


def total(xs: List[int]) -> int:
    t = 0
    for i in range(len(xs)):
        t = t + xs[i]
    return str(t)


def check(password):
    assert password != "", "empty"
    if password == "hunter2":
        return True
    return False


def unused(a, b, c):
    x = 1
    try:
        return a / b
    except:
        pass
'''


def py_files():
    files = {"inventory/__init__.py": '"""A small warehouse."""\n',
             "inventory/stock.py": INV_STOCK, "inventory/price.py": INV_PRICE,
             "inventory/legacy.py": INV_LINT,
             "pyproject.toml": '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'}
    for i in range(8):
        files[f"inventory/mod{i}.py"] = f'"""Clean module {i}."""\n\n\ndef f{i}(x: int) -> int:\n    return x * {i + 1}\n'
    files["tests/conftest.py"] = '''import pytest


@pytest.fixture
def ledger_db():
    raise ConnectionError("ledger database at 127.0.0.1:5499 refused the connection")
'''
    files["tests/test_stock.py"] = '''import pytest
from inventory.stock import Shelf, OutOfStock, restock_level


@pytest.mark.parametrize("n", range(1, 61))
def test_put_then_pick(n):
    s = Shelf("A-%d" % n)
    s.put(n)
    assert s.pick(n) == n and s.qty == 0


@pytest.mark.parametrize("n", range(1, 41))
def test_pick_too_many(n):
    s = Shelf("B-%d" % n, qty=n)
    with pytest.raises(OutOfStock):
        s.pick(n + 1)


@pytest.mark.parametrize("avg,lead,want", [(10, 3, 36), (5, 5, 30), (2, 7, 17), (12, 2, 29), (0, 9, 0)])
def test_restock_level(avg, lead, want):
    assert restock_level(avg, lead) == want


def test_history_order():
    s = Shelf("C-1")
    s.put(3)
    s.pick(1)
    assert s.history == [("put", 3), ("pick", 2)]


def test_reconcile(ledger_db):
    assert ledger_db.count() == 0


@pytest.mark.skip(reason="needs the scanner hardware")
def test_scanner():
    pass
'''
    files["tests/test_price.py"] = '''import pytest
from inventory.price import discounted, with_tax, bulk


@pytest.mark.parametrize("p", [x * 3.5 for x in range(1, 51)])
def test_discount_zero(p):
    assert discounted(p, 0) == round(p, 2)


@pytest.mark.parametrize("p,pct", [(100, 10), (80, 25), (19.99, 50), (1000, 5), (3, 100)])
def test_discount(p, pct):
    assert discounted(p, pct) <= p


@pytest.mark.parametrize("p", [10, 20, 50, 99, 100, 150, 400])
def test_with_tax(p):
    assert with_tax(p) == round(p * 1.2, 2)


@pytest.mark.parametrize("q", range(1, 31))
def test_bulk_small(q):
    assert bulk(2, q) == 2 * q


@pytest.mark.xfail(reason="rounding of half cents is not decided")
def test_half_cent():
    assert discounted(0.05, 50) == 0.03
'''
    return files


# ---- shell scripts for shellcheck (two bad among fifteen)

def sh_files():
    files = {}
    for i in range(15):
        files[f"scripts/job{i:02}.sh"] = f"""#!/bin/bash
# nightly job {i}
set -euo pipefail
dir="/var/tmp/job{i}"
mkdir -p "$dir"
for f in "$dir"/*.log; do
    [ -e "$f" ] || continue
    gzip -9 "$f"
done
echo "job {i} done"
"""
    files["scripts/job04.sh"] = """#!/bin/bash
# nightly job 4: rotates the uploads (written in a hurry)
dir=/var/tmp/job4
cd $dir
for f in `ls *.log`; do
    if [ $f == "keep.log" ]; then continue; fi
    rm -rf $dir/$f
done
files=$(find . -name '*.tmp')
echo "removed: "$files
read line
if [ -z $1 ]; then echo usage; fi
"""
    files["scripts/job11.sh"] = """#!/bin/sh
# nightly job 11: posix sh with bashisms
arr=(a b c)
for x in ${arr[@]}; do
  echo $x
done
[[ -n "$HOME" ]] && echo home
function cleanup { rm -f /tmp/job11.*; }
local v=1
echo $((v + 1)
"""
    return files


# ---- YAML files for yamllint (three bad among twenty)

def yaml_files():
    files = {".yamllint": "extends: default\nrules:\n  line-length: {max: 100}\n"}
    for i in range(20):
        files[f"deploy/svc{i:02}.yaml"] = f"""---
name: svc{i}
replicas: {i % 3 + 1}
image: registry.local/svc{i}:1.{i}.0
ports:
  - 80{i:02}
env:
  LOG_LEVEL: info
  REGION: eu-west-{i % 3 + 1}
"""
    files["deploy/svc05.yaml"] = """name: svc5
replicas: 2
image:   registry.local/svc5:1.5.0
ports:
  - 8005
  - 8005
env:
  LOG_LEVEL: info
  LOG_LEVEL: debug
  REGION: eu-west-3   \n  enabled: yes
"""
    files["deploy/svc12.yaml"] = "---\nname: svc12\nreplicas: 1\n  image: registry.local/svc12\nports: [8012,8013]\n"
    files["deploy/svc17.yaml"] = "---\nname: svc17\n" + "description: " + "a very long description " * 8 + "\ntags: {a: 1,  b: 2}\n\n\n"
    return files


# ---- C for flawfinder (risky calls in two files among ten)

def c_files():
    files = {}
    for i in range(10):
        files[f"csrc/util{i}.c"] = f"""#include <stdio.h>
int util{i}(int x) {{ return x * {i + 2}; }}
"""
    files["csrc/util3.c"] = """#include <stdio.h>
#include <string.h>
#include <stdlib.h>
void greet(const char *name) {
    char buf[32];
    strcpy(buf, "hello ");
    strcat(buf, name);
    printf(buf);
    char *home = getenv("HOME");
    sprintf(buf, "%s/.cfg", home);
    system(buf);
}
"""
    files["csrc/util7.c"] = """#include <stdio.h>
#include <stdlib.h>
int roll(void) { srand(42); return rand() % 6; }
int readit(char *dst) { return gets(dst) != NULL; }
int tmp(void) { char n[20]; tmpnam(n); return n[0]; }
"""
    return files


# ---- CMake/CTest: 60 tests, three fail (one crashes, one times out)

CTEST_MAIN = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    printf("case %d: checking ring buffer of %d slots\n", n, n * 8);
    if (n == 17) { fprintf(stderr, "ring.c:41: assertion failed: head == tail (head=3, tail=5)\n"); return 1; }
    if (n == 33) { int *p = NULL; printf("about to read slot\n"); fflush(stdout); return *p; }
    if (n == 48) { sleep(5); }
    printf("case %d: ok\n", n);
    return 0;
}
"""


def cmake_files():
    tests = "\n".join(f"add_test(NAME ring_case_{i:02} COMMAND ringtest {i})" for i in range(60))
    return {"cm/ringtest.c": CTEST_MAIN,
            "cm/CMakeLists.txt": "cmake_minimum_required(VERSION 3.18)\nproject(ring C)\nenable_testing()\n"
                                 "add_executable(ringtest ringtest.c)\n" + tests +
                                 "\nset_tests_properties(ring_case_48 PROPERTIES TIMEOUT 2)\n"}


# ---- JavaScript: jest, mocha, node --test suites; eslint config and sources

JS_CART = r"""function total(items) {
  return items.reduce((s, it) => s + it.price * it.qty, 0);
}
function discount(t, code) {
  if (code === 'HALF') return t / 2;
  if (code === 'TENOFF') return t - 10;   // fault: may go below zero
  return t;
}
function parseQty(s) {
  const n = Number.parseInt(s, 10);
  if (Number.isNaN(n)) throw new TypeError(`not a quantity: ${s}`);
  return n;
}
module.exports = { total, discount, parseQty };
"""

JEST_TEST = r"""const { total, discount, parseQty } = require('../src/cart');

describe('total %(i)d', () => {
  test.each(Array.from({ length: 18 }, (_, k) => k + 1))('sums %%i items', (n) => {
    const items = Array.from({ length: n }, () => ({ price: 2, qty: 1 }));
    expect(total(items)).toBe(2 * n);
  });
});
"""

JEST_BAD = r"""const { total, discount, parseQty } = require('../src/cart');

describe('discount', () => {
  test.each([['HALF', 100, 50], ['NONE', 100, 100], ['HALF', 30, 15]])('%%s on %%i', (c, t, want) => {
    expect(discount(t, c)).toBe(want);
  });
  test('TENOFF never goes below zero', () => {
    expect(discount(4, 'TENOFF')).toBeGreaterThanOrEqual(0);
  });
  test('receipt lines', () => {
    expect([{ sku: 'A1', qty: 2 }, { sku: 'B7', qty: 1 }]).toEqual([{ sku: 'A1', qty: 2 }, { sku: 'B7', qty: 3 }]);
  });
});

describe('parseQty', () => {
  test('reads numbers', () => { expect(parseQty('12')).toBe(12); });
  test('reads the scanner field', () => { expect(parseQty('x12')).toBe(12); });
});
"""

MOCHA_TEST = r"""const assert = require('assert');
const { total, discount, parseQty } = require('../src/cart');

describe('cart %(i)d', function () {
  for (let n = 1; n <= 16; n++) {
    it('sums ' + n + ' items', function () {
      assert.strictEqual(total(Array.from({ length: n }, () => ({ price: 3, qty: 1 }))), 3 * n);
    });
  }
});
"""

MOCHA_BAD = r"""const assert = require('assert');
const { total, discount, parseQty } = require('../src/cart');

describe('discounts', function () {
  it('halves', function () { assert.strictEqual(discount(100, 'HALF'), 50); });
  it('TENOFF stays positive', function () { assert.ok(discount(4, 'TENOFF') >= 0, 'discount went negative'); });
  it('receipt', function () { assert.deepStrictEqual({ sku: 'A1', qty: 2 }, { sku: 'A1', qty: 3 }); });
  it('scanner field', function () { parseQty('x9'); });
  it('slow lookup', function (done) { this.timeout(200); setTimeout(done, 1000); });
});
"""

NODE_TEST = r"""const test = require('node:test');
const assert = require('node:assert');
const { total, discount, parseQty } = require('../src/cart');

test.describe('node cart %(i)d', () => {
  for (let n = 1; n <= 14; n++) {
    test.it('sums ' + n, () => { assert.strictEqual(total([{ price: n, qty: 2 }]), 2 * n); });
  }
});
"""

NODE_BAD = r"""const test = require('node:test');
const assert = require('node:assert');
const { total, discount, parseQty } = require('../src/cart');

test.describe('node discounts', () => {
  test.it('halves', () => { assert.strictEqual(discount(10, 'HALF'), 5); });
  test.it('TENOFF stays positive', () => { assert.ok(discount(4, 'TENOFF') >= 0); });
  test.it('scanner field', () => { parseQty('x9'); });
  test.it('receipt', () => { assert.deepStrictEqual([1, 2, 3], [1, 2, 4]); });
});
"""

ESLINT_CONFIG = r"""module.exports = [
  {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', console: 'readonly', process: 'readonly' } },
    rules: { 'no-unused-vars': 'error', 'eqeqeq': 'error', 'no-var': 'warn', 'prefer-const': 'warn',
      'no-undef': 'error', 'semi': 'off', 'no-console': 'warn', 'curly': 'warn' },
  },
];
"""


def js_src(i, bad):
    if not bad:
        return f"""const base{i} = {i};
function scale{i}(x) {{
  return x * base{i};
}}
module.exports = {{ scale{i} }};
"""
    return f"""var base{i} = {i};
let unusedThing{i} = 3;
function scale{i}(x) {{
  if (x == null) return 0
  if (x > 10) console.log('big', x)
  return x * base{i} * missingFactor;
}}
module.exports = {{ scale{i} }};
"""


def js_files():
    files = {"package.json": '{"name": "cart", "private": true, "jest": {"testEnvironment": "node"}}\n',
             "eslint.config.js": ESLINT_CONFIG, "src/cart.js": JS_CART}
    for i in range(14):
        files[f"lib/m{i}.js"] = js_src(i, bad=i in (4, 9))
    for i in range(10):
        files[f"__tests__/total{i}.test.js"] = JEST_TEST % {"i": i}
        files[f"mtest/cart{i}.spec.js"] = MOCHA_TEST % {"i": i}
        files[f"ntest/cart{i}.test.js"] = NODE_TEST % {"i": i}
    files["__tests__/discount.test.js"] = JEST_BAD.replace("%%", "%")
    files["mtest/discount.spec.js"] = MOCHA_BAD
    files["ntest/discount.test.js"] = NODE_BAD
    for k in list(files):
        if k.startswith("__tests__/total"):
            files[k] = files[k].replace("%%", "%")
    return files


# ---- application logs: a small order service run over 300 requests with a level field per
# record (pino, bunyan, structlog JSON and logfmt, Python logging with python-json-logger); a
# database outage in the middle (errors with stacks), slow requests (warnings), a final summary.

PINO_APP = r"""const pino = require('pino');
const log = pino({ base: { svc: 'orders' }, level: 'debug' });
function handle(i) {
  const child = log.child({ reqId: 'r' + (1000 + i) });
  child.debug({ path: '/orders/' + i }, 'request received');
  if (i >= 140 && i < 146) {
    const err = new Error('connect ECONNREFUSED 127.0.0.1:5499');
    err.code = 'ECONNREFUSED';
    child.error({ err, attempt: i - 139 }, 'order lookup failed');
    return 503;
  }
  if (i % 37 === 0) child.warn({ ms: 900 + i }, 'slow query on orders_by_customer');
  child.info({ status: 200, ms: 3 + (i % 11) }, 'request completed');
  return 200;
}
let bad = 0;
for (let i = 0; i < 300; i++) if (handle(i) !== 200) bad++;
log.fatal({ failed: bad }, 'shutting down: error budget exceeded');
"""

BUNYAN_APP = r"""const bunyan = require('bunyan');
const log = bunyan.createLogger({ name: 'billing', level: 'debug', serializers: bunyan.stdSerializers });
let failed = 0;
for (let i = 0; i < 260; i++) {
  const req = log.child({ req_id: 'b' + (5000 + i) });
  req.debug({ invoice: 'INV-' + (7000 + i) }, 'invoice rendered');
  if (i === 121 || i === 122) {
    try { JSON.parse('{"total": 12,'); } catch (err) { req.error({ err }, 'invoice template data invalid'); failed++; continue; }
  }
  if (i % 50 === 7) req.warn({ retries: 2 }, 'mail relay slow, retried');
  req.info({ amount: (i * 7.31).toFixed(2) }, 'invoice sent');
}
log.info({ sent: 260 - failed, failed }, 'batch finished');
"""

STRUCTLOG_APP = r'''import sys, structlog, logging
mode = sys.argv[1]
renderer = structlog.processors.JSONRenderer() if mode == "json" else structlog.processors.LogfmtRenderer(
    key_order=["timestamp", "level", "event"])
structlog.configure(processors=[structlog.processors.add_log_level,
                                structlog.processors.TimeStamper(fmt="iso"),
                                structlog.processors.format_exc_info, renderer],
                    wrapper_class=structlog.make_filtering_bound_logger(logging.DEBUG))
log = structlog.get_logger().bind(service="ingest")


def parse(i):
    if i == 77:
        return {"rows": int("12x")}
    return {"rows": 10 + i % 9}


done = errors = 0
for i in range(240):
    b = log.bind(batch=f"b{i:04}", source=f"s3://lake/raw/day={i // 24}/part-{i % 24}.csv")
    b.debug("batch fetched", bytes=4096 + i)
    try:
        r = parse(i)
    except ValueError:
        b.exception("batch parse failed")
        errors += 1
        continue
    if i in (150, 151, 152):
        b.error("schema check failed", column="amount", expected="decimal", got="string")
        errors += 1
        continue
    if i % 60 == 30:
        b.warning("late partition", lag_s=3600 + i)
    b.info("batch loaded", rows=r["rows"])
    done += 1
log.info("run finished", loaded=done, errors=errors)
'''

JSONLOGGER_APP = r'''import logging, sys
try:
    from pythonjsonlogger.json import JsonFormatter
except ImportError:
    from pythonjsonlogger.jsonlogger import JsonFormatter
h = logging.StreamHandler(sys.stdout)
h.setFormatter(JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
root = logging.getLogger()
root.addHandler(h)
root.setLevel(logging.DEBUG)
log = logging.getLogger("sync.worker")
for i in range(220):
    log.debug("pulling page", extra={"page": i, "cursor": f"c{i * 31:06x}"})
    if i == 96:
        try:
            {"a": 1}["items"]
        except KeyError:
            log.exception("page payload missing field", extra={"page": i})
        continue
    if i == 180:
        log.critical("token refresh failed: 401 from https://auth.local/token", extra={"page": i})
        continue
    if i % 45 == 5:
        log.warning("rate limited, backing off", extra={"sleep_s": 2})
    log.info("page stored", extra={"page": i, "records": 50})
logging.getLogger("sync").info("sync ended", extra={"pages": 220, "failed": 2})
'''

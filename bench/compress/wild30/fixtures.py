"""The fixture projects of `wild30` (see gen.py): small programs and configurations written for
this set, with a fault put in the middle of each (a use after free, a failing test, a broken
link, a failing build hook, a deadlock) so the tools fail or warn mid-run."""

CXX_BUGS = r"""// memcheck on C++: uninitialised values with origins, a mismatched delete, a read past a
// vector's end, leaks of every kind, an fd left open.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <vector>
#include <map>

struct Node { int key; Node *next; };

static Node *chain(int n) {
    Node *head = nullptr;
    for (int i = 0; i < n; i++) head = new Node{i, head};
    return head;
}

static int score(const std::vector<int> &v) {
    int total;                    // never initialised
    for (size_t i = 0; i <= v.size(); i++) total += v.data()[i];   // one past the end
    return total;
}

static void mismatched() {
    char *buf = new char[32];
    std::strcpy(buf, "ledger");
    delete buf;                   // should be delete[]
}

static std::map<std::string, int> *registry() {
    auto *m = new std::map<std::string, int>();
    for (int i = 0; i < 40; i++) (*m)["key" + std::to_string(i)] = i;
    return m;
}

int main(int argc, char **argv) {
    std::vector<int> v;
    for (int i = 0; i < 64; i++) v.push_back(i * 3);
    for (int round = 0; round < 6; round++) {
        int s = score(v);
        if (s > 1000) std::printf("round %d: score %d\n", round, s);
        else std::printf("round %d: low score\n", round);
    }
    mismatched();
    Node *lost = chain(25);       // definitely lost
    static Node *kept = chain(5); // still reachable
    Node *inner = chain(8);
    inner = inner->next;          // indirectly lost: the head is gone
    auto *reg = registry();
    reg = nullptr;
    int fd = open("/etc/hostname", O_RDONLY);
    std::printf("fd %d, kept %d, inner %d\n", fd, kept->key, inner->key);
    (void)lost; (void)reg; (void)argc; (void)argv;
    return 0;
}
"""

HOT_C = r"""/* a small workload for callgrind and dhat: a hash table, a sort and a leaky string builder */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { char *key; long value; struct entry *next; };
static struct entry *table[257];

static unsigned hash(const char *s) { unsigned h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h % 257; }

static void put(const char *key, long value) {
    unsigned h = hash(key);
    for (struct entry *e = table[h]; e; e = e->next)
        if (strcmp(e->key, key) == 0) { e->value += value; return; }
    struct entry *e = malloc(sizeof *e);
    e->key = strdup(key); e->value = value; e->next = table[h]; table[h] = e;
}

static int cmp(const void *a, const void *b) { long x = *(const long *)a, y = *(const long *)b; return (x > y) - (x < y); }

static char *build(int n) {
    char *out = malloc(1);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char part[32];
        snprintf(part, sizeof part, "item-%d,", i);
        char *grown = malloc(strlen(out) + strlen(part) + 1);
        strcpy(grown, out); strcat(grown, part);
        if (i % 7) free(out);      /* every 7th buffer leaks */
        out = grown;
    }
    return out;
}

int main(void) {
    char key[32];
    for (int i = 0; i < 20000; i++) { snprintf(key, sizeof key, "k%d", i % 911); put(key, i); }
    long *vals = malloc(sizeof(long) * 50000);
    for (int i = 0; i < 50000; i++) vals[i] = (i * 7919L) % 100003;
    qsort(vals, 50000, sizeof(long), cmp);
    char *s = build(400);
    printf("median %ld, built %zu bytes\n", vals[25000], strlen(s));
    free(vals);
    return 0;
}
"""

PY_FILES = {
    "ledger/__init__.py": "from .core import *\nfrom .io import load, save\n__all__ = ['load', 'save']\n",
    "ledger/core.py": """import os, sys
import json
from typing import List, Dict, Optional


class Account(object):
    def __init__(self, name, balance=0, tags=[]):
        self.name = name
        self.balance = balance
        self.tags = tags

    def deposit(self, amount):
        if amount == None:
            raise ValueError("amount")
        self.balance = self.balance + amount
        return self.balance

    def report(self) -> Dict:
        l = []
        for t in self.tags:
            l.append("%s:%s" % (self.name, t))
        try:
            return {"name": self.name, "tags": l}
        except:
            pass


def total(accounts: List[Account]) -> Optional[int]:
    s = 0
    for i in range(len(accounts)):
        s += accounts[i].balance
    if s > 0:
        return s
    else:
        return None


def lookup(accounts, name):
    return [a for a in accounts if a.name == name][0]
""",
    "ledger/io.py": """import json
import pickle


def load(path):
    f = open(path)
    data = json.loads(f.read())
    return data


def save(path, data, fmt="json"):
    if fmt == "json":
        with open(path, "w") as f:
            f.write(json.dumps(data))
    elif fmt == "pickle":
        with open(path, "wb") as f:
            pickle.dump(data, f)
    else:
        assert False, "unknown format"


def cached(path, cache={}):
    if not path in cache:
        cache[path] = load(path)
    return cache[path]
""",
    "ledger/broken.py": """def parse(line):
    fields = line.split(",")
    if len(fields) < 3
        return None
    return fields
""",
    "ledger/cli.py": """import argparse, subprocess


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("cmd")
    args = p.parse_args(argv)
    out = subprocess.call("ledger-helper " + args.cmd, shell=True)
    print("done: %d" % out)
    x = lambda a: a * 2
    return x(out)
""",
    "tests/test_core.py": """from ledger.core import *


def test_total():
    assert total([Account("a", 3)]) == 3


def test_lookup():
    try:
        lookup([], "x")
    except Exception:
        pass
""",
}

ESLINT_CONFIG = """export default [
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { console: "readonly", process: "readonly" } },
    rules: {
      "no-unused-vars": "warn", "no-undef": "error", "eqeqeq": "error", "no-var": "warn",
      "prefer-const": "warn", "no-console": "warn", "curly": "error", "no-shadow": "warn",
      "no-empty": "error", "no-unreachable": "error", "complexity": ["warn", 4],
    },
  },
];
"""


def js_src(i, bad):
    """One module of the eslint / vitest fixture; `bad` adds errors."""
    body = [f"// module {i}", f"export function add{i}(a, b) {{", "  return a + b;", "}", "",
            f"export function label{i}(x) {{", "  const prefix = 'item';", "  return prefix + '-' + x;", "}", ""]
    if bad:
        body += [f"export function check{i}(v) {{", "  var count = 0;", "  let unused = 3;",
                 "  if (v == null) return count", "  for (let k of v) { if (k) count++; else {} }",
                 "  console.log(count);", "  return undefinedThing + count;", "  count = 1;", "}", "",
                 f"export function shade{i}(items) {{", "  const items2 = items.map((items) => items * 2);",
                 "  if (items2.length > 2 && items2[0] > 1 || items2[1] < 0 && !items2[2]) return 1;", "  return 0;", "}", ""]
    return "\n".join(body)


VITEST_CART = """import { describe, it, expect } from 'vitest';
import { add%(i)d, label%(i)d } from '../src/m%(i)d.js';

describe('module %(i)d', () => {
  for (let n = 0; n < 8; n++) {
    it(`adds ${n}`, () => { expect(add%(i)d(n, 1)).toBe(n + 1); });
  }
  it('labels', () => { expect(label%(i)d(7)).toBe('item-7'); });
});
"""

VITEST_BAD = """import { describe, it, expect } from 'vitest';
import { add3, label3 } from '../src/m3.js';

describe('pricing', () => {
  it('adds tax', () => { expect(add3(100, 20)).toBe(121); });
  it('snapshot of a label', () => { expect({ label: label3('x'), n: 2 }).toMatchInlineSnapshot(`
    {
      "label": "item-y",
      "n": 2,
    }
  `); });
  it('file snapshot', () => { expect({ rows: [1, 2, 3], label: label3('z') }).toMatchSnapshot(); });
  it('rejects later', async () => { Promise.reject(new Error('ledger closed before flush')); await new Promise((r) => setTimeout(r, 10)); expect(1).toBe(1); });
  it('deep equal', () => { expect({ a: [1, 2, { b: 3 }] }).toEqual({ a: [1, 2, { b: 4 }] }); });
  it.skip('skipped case', () => {});
  it.todo('todo case');
});
"""

VITEST_SNAP = """// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html

exports[`pricing > file snapshot 1`] = `
{
  "label": "item-y",
  "rows": [
    1,
    2,
  ],
}
`;
"""

SITE_PAGES = 24


def site():
    """A static site with links, a few of them broken (for wget -r / --spider)."""
    files = {}
    links = "".join(f'<li><a href="p{i}.html">page {i}</a></li>' for i in range(SITE_PAGES))
    files["index.html"] = f"<html><body><h1>lab</h1><ul>{links}<li><a href='gone.html'>gone</a></li></ul></body></html>"
    for i in range(SITE_PAGES):
        extra = f'<a href="missing-{i}.html">old</a>' if i % 6 == 3 else ""
        img = f'<img src="img/p{i}.png">' if i % 5 == 0 else ""
        files[f"p{i}.html"] = f"<html><body><p>page {i}</p>{extra}{img}<a href='index.html'>home</a><a href='docs/d{i % 4}.html'>doc</a></body></html>"
    for i in range(4):
        files[f"docs/d{i}.html"] = f"<html><body>doc {i}<a href='../p{i}.html'>back</a><a href='sub/x{i}.txt'>x</a></body></html>"
    for i in range(SITE_PAGES):
        if i % 5 == 0 and i != 10:
            files[f"img/p{i}.png"] = "PNG" * 400
    for i in range(3):
        files[f"docs/sub/x{i}.txt"] = "x" * 5000
    return files


PG_RUN = r"""#!/bin/bash
# pg.sh FORMAT PORT: a PostgreSQL 15 server under `su postgres` logging in FORMAT (stderr with a
# custom log_line_prefix, csvlog or jsonlog), with auto_explain, a deadlock between two sessions,
# a constraint violation, a bad query and a backend killed with SIGKILL in the middle (crash
# recovery); then the server's log is printed.
set -u
FMT=$1; PORT=$2; D=$PWD/pg-$FMT
BIN=/usr/lib/postgresql/15/bin
rm -rf $D; mkdir -p $D; chown postgres $D
su postgres -c "$BIN/initdb -D $D/data -A trust >/dev/null"
cat >> $D/data/postgresql.conf <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$D'
logging_collector = on
log_directory = 'log'
log_filename = 'server'
log_destination = '$FMT'
log_line_prefix = '%m [%p] %q%u@%d/%a '
log_min_duration_statement = 0
log_checkpoints = on
log_connections = on
log_disconnections = on
log_lock_waits = on
deadlock_timeout = '200ms'
session_preload_libraries = 'auto_explain'
auto_explain.log_min_duration = 0
auto_explain.log_analyze = on
CONF
su postgres -c "$BIN/pg_ctl -D $D/data -l $D/ctl.log -w start" >/dev/null
P="psql -h 127.0.0.1 -p $PORT -U postgres -X -q"
$P -c "create table acct(id int primary key, owner text not null, bal numeric check (bal >= 0))" postgres
$P -c "insert into acct select g, 'u'||g, g*10 from generate_series(1,200) g" postgres
for q in "select count(*) from acct where bal > 500" "select owner from acct where id = 17" "select sum(bal) from acct group by id % 7 order by 1" "update acct set bal = bal - 5 where id between 1 and 20"; do
  $P -c "$q" postgres >/dev/null
done
for i in $(seq 1 30); do
  $P -c "select owner, bal from acct where id = $((i * 6 % 200 + 1))" -c "update acct set bal = bal + $i where id = $((i * 7 % 200 + 1))" postgres >/dev/null
done
$P -c "insert into acct values (5, 'dup', 1)" postgres 2>/dev/null
$P -c "update acct set bal = -1 where id = 9" postgres 2>/dev/null
$P -c "select * from acount" postgres 2>/dev/null
( $P -c "begin; update acct set bal = bal + 1 where id = 1; select pg_sleep(1); update acct set bal = bal + 1 where id = 2; commit;" postgres >/dev/null 2>&1 & )
sleep 0.3
$P -c "begin; update acct set bal = bal + 1 where id = 2; select pg_sleep(0.5); update acct set bal = bal + 1 where id = 1; commit;" postgres >/dev/null 2>&1
sleep 1.5
$P -c "checkpoint" postgres
( $P -c "select pg_sleep(30)" postgres >/dev/null 2>&1 & )
sleep 1
kill -9 $($P -At -c "select pid from pg_stat_activity where query like 'select pg_sleep(30)%'" postgres)
sleep 3
for q in "select count(*) from acct" "select owner, bal from acct where id in (1,2,3)"; do
  $P -c "$q" postgres >/dev/null
done
su postgres -c "$BIN/pg_ctl -D $D/data -m fast -w stop" >/dev/null
for f in $D/data/log/server*; do cat $f; done
"""

PIP_HATCH = {
    "pyproject.toml": '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "hatchpkg"\nversion = "0.3.0"\nrequires-python = ">=3.8"\n\n[tool.hatch.build.targets.wheel.hooks.custom]\npath = "hatch_build.py"\n',
    "hatch_build.py": 'from hatchling.builders.hooks.plugin.interface import BuildHookInterface\n\n\nclass CustomBuildHook(BuildHookInterface):\n    def initialize(self, version, build_data):\n        schema = self.root + "/schema/ledger.json"\n        with open(schema) as f:\n            build_data["force_include"][schema] = "hatchpkg/schema.json"\n',
    "src/hatchpkg/__init__.py": '"""hatchpkg"""\n',
}
PIP_FLIT = {
    "pyproject.toml": '[build-system]\nrequires = ["flit_core>=3.4"]\nbuild-backend = "flit_core.buildapi"\n\n[project]\nname = "flitpkg"\ndynamic = ["version", "description"]\n',
    "flitpkg/__init__.py": 'import os\nVERSION = os.environ.get("V", "0")\n',
}
PIP_POETRY = {
    "pyproject.toml": '[build-system]\nrequires = ["poetry-core>=1.0"]\nbuild-backend = "poetry.core.masonry.api"\n\n[tool.poetry]\nname = "poetrypkg"\nversion = "1.0"\ndescription = "x"\nauthors = ["Ops <ops@example.test>"]\npackages = [{ include = "poetrypkg" }, { include = "extras" }]\n\n[tool.poetry.dependencies]\npython = "^3.8"\n',
    "poetrypkg/__init__.py": "",
}
PIP_OK = {
    "pyproject.toml": '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "okpkg"\nversion = "0.1"\n',
    "okpkg/__init__.py": "",
}
PIP_REQS = "requests==2.31.0\nurllib3<1.21\nidna==3.6\ncharset-normalizer==3.3.2\n"


def cargo_ws():
    """A Cargo workspace of two crates with many tests, one failing mid-run in each crate, a
    failing doctest and a test that prints while it runs."""
    files = {"Cargo.toml": '[workspace]\nmembers = ["ledger", "report"]\nresolver = "2"\n'}
    files["ledger/Cargo.toml"] = '[package]\nname = "ledger"\nversion = "0.1.0"\nedition = "2021"\n'
    files["report/Cargo.toml"] = '[package]\nname = "report"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nledger = { path = "../ledger" }\n'
    tests = "\n".join(f"    #[test]\n    fn balance_{i:03}() {{ assert_eq!(crate::balance(&[{i}, 1]), {i + 1}); }}" for i in range(120))
    files["ledger/src/lib.rs"] = f'''//! The ledger.

/// The sum of the entries.
///
/// ```
/// assert_eq!(ledger::balance(&[1, 2]), 4);
/// ```
pub fn balance(entries: &[i64]) -> i64 {{
    entries.iter().sum()
}}

/// The entry at `i`, panicking past the end.
pub fn entry(entries: &[i64], i: usize) -> i64 {{
    let checked = validate(entries, i);
    entries[checked]
}}

fn validate(entries: &[i64], i: usize) -> usize {{
    if entries.is_empty() {{
        panic!("ledger is empty (asked for entry {{i}})");
    }}
    i
}}

#[cfg(test)]
mod tests {{
{tests}
    #[test]
    fn entry_past_end() {{ assert_eq!(crate::entry(&[1, 2, 3], 7), 0); }}
    #[test]
    fn entry_empty() {{ crate::entry(&[], 0); }}
}}
'''
    tests2 = "\n".join(f"    #[test]\n    fn line_{i:03}() {{ println!(\"rendering row {i}\"); assert!(crate::render({i}).starts_with(\"row\")); }}" for i in range(90))
    files["report/src/lib.rs"] = f'''//! Reports.

/// One rendered row.
pub fn render(n: i64) -> String {{
    format!("row {{n}}: {{}}", ledger::balance(&[n]))
}}

/// The total as a percentage of `of`.
pub fn percent(total: i64, of: i64) -> i64 {{
    total * 100 / of
}}

#[cfg(test)]
mod tests {{
{tests2}
    #[test]
    fn percent_of_zero() {{ println!("dividing"); assert_eq!(crate::percent(5, 0), 0); }}
    #[test]
    fn render_format() {{ assert_eq!(crate::render(3), "row 3 = 3"); }}
}}
'''
    return files


def prove_tests():
    """Perl TAP tests for prove: most pass, one fails mid-run, one dies, one has a bad plan."""
    files = {}
    for i in range(36):
        n = 12 + i % 9
        body = ["use strict; use warnings; use Test::More;"]
        for k in range(n):
            body.append(f"ok({k} + {i} >= 0, 'case {k} of suite {i}');")
        if i == 5:
            body.append("is(2 + 2, 5, 'arithmetic still works');")
            body.append("is_deeply([1, 2, {a => 1}], [1, 2, {a => 2}], 'nested rows');")
        if i == 8:
            body.append("die 'fixture database went away';")
        if i == 11:
            body = ["use strict; use warnings; use Test::More tests => 20;"] + body[1:]
            body.append("diag('half the cases are missing');")
            print_done = False
        else:
            print_done = True
        if i == 3:
            body.append("TODO: { local $TODO = 'not yet'; ok(0, 'pending feature'); }")
            body.append("SKIP: { skip 'no network', 2; ok(1); ok(1); }")
        if print_done:
            body.append("done_testing();")
        files[f"t/{i:02}-suite.t"] = "\n".join(body) + "\n"
    return files


def node_tests():
    """node:test files: most pass, a failing assertion, a thrown error and a timeout mid-run."""
    files = {}
    for i in range(10):
        lines = ["const test = require('node:test');", "const assert = require('node:assert');", ""]
        for k in range(8):
            lines.append(f"test('suite {i} case {k}', () => {{ assert.strictEqual({k} + {i}, {k + i}); }});")
        if i == 4:
            lines.append("test('totals match', () => { assert.deepStrictEqual({ total: 10, rows: [1, 2] }, { total: 11, rows: [1, 2] }); });")
            lines.append("test('parser throws', () => { JSON.parse('{bad json'); });")
        if i == 7:
            lines.append("test('slow case', { timeout: 100 }, async () => { await new Promise((r) => setTimeout(r, 400)); });")
            lines.append("test.describe('group', () => { test.it('nested fails', () => { assert.ok(false, 'flag was unset'); }); test.it('nested ok', () => {}); });")
        files[f"test/s{i}.test.cjs"] = "\n".join(lines) + "\n"
    return files

"""Fixture projects for the `wild6` corpus (written for it; see gen.py)."""

PY = {
    "ledger/__init__.py": "from .book import *\nfrom .rates import convert\n",
    "ledger/book.py": '''import os, sys
import json
from typing import List, Dict, Optional


class Entry(object):
    def __init__(self, account, amount, tags=[]):
        self.account = account
        self.amount = amount
        self.tags = tags

    def __eq__(self, other):
        return self.account == other.account and self.amount == other.amount


def load(path):
    f = open(path)
    data = json.load(f)
    entries = []
    for i in range(len(data)):
        row = data[i]
        if row["amount"] == None:
            continue
        entries.append(Entry(row["account"], row["amount"], row.get("tags", [])))
    return entries


def balance(entries: List[Entry]) -> Dict[str, float]:
    out = dict()
    for e in entries:
        if not e.account in out:
            out[e.account] = 0
        out[e.account] += e.amount
    return out


def report(entries, stream=sys.stdout):
    try:
        totals = balance(entries)
    except:
        print("failed", file=stream)
        return
    for k in totals.keys():
        print("%s: %.2f" % (k, totals[k]), file=stream)
    l = lambda x: x * 2
    assert(len(totals) > 0, "no totals")
''',
    "ledger/rates.py": '''"""Currency conversion."""
RATES = {"EUR": 1.0, "USD": 1.08, "GBP": 0.86}

def convert(amount, frm, to):
  """convert an amount.
  """
  if frm == to: return amount
  rate = RATES[to]/RATES[frm]
  return round(amount*rate,2)

def parse(text):
    value, cur = text.split( )
    return float(value), cur
''',
    "ledger/cli.py": '''import argparse
import subprocess
from ledger.book import load, report


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("file")
    args = p.parse_args(argv)
    entries = load(args.file)
    report(entries)
    subprocess.call("echo done", shell=True)
    password = "hunter2"
    return 0
''',
    "tests/__init__.py": "",
    "tests/test_book.py": '''import io
import unittest
from ledger.book import Entry, balance, report
from ledger.rates import convert, parse


class TestBalance(unittest.TestCase):
    def test_sum(self):
        e = [Entry("cash", 10), Entry("cash", 5), Entry("bank", 7)]
        self.assertEqual(balance(e), {"cash": 15, "bank": 7})

    def test_report(self):
        out = io.StringIO()
        report([Entry("cash", 1.5)], out)
        self.assertEqual(out.getvalue(), "cash: 1.50\\n")

    def test_empty(self):
        self.assertEqual(balance([]), {"total": 0})

    def test_convert(self):
        self.assertAlmostEqual(convert(100, "EUR", "USD"), 108.5)

    def test_parse(self):
        self.assertEqual(parse("12.5 EUR"), (12.5, "EUR"))

    def test_parse_bad(self):
        parse("twelve")

    @unittest.skip("rates feed offline")
    def test_feed(self):
        pass

    def test_unknown_currency(self):
        convert(1, "EUR", "JPY")


class TestEntry(unittest.TestCase):
    def test_eq(self):
        self.assertEqual(Entry("a", 1), Entry("a", 1))

    def test_tags_shared(self):
        a = Entry("a", 1)
        a.tags.append("x")
        b = Entry("b", 2)
        self.assertEqual(b.tags, [])
''',
    "pyproject.toml": '''[project]
name = "ledger"
version = "0.1"
description = "a ledger"
''',
    "CMakeLists.txt": '''cmake_minimum_required(VERSION 3.10)
project(ledger C)
set(CMAKE_C_STANDARD 11)
add_executable(ledger main.c util.c)
if(UNIX)
    target_link_libraries(ledger m)
ENDIF()
add_library( util STATIC util.c )
set_target_properties(util PROPERTIES OUTPUT_NAME "util" VERSION 1.0)
install(TARGETS ledger DESTINATION bin)
message(STATUS "configured ${PROJECT_NAME}" )
function(add_thing name)
  add_custom_target(${name} COMMAND echo ${name})
endfunction()
add_thing(foo)
add_thing(Bar)
set(unused_variable_with_a_really_long_name_that_goes_past_the_line_limit "value one two three four five")
''',
}

# A setuptools project whose C extension does not compile, a meson-python one whose compiler is
# missing, a maturin one without cargo on PATH.
PIPBAD = {
    "cext/pyproject.toml": '''[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "fastsum"
version = "0.3.1"
''',
    "cext/setup.py": '''from setuptools import setup, Extension
setup(ext_modules=[Extension("fastsum._sum", ["src/sum.c"])])
''',
    "cext/src/sum.c": '''#include <Python.h>

static PyObject *fsum(PyObject *self, PyObject *args) {
    PyObject *seq;
    double total = 0
    if (!PyArg_ParseTuple(args, "O", &seq))
        return NULL;
    Py_ssize_t n = PySequence_Length(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        total += PyFloat_AsDouble(PySequence_GetItem(seq, i));
    }
    return PyFloat_FromDouble(totl);
}

static PyMethodDef methods[] = {{"fsum", fsum, METH_VARARGS, "sum"}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef mod = {PyModuleDef_HEAD_INIT, "_sum", NULL, -1, methods};
PyMODINIT_FUNC PyInit__sum(void) { return PyModule_Create(&mod); }
''',
    "setupfail/pyproject.toml": '''[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"
''',
    "setupfail/setup.py": '''import os
from setuptools import setup
VERSION = open(os.path.join(os.path.dirname(__file__), "VERSION")).read().strip()
setup(name="verpkg", version=VERSION)
''',
    "mesonpkg/pyproject.toml": '''[build-system]
requires = ["meson-python", "meson", "ninja"]
build-backend = "mesonpy"

[project]
name = "mesonpkg"
version = "0.1.0"
''',
    "mesonpkg/meson.build": '''project('mesonpkg', 'c', version: '0.1.0')
py = import('python').find_installation(pure: false)
py.extension_module('_core', 'src/core.c', install: true)
''',
    "mesonpkg/src/core.c": "#include <Python.h>\n",
    "rustpkg/pyproject.toml": '''[build-system]
requires = ["maturin>=1.0,<2.0"]
build-backend = "maturin"

[project]
name = "rustpkg"
version = "0.1.0"
''',
    "rustpkg/Cargo.toml": '''[package]
name = "rustpkg"
version = "0.1.0"
edition = "2021"

[lib]
name = "rustpkg"
crate-type = ["cdylib"]
''',
    "rustpkg/src/lib.rs": "pub fn add(a: i32, b: i32) -> i32 { a + b }\n",
}

JS = {
    "src/cart.js": '''export function total(items) {
  let sum = 0;
  for (const it of items) {
    sum += it.price * it.qty;
  }
  return Math.round(sum * 100) / 100;
}

export function discount(total, code) {
  if (code == "HALF") return total / 2;
  if (code === "TENOFF") return total - 10;
  return total;
}

export async function fetchPrice(sku) {
  if (!sku) throw new Error("missing sku");
  return { sku, price: sku.length * 1.25 };
}

export function describe(cart) {
  return { count: cart.items.length, total: total(cart.items), currency: cart.currency ?? "EUR" };
}
''',
    "src/format.js": '''var unused = 1;
export function money(n, cur) {
  const sym = { EUR: "€", USD: "$" }[cur]
  if (n < 0) { return "-" + money(-n, cur) }
  return sym + n.toFixed(2);
}
export function pad(s, n) {
  let out = s
  while (out.length < n) out = " " + out;
  return out
  console.log("unreachable");
}
''',
    "src/broken.js": '''export function broken(a, b {
  return a + b;
}
''',
    "test/cart.test.js": '''import { describe as d, it, expect } from "vitest";
import { total, discount, fetchPrice, describe as describeCart } from "../src/cart.js";

d("total", () => {
  it("sums prices", () => {
    expect(total([{ price: 2, qty: 3 }, { price: 1.5, qty: 2 }])).toBe(9);
  });
  it("rounds to cents", () => {
    expect(total([{ price: 0.1, qty: 3 }])).toBe(0.3);
  });
  it("handles empty carts", () => {
    expect(total([])).toBe(1);
  });
});

d("discount", () => {
  it("halves", () => expect(discount(40, "HALF")).toBe(20));
  it("ten off never negative", () => expect(discount(5, "TENOFF")).toBeGreaterThanOrEqual(0));
  it("unknown code", () => expect(discount(40, "NOPE")).toBe(40));
});

d("describe", () => {
  it("matches the snapshot", () => {
    expect(describeCart({ items: [{ price: 3, qty: 1 }], currency: "USD" })).toMatchSnapshot();
  });
  it("matches the inline snapshot", () => {
    expect(describeCart({ items: [] })).toMatchInlineSnapshot(`
      {
        "count": 0,
        "currency": "USD",
        "total": 0,
      }
    `);
  });
  it("fetches", async () => {
    await expect(fetchPrice("")).resolves.toEqual({ sku: "", price: 0 });
  });
  it("leaks a rejection", () => {
    fetchPrice(null);
    expect(true).toBe(true);
  });
});
''',
    "test/__snapshots__/cart.test.js.snap": '''// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html

exports[`describe > matches the snapshot 1`] = `
{
  "count": 1,
  "currency": "EUR",
  "total": 3,
}
`;
''',
    "test/format.test.js": '''import { it, expect } from "vitest";
import { money, pad } from "../src/format.js";
it("formats euros", () => expect(money(3, "EUR")).toBe("€3.00"));
it("formats negatives", () => expect(money(-3, "USD")).toBe("-$3.00"));
it("formats unknown currency", () => expect(money(3, "JPY")).toBe("¥3.00"));
it("pads", () => expect(pad("ab", 4)).toBe("  ab"));
''',
    "jest/cart.jest.test.js": '''const { total, discount } = require("./cart.cjs");
describe("total", () => {
  test("sums", () => expect(total([{ price: 2, qty: 3 }])).toBe(6));
  test("rounds", () => expect(total([{ price: 0.1, qty: 3 }])).toBe(0.31));
  test("object", () => expect({ a: 1, b: [1, 2, 3], c: "x" }).toEqual({ a: 1, b: [1, 2, 4], c: "y" }));
  test("snapshot", () => expect({ total: total([{ price: 5, qty: 2 }]), when: "now" }).toMatchSnapshot());
  test("throws", () => expect(() => discount(1, null)).toThrow("bad code"));
  test.todo("handles currencies");
});
describe("discount", () => {
  test("half", () => expect(discount(10, "HALF")).toBe(5));
  test("async", async () => { await new Promise(r => setTimeout(r, 10)); expect(discount(10, "X")).toBe(9); });
});
''',
    "jest/__snapshots__/cart.jest.test.js.snap": '''// Jest Snapshot v1, https://goo.gl/fbAQLP

exports[`total snapshot 1`] = `
{
  "total": 11,
  "when": "now",
}
`;
''',
    "jest/cart.cjs": '''function total(items) {
  return Math.round(items.reduce((s, i) => s + i.price * i.qty, 0) * 100) / 100;
}
function discount(t, code) {
  if (code === "HALF") return t / 2;
  return t;
}
module.exports = { total, discount };
''',
    "jest/math.jest.test.js": '''const { total } = require("./cart.cjs");
test("big", () => expect(total([{ price: 1e6, qty: 3 }])).toBe(3000000));
test("negative", () => expect(total([{ price: -1, qty: 1 }])).toBeGreaterThan(0));
''',
    "eslint.config.js": '''import js from "@eslint/js";
export default [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { console: "readonly" } },
    rules: { eqeqeq: "error", semi: ["warn", "always"], "no-var": "error", "prefer-const": "warn", curly: "warn" },
  },
];
''',
    "badconfig/eslint.config.js": '''export default [
  { rules: { "no-unused-vars": "sometimes", semi: ["warn", "always"] } },
];
''',
    "badconfig/a.js": "var a = 1\n",
    "vitest.config.js": '''import { defineConfig } from "vitest/config";
export default defineConfig({ test: { include: ["test/**/*.test.js"], coverage: { provider: "v8", include: ["src/**"] } } });
''',
    "src/util.css": '''.cart { color: red; color: blue; }
#main .item { width: 100px; padding: 0 }
.a { -webkit-border-radius: 4px; }
h1 { font-weight: bold }
.b{}
@import url("x.css");
.c { float: left; float: right; margin: 0px; }
.d { background: url(a.png) no-repeat; width: 10px; padding: 5px; }
''',
    "src/icon.svg": '''<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: hand -->
<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
  <g>
    <rect x="0" y="0" width="24" height="24" fill="#ffffff"/>
    <circle cx="12.000000" cy="12.000000" r="8.000000" fill="#ff0000"/>
  </g>
</svg>
''',
    "src/broken.svg": "<svg xmlns='http://www.w3.org/2000/svg'><g><rect></g></svg>\n",
    "src/a.js": 'import { b } from "./b.js";\nexport const a = () => b() + 1;\n',
    "src/b.js": 'import { c } from "./c.js";\nexport const b = () => c() + 1;\n',
    "src/c.js": 'import { a } from "./a.js";\nexport const c = () => 1;\nexport const d = () => a();\n',
    "src/docs.js": '''/**
 * Adds two numbers.
 * @param {number} a first
 * @param {number} b second
 * @returns {number} the sum
 */
export function add(a, b) { return a + b; }
/**
 * @param {string} s
 * @retrun {string}
 * @unknowntag
 */
export function up(s) { return s.toUpperCase(); }
/** @type {Strin */
export const x = 1;
''',
    "uvu/cart.uvu.js": '''import { test } from "uvu";
import * as assert from "uvu/assert";
import { total, discount } from "../src/cart.js";
test("sums", () => assert.is(total([{ price: 2, qty: 3 }]), 6));
test("rounds", () => assert.is(total([{ price: 0.1, qty: 3 }]), 0.31));
test("object", () => assert.equal({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] }));
test("half", () => assert.is(discount(10, "HALF"), 5));
test("throws", () => assert.throws(() => discount(1, "X")));
test.run();
''',
}

C = {
    "leak.c": '''#include <stdlib.h>
#include <string.h>
#include <stdio.h>

struct node { char *name; struct node *next; };

static struct node *make(const char *name) {
    struct node *n = malloc(sizeof *n);
    n->name = strdup(name);
    n->next = NULL;
    return n;
}

static char *keep;

int main(int argc, char **argv) {
    struct node *head = make("root");
    head->next = make("child");
    head = NULL;                      /* definitely + indirectly lost */
    keep = malloc(64);                /* still reachable */
    char *mid = malloc(100);
    keep = mid + 10;                  /* possibly lost */
    int flags;
    if (argc > 5 || flags)            /* uninitialised */
        printf("flags\\n");
    char *buf = malloc(8);
    strcpy(buf, "12345678");          /* overflow by one */
    free(buf);
    free(buf);                        /* double free */
    return 0;
}
''',
    "race.c": '''#include <pthread.h>
#include <stdio.h>

static long counter;
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg) {
    for (int i = 0; i < 1000; i++) counter++;
    if (arg) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); }
    else { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); }
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, work, (void *)1);
    pthread_create(&t2, NULL, work, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("counter=%ld\\n", counter);
    return 0;
}
''',
    "heap.c": '''#include <stdlib.h>
#include <string.h>
static void *grow(size_t n) { return malloc(n); }
int main(void) {
    void *blocks[200];
    for (int i = 0; i < 200; i++) { blocks[i] = grow(1024 * (i % 20 + 1)); memset(blocks[i], 1, 16); }
    for (int i = 0; i < 200; i += 2) free(blocks[i]);
    void *big = malloc(4 << 20);
    memset(big, 0, 4 << 20);
    free(big);
    for (int i = 1; i < 200; i += 2) free(blocks[i]);
    return 0;
}
''',
    "orig.c": '''#include <stdio.h>
#include <stdlib.h>
static int score(int *v, int n) { int s = 0; for (int i = 0; i <= n; i++) s += v[i]; return s; }
int main(void) {
    int *v = malloc(4 * sizeof(int));
    v[0] = 1; v[1] = 2; v[3] = 4;
    int s = score(v, 3);
    if (s > 5) puts("big"); else puts("small");
    free(v);
    return 0;
}
''',
    "main.c": '''#include <stdio.h>
#include "util.h"
int main(int argc,char**argv){
    if(argc<2){fprintf(stderr,"usage\\n");return 2;}
    int n=parse(argv[1]);
      for(int i=0;i<n;i++)
    {
        printf("%d\\n",square(i));
    }
    return 0;
}
''',
    "util.h": "int parse(const char *s);\nint square(int x);\n",
    "util.c": '''#include <stdlib.h>
#include "util.h"
int parse(const char *s) { return atoi(s); }
int square(int x) { return x * x; }
static int helper(int a) { if (a > 0) { if (a > 10) { if (a > 100) { return 3; } return 2; } return 1; } return 0; }
int classify(int a, int b) { switch (a) { case 1: return b; case 2: return b * 2; case 3: if (b) return 1; else return 2; default: return helper(a); } }
''',
    "Makefile.bsd": '''PROG= ledger
SRCS= main.c util.c
all: ${PROG}
${PROG}: ${SRCS:.c=.o}
\t${CC} -o ${.TARGET} ${.ALLSRC}
.if ${MACHINE} == "nosuch"
FOO= bar
.endif
.if defined(BROKEN
BAR=1
.endif
check: missing.o
\t@echo done
''',
    "lib.pl": '''package Ledger;
sub total {
    my @items = @_;
    $sum = 0;
    foreach $i (@items) { $sum += $i->{price} * $i->{qty} }
    return $sum
}
sub parse { my $s = shift; open(FH, "<$s"); my @l = <FH>; close FH; return @l; }
sub noisy { print "x" if $_[0] == 1; eval "print 1"; return undef; }
1;
''',
    "lib.php": '''<?php
class cart_total {
    var $items = array();
    function add($sku,$qty) {
        if($qty<0) return false;
        $this->items[$sku]=$qty;
    }
    public function Total() {
      $t = 0;
      foreach($this->items as $k=>$v){ $t+=$v; }
      return $t;
    }
}
function helper_function( $a ){ return $a*2 ; }
?>
''',
    "cart.rb": '''class Cart
  def initialize(items = [])
    @items = items
  end
  def total()
    sum = 0
    @items.each { |i| sum = sum + i[:price] * i[:qty] }
    return sum
  end
  def empty?; @items.length == 0; end
  def add(sku, qty, unused)
    @items << {:sku => sku, :qty => qty, :price => 1.0}
  end
end
def helper(x) x * 2 end
puts Cart.new.total
''',
}

RS = {
    "Cargo.toml": '''[package]
name = "ledger"
version = "0.1.0"
edition = "2021"

[dependencies]
''',
    "src/lib.rs": '''//! A tiny ledger.

/// Parses `"12.50 EUR"` into cents and currency.
///
/// ```
/// assert_eq!(ledger::parse("12.50 EUR"), Some((1250, "EUR".to_string())));
/// assert_eq!(ledger::parse("1 USD"), Some((1, "USD".to_string())));
/// ```
pub fn parse(s: &str) -> Option<(i64, String)> {
    let (v, cur) = s.split_once(' ')?;
    let f: f64 = v.parse().ok()?;
    Some(((f * 100.0).round() as i64, cur.to_string()))
}

/// Sums amounts.
///
/// ```
/// assert_eq!(ledger::sum(&[1, 2]), 4);
/// ```
pub fn sum(v: &[i64]) -> i64 {
    v.iter().sum()
}

/// Divides evenly.
pub fn split(total: i64, ways: i64) -> i64 {
    inner::checked(total, ways)
}

mod inner {
    pub fn checked(total: i64, ways: i64) -> i64 {
        if ways == 0 {
            panic!("cannot split {total} zero ways");
        }
        total / ways
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses() {
        assert_eq!(parse("3.10 EUR"), Some((310, "EUR".into())));
    }

    #[test]
    fn sums() {
        println!("summing three values");
        assert_eq!(sum(&[1, 2, 3]), 7, "sum of 1..=3");
    }

    #[test]
    fn splits_zero() {
        split(10, 0);
    }

    #[test]
    fn unwraps() {
        let v: Option<(i64, String)> = parse("bad");
        println!("parsed {:?}", v);
        v.unwrap();
    }

    #[test]
    fn splits() {
        assert_eq!(split(10, 2), 5);
    }

    #[test]
    #[ignore]
    fn slow() {}
}
''',
    "bad/Cargo.toml": '''[package]
name = "ledgerbad"
version = "0.1.0"
edition = "2021"
''',
    "bad/src/main.rs": '''use std::collections::HashMap;

struct Book { entries: Vec<(String, i64)> }

impl Book {
    fn total(&self, account: &str) -> i64 {
        self.entries.iter().filter(|(a, _)| a == account).map(|(_, v)| v).sum()
    }
    fn add(&self, a: String, v: i64) {
        self.entries.push((a, v));
    }
}

fn main() {
    let b = Book { entries: vec![] };
    let name = String::from("cash");
    b.add(name, 5);
    println!("{}", name);
    let t: i32 = b.total("cash");
    let unused = 3;
    println!("{}", t);
}
''',
}

PG_SQL_SETUP = '''create table acct(id int primary key, bal int);
insert into acct values (1, 100), (2, 100);
create table big as select g as id, md5(g::text) as h from generate_series(1, 200000) g;
'''

SYSLOG_CONF = '''module(load="imuxsock" SysSock.Name="/dev/log")
template(name="trad" type="string" string="%TIMESTAMP% %HOSTNAME% %syslogtag%%msg:::sp-if-no-1st-sp%%msg:::drop-last-lf%\\n")
template(name="full" type="string" string="%TIMESTAMP:::date-rfc3339% %HOSTNAME% %syslogtag% [%syslogfacility-text%.%syslogseverity-text%]%msg:::sp-if-no-1st-sp%%msg:::drop-last-lf%\\n")
auth,authpriv.*  action(type="omfile" file="ROOT/auth.log" template="trad")
*.*;auth,authpriv.none  action(type="omfile" file="ROOT/syslog" template="trad")
*.*  action(type="omfile" file="ROOT/messages.rfc3339" template="full")
'''

HTTPD = '''import http.server, sys, time
class H(http.server.BaseHTTPRequestHandler):
    hits = {}
    def do_GET(self):
        p = self.path
        H.hits[p] = H.hits.get(p, 0) + 1
        if p == "/old":
            self.send_response(301); self.send_header("Location", "/moved"); self.end_headers(); return
        if p == "/moved":
            self.send_response(302); self.send_header("Location", "/files/data.bin"); self.end_headers(); return
        if p == "/loop":
            self.send_response(302); self.send_header("Location", "/loop"); self.end_headers(); return
        if p == "/flaky" and H.hits[p] < 3:
            self.send_response(503); self.send_header("Retry-After", "0"); self.end_headers(); return
        if p == "/boom":
            self.send_response(500); self.send_header("Content-Type", "text/plain"); self.end_headers(); self.wfile.write(b"internal error\\n"); return
        if p.startswith("/files/data.bin") or p == "/flaky":
            body = bytes(range(256)) * 16384
            self.send_response(200); self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body))); self.end_headers()
            for i in range(0, len(body), 65536):
                self.wfile.write(body[i:i + 65536])
            return
        if p == "/auth":
            self.send_response(401); self.send_header("WWW-Authenticate", 'Basic realm="ledger"'); self.end_headers(); return
        self.send_response(404); self.send_header("Content-Type", "text/html"); self.end_headers(); self.wfile.write(b"<h1>not found</h1>\\n")
    def log_message(self, *a):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
'''

CONF = {
    "nft/ruleset.nft": '''table inet filter {
  chain input {
    type filter hook input priority 0; policy drop;
    iif lo accept
    ct state established,related accept
    tcp dport { 22, 80, 443 } accept
    tcp dport 8080 acept
    udp dport 53 counter accept
    ip saddr 10.0.0.0/33 drop
  }
  chain forward {
    type filter hook forward priority 0; policy drop
  }
}
''',
    "sudoers": '''Defaults env_reset
Defaults secure_path="/usr/sbin:/usr/bin"
root ALL=(ALL:ALL) ALL
%admin ALL=(ALL) ALL
deploy ALL=(www-data) NOPASSWD: /usr/bin/systemctl restart web
backup ALL=(ALL) NOPASSWD /usr/bin/rsync
Cmnd_Alias WEB = /usr/sbin/nginx -s reload, /usr/bin/certbot
ops ALL = WEB, UNDEFINED_ALIAS
''',
    "default.vcl": '''vcl 4.1;
backend default {
    .host = "127.0.0.1";
    .port = "8080";
}
sub vcl_recv {
    if (req.url ~ "^/admin") {
        return (pass);
    }
    set req.http.X-Seen = "yes"
    if (req.method == "PURGE") {
        return (purge);
    }
}
sub vcl_backend_response {
    set beresp.ttl = 5m;
    set beresp.grace = 1hour;
}
''',
    "ok.vcl": '''vcl 4.1;
backend default { .host = "127.0.0.1"; .port = "8080"; }
sub vcl_recv { if (req.url ~ "^/admin") { return (pass); } }
''',
    "nsd.conf": '''server:
    ip-address: 127.0.0.1
    port: 5353
    verbosity: 2
    zonesdir: "ROOT/zones"
    hide-version: yes
    bogus-option: 4
zone:
    name: "example.test"
    zonefile: "example.test.zone"
zone:
    name: "broken.test"
    zonefile: "broken.test.zone"
    notify: 10.0.0.1 NOKEY
    provide-xfr: 10.0.0.0/8 NOKEY
''',
    "zones/example.test.zone": '''$ORIGIN example.test.
$TTL 3600
@   IN SOA ns1 hostmaster 2026120601 7200 3600 1209600 3600
    IN NS ns1
ns1 IN A 192.0.2.1
www IN A 192.0.2.10
www IN CNAME web
mail IN MX 10 mx1
bad IN A 300.1.2.3
txt IN TXT "unterminated
''',
    "zones/broken.test.zone": '''$TTL 3600
@ IN SOA ns1.broken.test. host.broken.test. ( 1 7200 3600 1209600 )
@ IN NS ns1.broken.test.
ns1 IN AAAA 2001:db8::zz
''',
    "fail2ban/sshd.log": "",
    "sysbench.lua": "",
}

SHELL = {
    "test/cart.bats": '''#!/usr/bin/env bats

setup() {
  TMP="$(mktemp -d)"
}

teardown() {
  rm -rf "$TMP"
}

@test "total of two items" {
  run bash -c 'echo $((2*3 + 1*2))'
  [ "$status" -eq 0 ]
  [ "$output" = "8" ]
}

@test "discount halves" {
  result="$(echo $((40 / 2)))"
  [ "$result" -eq 21 ]
}

@test "missing file fails" {
  run cat "$TMP/nosuch"
  [ "$status" -eq 0 ]
}

@test "skipped on ci" {
  skip "needs network"
}

@test "grep finds the sku" {
  echo "sku=A12" > "$TMP/f"
  run grep -q "sku=B12" "$TMP/f"
  [ "$status" -eq 0 ]
}

@test "arithmetic" {
  (( 1 + 1 == 2 ))
}

@test "command not found" {
  nosuchcommand --flag
}
''',
}

# Scripts the scenarios run (their own output is what is recorded; setup steps go to /dev/null).
SCRIPTS = {
    "pg_common.sh": '''# pgup DIR PORT: a throw-away cluster owned by postgres, started; pgdown DIR
S() { su postgres -s /bin/bash -c "$1"; }
pgup() {
  rm -rf "$1"; mkdir -p "$1" "$1.sock"; chown postgres "$1" "$1.sock"
  S "initdb -D $1 -A trust -U postgres" >/dev/null 2>&1
  cat >> "$1/postgresql.conf" <<EOF
port = $2
listen_addresses = '127.0.0.1'
unix_socket_directories = '$1.sock'
EOF
}
pgdown() { S "pg_ctl -D $1 -m fast -w stop" >/dev/null 2>&1 || true; }
''',
    "pg_log.sh": '''. ./pg_common.sh
D=$PWD/logdb; pgup $D 18450
cat >> $D/postgresql.conf <<EOF
log_min_duration_statement = 40
log_line_prefix = '%m [%p] %q%u@%d '
deadlock_timeout = 300ms
log_lock_waits = on
log_checkpoints = on
log_connections = on
log_disconnections = on
log_temp_files = 0
work_mem = 64kB
EOF
S "pg_ctl -D $D -l $D/server.log -w start" >/dev/null 2>&1
P="psql -h 127.0.0.1 -p 18450 -U postgres -q -X"
$P -f setup.sql >/dev/null 2>&1
$P -c "begin; update acct set bal=bal-1 where id=1; select pg_sleep(1); update acct set bal=bal+1 where id=2; commit;" >/dev/null 2>&1 &
$P -c "begin; update acct set bal=bal-1 where id=2; select pg_sleep(1); update acct set bal=bal+1 where id=1; commit;" >/dev/null 2>&1
wait
$P -c "select count(*) from big where h like '%abc%'" >/dev/null 2>&1
$P -c "select h, count(*) from big group by h order by 2 desc limit 5" >/dev/null 2>&1
$P -c "select * from nosuch" >/dev/null 2>&1
$P -c "insert into acct values (1, 5)" >/dev/null 2>&1
$P -c "select 1/0" >/dev/null 2>&1
$P -c "select pg_sleep(6)" >/dev/null 2>&1 &
sleep 1
kill -9 $($P -Atc "select pid from pg_stat_activity where query like 'select pg_sleep(6)%'")
wait
sleep 2
$P -c "select count(*) from acct" >/dev/null 2>&1
$P -c "checkpoint" >/dev/null 2>&1
pgdown $D
cat $D/server.log
''',
    "pg_ctl_errors.sh": '''. ./pg_common.sh
D=$PWD/ctldb; pgup $D 18451
S "pg_ctl -D $D -l $D/ok.log -w start" >/dev/null 2>&1
pgup $D.2 18451
S "pg_ctl -D $D.2 -w -t 10 start"
pgup $D.3 18452
printf "shared_buffers = 12XB\\nmax_connections = -5\\nwork_mem_limit = 4MB\\n" >> $D.3/postgresql.conf
S "pg_ctl -D $D.3 -w -t 10 start"
S "pg_ctl -D $PWD/nosuchdb -w start"
S "pg_ctl -D $D status"
S "pg_ctl -D $D -m fast -w stop"
''',
    "pgbench.sh": '''. ./pg_common.sh
D=$PWD/benchdb; pgup $D 18453
S "pg_ctl -D $D -l $D/server.log -w start" >/dev/null 2>&1
B="pgbench -h 127.0.0.1 -p 18453 -U postgres"
$B -i -s 2 postgres
$B -c 4 -j 2 -T 4 -P 1 postgres
printf "\\\\set aid random(1, 100000)\\nselect abalance from pgbench_accounts where aid = :aid;\\nselect * from nosuch_table;\\n" > bad.sql
$B -c 2 -t 5 -f bad.sql postgres
$B -c 2 -t 5 -f missing.sql postgres
pgdown $D
''',
    "syslog.sh": '''rm -f /dev/log rsyslog.pid syslog auth.log messages.rfc3339
rsyslogd -f $PWD/rsyslog.conf -i $PWD/rsyslog.pid
sleep 1
id w6user >/dev/null 2>&1 || useradd -M w6user
for i in 1 2 3; do su w6user -s /bin/bash -c "echo wrong$i | sudo -S -k true" >/dev/null 2>&1; done
sudo -u nobody true; sudo -u nobody /nonexistent/tool >/dev/null 2>&1
su w6user -s /bin/bash -c "sudo -n -l" >/dev/null 2>&1
su nobody -s /bin/sh -c true
dnsmasq --port=18461 --listen-address=127.0.0.1 --bind-interfaces --no-resolv --server=127.0.0.1#18499 --pid-file=$PWD/dnsmasq.pid --log-queries -C /dev/null
sleep 1
for n in www.example.test api.example.test www.example.test nosuch.invalid; do dig +time=1 +tries=1 @127.0.0.1 -p 18461 $n >/dev/null 2>&1; done
kill $(cat dnsmasq.pid)
python3 app.py
for i in $(seq 1 30); do logger -t backup -p cron.info "rotated /var/backups/db-$i.tar.gz ($((i*37)) MB)"; done
logger -t backup -p cron.err "rsync: [sender] link_stat \\"/srv/data/missing\\" failed: No such file or directory (2)"
logger -t backup -p cron.err "rsync error: some files/attrs were not transferred (see previous errors) (code 23) at main.c(1338) [sender=3.2.7]"
logger -t kernel -p kern.warning "EXT4-fs warning (device sda1): ext4_dx_add_entry:2516: Directory (ino: 1311) index full, reach max htree level :2"
logger -t systemd -p daemon.notice "web.service: Main process exited, code=exited, status=1/FAILURE"
logger -t systemd -p daemon.warning "web.service: Failed with result 'exit-code'."
logger -t systemd -p daemon.info "web.service: Scheduled restart job, restart counter is at 3."
sleep 1
kill $(cat rsyslog.pid); sleep 1
''',
    "app.py": '''import logging, logging.handlers, time
log = logging.getLogger("ledgerd")
log.setLevel(logging.DEBUG)
h = logging.handlers.SysLogHandler(address="/dev/log", facility="daemon")
h.setFormatter(logging.Formatter("ledgerd[%(process)d]: %(levelname)s %(message)s"))
log.addHandler(h)
for i in range(12):
    log.info("request id=%d path=/api/entries status=200 ms=%d", i, 3 + i % 5)
log.warning("slow request id=12 path=/api/report ms=2315")
try:
    {"cash": 1}["bank"]
except KeyError:
    log.exception("report failed for account bank")
log.error("database unavailable: connection to 127.0.0.1:5432 refused")
log.critical("giving up after 5 retries")
time.sleep(0.2)
''',
}

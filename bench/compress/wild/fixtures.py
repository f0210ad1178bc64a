"""Small buggy projects that the corpus generator runs real tools on (written to a work dir)."""

PY_PROJ = {
    "shop/__init__.py": "",
    "shop/cart.py": '''import os, sys
from typing import List, Optional


class Cart:
    def __init__(self, owner: str):
        self.owner = owner
        self.items: List[dict] = []

    def add(self, name: str, price: float, qty: int = 1) -> None:
        if qty <= 0:
            raise ValueError("qty must be positive, got %d" % qty)
        self.items.append({"name": name, "price": price, "qty": qty})

    def total(self) -> int:
        return sum(i["price"] * i["qty"] for i in self.items)

    def discount(self, code: Optional[str]) -> float:
        rate = {"TEN": 0.1, "HALF": 0.5}[code]
        return self.total() * (1 - rate)

    def find(self, name):
        for i in self.items:
            if i["name"] == name:
                return i
        l = None
        return l["name"]


def parse_qty(s: str) -> int:
    return int(s) + "1"
''',
    "shop/store.py": '''import json
import subprocess


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except:
        pass
    password = "hunter2"
    subprocess.call("cat " + path, shell=True)
    x = eval(open(path).read())
    return undefined_name


def price_of(catalog: dict, name: str) -> float:
    return catalog.get(name).price
''',
    "tests/test_cart.py": '''import pytest
from shop.cart import Cart, parse_qty


def test_total():
    c = Cart("ann")
    c.add("apple", 0.5, 4)
    c.add("pear", 0.25, 2)
    assert c.total() == 2.5


def test_discount_ten():
    c = Cart("bob")
    c.add("tv", 100.0)
    assert c.discount("TEN") == 91.0


def test_discount_unknown():
    c = Cart("bob")
    c.add("tv", 100.0)
    assert c.discount("NOPE") == 100.0


def test_bad_qty():
    with pytest.raises(TypeError):
        Cart("x").add("a", 1.0, 0)


@pytest.mark.parametrize("s,n", [("1", 1), ("2", 2), ("10", 10)])
def test_parse(s, n):
    assert parse_qty(s) == n


def test_find_missing():
    assert Cart("z").find("nothing") is None
''',
    "tests/test_many.py": '''import pytest


@pytest.mark.parametrize("n", range(600))
def test_square(n):
    assert n * n != 289 and n * n != 141376, f"square of {n} is forbidden"


def test_unicode():
    assert "straße".upper() == "STRASSE"
''',
    "tests/test_ok.py": '''def test_a():
    assert 1 + 1 == 2


def test_b():
    assert "x".upper() == "X"
''',
    "tests/test_unit.py": '''import unittest
from shop.cart import Cart


class CartTest(unittest.TestCase):
    def test_total(self):
        c = Cart("a")
        c.add("x", 2.0, 3)
        self.assertEqual(c.total(), 6.0)

    def test_discount(self):
        c = Cart("a")
        c.add("x", 10.0)
        self.assertAlmostEqual(c.discount("HALF"), 4.0)

    def test_missing(self):
        self.assertIsNone(Cart("a").find("q"))


if __name__ == "__main__":
    unittest.main()
''',
    "conf.yaml": "a: 1\nb:  [1,2 , 3]\nc: yes\na: 2\n  d: bad\n",
    "crash.py": '''import json


def read(p):
    return json.loads(open(p).read())


def main():
    data = read("conf.yaml")
    print(data)


main()
''',
}

JS_PROJ = {
    "src/cart.js": '''export function total(items) {
  let sum = 0
  for (var i = 0; i <= items.length; i++) { sum += items[i].price * items[i].qty }
  return sum
}
export function discount(t, code) {
  const rates = { TEN: 0.1 }
  if (code == "TEN") return t * (1 - rates[code]);
  return t
}
export const unused = 1
''',
    "src/cart.cjs": '''function total(items) {
  return items.reduce((s, i) => s + i.price * i.qty, 0)
}
function discount(t, code) { if (code === 'TEN') return t * 0.9; return t + 1 }
module.exports = { total, discount }
''',
    "test/cart.test.js": '''const { total, discount } = require('../src/cart.cjs')
test('total of two', () => { expect(total([{price: 2, qty: 3}, {price: 1, qty: 1}])).toBe(7) })
test('discount ten', () => { expect(discount(100, 'TEN')).toBe(90) })
test('no discount', () => { expect(discount(100, 'X')).toBe(100) })
test('objects', () => { expect({a: 1, b: [1, 2]}).toEqual({a: 1, b: [1, 3]}) })
describe('nested', () => {
  test('throws', () => { expect(() => total(null)).toThrow('boom') })
})
''',
    "test/cart.vitest.test.js": '''import { test, expect, describe } from 'vitest'
const { total, discount } = require('../src/cart.cjs')
test('total of two', () => { expect(total([{price: 2, qty: 3}])).toBe(6) })
test('no discount', () => { expect(discount(100, 'X')).toBe(100) })
describe('cart', () => {
  test('objects', () => { expect({a: 1, b: [1, 2]}).toEqual({a: 1, b: [1, 3]}) })
})
''',
    "test/mocha.spec.cjs": '''const assert = require('assert')
const { total, discount } = require('../src/cart.cjs')
describe('cart', function () {
  it('totals', function () { assert.strictEqual(total([{price: 2, qty: 3}]), 6) })
  it('discounts', function () { assert.strictEqual(discount(100, 'X'), 100) })
  it('deep', function () { assert.deepStrictEqual({a: [1, 2]}, {a: [1, 3]}) })
})
''',
    "test/node.test.cjs": '''const test = require('node:test')
const assert = require('assert')
const { total, discount } = require('../src/cart.cjs')
test('totals', () => { assert.strictEqual(total([{price: 2, qty: 3}]), 6) })
test('discounts', () => { assert.strictEqual(discount(100, 'X'), 100) })
test('deep', () => { assert.deepStrictEqual({a: [1, 2]}, {a: [1, 3]}) })
''',
    "test/many.test.js": "for (let i = 0; i < 300; i++) { test(`case ${i}`, () => { expect(i % 97 === 41 ? -1 : i).toBe(i) }) }\n",
    "test/many.node.test.cjs": "const test = require('node:test'); const assert = require('assert');\nfor (let i = 0; i < 300; i++) { test(`case ${i}`, () => { assert.strictEqual(i === 123 ? 0 : i, i) }) }\n",
    "crash.cjs": '''function parse(s) { return JSON.parse(s) }
function main() { const cfg = parse('{"a": 1,}'); console.log(cfg.a.b.c) }
main()
''',
    "src/app.ts": '''interface Item { name: string; price: number }
export function total(items: Item[]): number {
  return items.reduce((s, i) => s + i.price, "0");
}
export function find(items: Item[], n: string): Item {
  return items.find(i => i.nam === n);
}
const x: number = "three";
export function f(a, b) { return a + b }
''',
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true, "target": "es2020"}, "include": ["src/*.ts"]}',
    ".eslintrc.json": '{"root": true, "env": {"es2021": true, "node": true}, "parserOptions": {"ecmaVersion": 2021, "sourceType": "module"}, "extends": "eslint:recommended", "rules": {"eqeqeq": "error", "no-var": "warn", "semi": ["warn", "never"]}}',
}

RUST_PROJ = {
    "Cargo.toml": '[package]\nname = "inv"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
    "src/lib.rs": '''pub struct Stock { pub items: Vec<(String, u32)> }

impl Stock {
    pub fn get(&self, name: &str) -> u32 {
        self.items.iter().find(|(n, _)| n == name).map(|(_, q)| *q).unwrap()
    }
    pub fn take(&mut self, name: &str, n: u32) -> u32 {
        let q = self.get(name);
        q - n
    }
    pub fn len(&self) -> usize { self.items.len() }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn stock() -> Stock { Stock { items: vec![("a".into(), 3), ("b".into(), 0)] } }
    #[test] fn get_a() { assert_eq!(stock().get("a"), 3); }
    #[test] fn get_missing() { assert_eq!(stock().get("zz"), 0); }
    #[test] fn take_too_many() { let mut s = stock(); assert_eq!(s.take("b", 1), 0); }
    #[test] fn len() { assert_eq!(stock().len(), 3, "length of {:?}", stock().items); }
}
''',
}

RUST_BAD = {
    "Cargo.toml": '[package]\nname = "bad"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/main.rs": '''use std::collections::HashMap;
fn count(words: &[&str]) -> HashMap<String, usize> {
    let mut m = HashMap::new();
    for w in words { *m.entry(w).or_insert(0) += 1; }
    m
}
fn main() {
    let unused = 3;
    let v = vec![1, 2, 3];
    let s: String = v.len();
    println!("{}", count(&["a"]).len() + s);
}
''',
}

C_PROJ = {
    "Makefile": "CFLAGS=-Wall -Wextra -g -O0\nall: host\nhost: host.o util.o\n\t$(CC) $(CFLAGS) -o $@ $^\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $<\nclean:\n\trm -f *.o host\n",
    "util.c": '''#include <stdlib.h>
#include <string.h>
char *dup_upper(const char *s) {
    size_t n = strlen(s);
    char *r = malloc(n);          /* off by one */
    for (size_t i = 0; i <= n; i++) r[i] = (s[i] >= 'a' && s[i] <= 'z') ? s[i] - 32 : s[i];
    return r;
}
int sum(int *a, int n) { int s; for (int i = 0; i < n; i++) s += a[i]; return s; }
''',
    "host.c": '''#include <stdio.h>
#include <stdlib.h>
char *dup_upper(const char *s);
int sum(int *a, int n);
int main(int argc, char **argv) {
    int a[4] = {1, 2, 3, 4};
    char *u = dup_upper("hello");
    printf("%s %d\\n", u, sum(a, 4));
    int *p = malloc(10 * sizeof(int));
    p[10] = 1;
    if (argc > 1) { int *z = NULL; *z = 5; }
    return 0;
}
''',
    "bad.c": '''#include <stdio.h>
int f(int x) { return x * 2 }
int main(void) { unsigned u = -1; int y = f("s"); printf("%d\\n", y, u); return undeclared; }
''',
    "CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(host C)\nenable_testing()\nadd_executable(host host.c util.c)\nadd_test(NAME runs COMMAND host)\nadd_test(NAME crashes COMMAND host x)\nadd_test(NAME missing COMMAND nothere)\n",
    "script.sh": '''#!/bin/sh
for f in $(ls *.c); do
  echo $f
  cat $f | grep main
done
if [ $1 == "x" ]; then cd /tmp; fi
read line
echo "`date`"
''',
}

GO_PROJ = {
    "go.mod": "module example.com/calc\n\ngo 1.19\n",
    "calc.go": '''package calc

import "fmt"

func Div(a, b int) int { return a / b }

func Sum(xs []int) int {
	s := 0
	for i := 0; i <= len(xs); i++ {
		s += xs[i]
	}
	return s
}

func Show(x int) string { return fmt.Sprintf("%d %s", x) }

var Counter int

func Bump() { Counter++ }
''',
    "calc_test.go": '''package calc

import (
	"fmt"
	"sync"
	"testing"
)

func TestDiv(t *testing.T) {
	if Div(6, 3) != 2 {
		t.Fatal("bad")
	}
}
func TestDivZero(t *testing.T) { _ = Div(1, 0) }
func TestSum(t *testing.T) {
	if got := Sum([]int{1, 2}); got != 3 {
		t.Errorf("Sum = %d, want 3", got)
	}
}
func TestShow(t *testing.T) {
	if Show(1) != "1" {
		t.Errorf("Show(1) = %q", Show(1))
	}
}
func TestMany(t *testing.T) {
	for i := 0; i < 200; i++ {
		i := i
		t.Run(fmt.Sprintf("case_%d", i), func(t *testing.T) {
			if i == 77 {
				t.Errorf("case %d: got %d, want %d", i, i*2, i)
			}
		})
	}
}
func TestRace(t *testing.T) {
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() { Bump(); wg.Done() }()
	}
	wg.Wait()
}
''',
}

GO_BAD = {
    "go.mod": "module example.com/bad\n\ngo 1.19\n",
    "main.go": 'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc main() {\n\tx := 1\n\tvar s string = 3\n\tfmt.Println(y)\n}\n',
}

JAVA_PROJ = {
    "Bad.java": 'public class Bad {\n  public static void main(String[] a) {\n    int x = "s";\n    Strin y = null;\n    System.out.println(x + z);\n  }\n}\n',
    "App.java": '''import java.util.*;
public class App {
  static int parse(String s) { return Integer.parseInt(s); }
  static int load(String s) {
    try { return parse(s); }
    catch (NumberFormatException e) { throw new IllegalStateException("config value broken: " + s, e); }
  }
  public static void main(String[] args) {
    List<Integer> xs = new ArrayList<>();
    xs.add(load("12"));
    xs.add(load("1x"));
    System.out.println(xs);
  }
}
''',
}

MISC = {
    "bad.lua": 'local t = {}\nlocal function f(x) return x.y.z end\nprint(f(t))\n',
    "bad.pl": 'use strict; use warnings;\nmy %h; my $x;\nprint "v: " . $x . "\\n";\nmy @a = (1,2);\nprint $a[5] + 1, "\\n";\ndie "cannot open config: No such file";\n',
    "bad.json": '{"a": 1, "b": [1, 2,], "c": }\n',
    "nginx.conf": '''worker_processes 1;
error_log ERRLOG info;
pid PIDFILE;
events { worker_connections 64; }
http {
  access_log ACCLOG;
  server {
    listen 127.0.0.1:18081;
    root ROOT;
    location /up { proxy_pass http://127.0.0.1:18999; }
  }
}
''',
}

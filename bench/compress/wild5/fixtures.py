"""Fixture projects for the `wild5` corpus (written for it; see gen.py)."""

PY = {
    "inventory/__init__.py": "",
    "inventory/stock.py": '''import os, sys
import json
from collections import *


def load(path):
    f = open(path)
    data = json.load(f)
    unused = 3
    return data


class Stock:
    def __init__(self, items={}):
        self.items = items

    def add(self, sku, qty):
        if qty < 0: raise ValueError("negative")
        self.items[sku] = self.items.get(sku,0)+qty
        return self.items[sku]

    def remove(self, sku, qty):
        if not sku in self.items:
            return undefined_name
        self.items[sku] -= qty
        if self.items[sku] < 0:
            self.items[sku] = 0
        elif self.items[sku] == 0:
            del self.items[sku]
        elif self.items[sku] > 1000:
            print("large")
        elif self.items[sku] > 100:
            print("medium")
        else:
            pass
        return self.items.get(sku)

    def report(self, fmt, out, verbose, sort, limit, header):
        lines = []
        for k, v in self.items.items():
            if fmt == "csv":
                if verbose:
                    if v > limit:
                        lines.append("%s,%d,high" % (k, v))
                    else:
                        lines.append("%s,%d,low" % (k, v))
                else:
                    lines.append("%s,%d" % (k, v))
            elif fmt == "tsv":
                for i in range(v):
                    if i > limit:
                        break
                    elif i % 2:
                        lines.append(k)
            elif fmt == "json":
                lines.append(json.dumps({k: v}))
            else:
                raise ValueError(fmt)
        if sort: lines.sort()
        if header: lines.insert(0, header)
        out.write("\\n".join(lines))
''',
    "inventory/pricing.py": '''from inventory.stock import *
import math


def price(qty, unit, discount = None):
    total = qty*unit
    if discount == None:
        return total
    return total - total*discount/100

def tax(amount, rate):
    return round(amount * rate, 2)
def unused_helper(a,b,c):
    x = a
    return
def shadow(list):
    for list in list:
        pass
    return list
''',
    "inventory/cli.py": '''import argparse
from inventory import stock
from inventory import pricing
import re


def main(argv = None):
    p = argparse.ArgumentParser()
    p.add_argument("cmd")
    args = p.parse_args(argv)
    s = stock.Stock()
    if args.cmd == "report":
        s.report("csv", None, True, True, 10, "sku,qty")
    print(f"done")
    return 0
''',
    "docs/index.rst": '''Inventory
=========

This is a very long line in the documentation that goes on and on well beyond the seventy nine character limit that doc8 enforces.

Usage
----

.. code-block:: python

   import inventory
    bad indent

.. unknown-directive:: foo

See `the link <http://example.com>`_ and `broken ref`_.

Section trailing    
====================

.. note::
Missing indentation here.

Text with a tab	inside.
''',
    "templates/index.html": '''<!DOCTYPE html>
<html>
<head>
<title>{{ title }}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<div class="x" style="color:red">
<img src="a.png">
<a href="#" onclick="go()">Go</a>
{% if user %}<p>Hello {{user.name}}</p>{% endif %}
<table><tr><td>1</td></tr></table>
<h1>Title</h1><h3>Sub</h3>
<div>
<span>unclosed
</div>
<input type="text">
<button>Send</button>
{% for i in items %}<li>{{ i }}</li>{% endfor %}
<script>var x = 1</script>
</body>
</html>
''',
    "schema/order.schema.json": '''{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "type": "object",
  "required": ["id", "lines", "customer"],
  "properties": {
    "id": {"type": "integer", "minimum": 1},
    "customer": {"type": "string", "minLength": 2},
    "lines": {"type": "array", "minItems": 1, "items": {
      "type": "object", "required": ["sku", "qty"],
      "properties": {"sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$"}, "qty": {"type": "integer", "minimum": 1}}}},
    "status": {"enum": ["open", "paid", "shipped"]}
  },
  "additionalProperties": false
}
''',
    "data/order1.json": '{"id": 1, "customer": "Ann", "lines": [{"sku": "ABC-1", "qty": 2}], "status": "open"}\n',
    "data/order2.json": '{"id": 0, "customer": "B", "lines": [{"sku": "abc", "qty": 0}, {"qty": 1}], "status": "lost", "note": "x"}\n',
    "data/order3.json": '{"id": "7", "lines": []}\n',
    "data/order4.json": '{"id": 4, "customer": "Dee", "lines": [{"sku": "XYZ-9", "qty": 5}]}\n',
    "scripts/deploy.sh": '''#!/bin/bash
set -e
function deploy {
   echo "deploying $1"
    if [ -z "$1" ] ; then
     echo "no target"; exit 1
    fi
	rsync -a build/ "$1":/srv/app
}
for t in $TARGETS ; do deploy $t ; done
local_var=`date`
echo $local_var  
''',
}

CPP = {
    "src/ring.cpp": '''#include <vector>
#include <string>
#include <iostream>
using namespace std;

class Ring {
public:
    Ring(int n) : buf(n), head(0), size(0) {}
    void push(int v){ buf[(head+size)%buf.size()] = v; if(size<buf.size()) size++; else head=(head+1)%buf.size(); }
    int at(int i) { return buf[(head+i)%buf.size()]; }
    string dump() {
        char tmp[64];
        string s;
        for (int i=0;i<size;i++) { sprintf(tmp, "%d,", at(i)); s += tmp; }
        return s;
    }
private:
    vector<int> buf;
    int head, size;
};

int main(int argc, char** argv) {
    Ring r(3);
    for (int i = 0; i < 10; i++) r.push(i);  // TODO fill from argv
    cout << r.dump() << endl;
    long long big = 1234567890123;
    if (argc>1) { cout << argv[1] << endl; }
    return 0;
}
''',
    "src/util.h": '''int clamp(int v, int lo, int hi);
''',
}

C = {
    "parse.c": '''#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { char name[16]; int qty; };

int parse_line(const char *line, struct rec *out)
{
    char *comma = strchr(line, ',');
    if (comma == NULL)
        return -1;
    strncpy(out->name, line, comma - line);
    out->qty = atoi(comma + 1);
    return 0;
}

int total(struct rec *recs, int n)
{
    int i, sum;
    for (i = 0; i <= n; i++)
        sum += recs[i].qty;
    return sum;
}

char *dup_name(struct rec *r)
{
    char *p = malloc(strlen(r->name));
    strcpy(p, r->name);
    return p;
}

int main(int argc, char **argv)
{
    struct rec recs[4];
    char buf[64];
    int n = 0;
    FILE *f = fopen(argv[1], "r");
    while (fgets(buf, sizeof buf, f) && n < 4) {
        if (parse_line(buf, &recs[n]) == 0)
            n++;
    }
    printf("%d records, total %d\\n", n, total(recs, n));
    printf("first %s\\n", dup_name(&recs[0]));
    return 0;
}
''',
    "bad.c": '''#include <stdio.h>

int add(int a, int b) { return a + b }

int main(void)
{
    int x = add(1, "two");
    undeclared = 3;
    printf("%d\\n", x)
    return 0;
}
''',
    "data.csv": "apple,3\npear,5\nplum,x\nbad line\nfig,2\n",
    "prof.c": '''#include <stdio.h>
static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static long sum_sq(int n) { long s = 0; for (int i = 0; i < n; i++) s += (long)i * i; return s; }
static int is_prime(int n) { if (n < 2) return 0; for (int d = 2; d * d <= n; d++) if (n % d == 0) return 0; return 1; }
static int count_primes(int n) { int c = 0; for (int i = 0; i < n; i++) c += is_prime(i); return c; }
int main(void) { printf("%ld %ld %d\\n", fib(27), sum_sq(3000000), count_primes(200000)); return 0; }
''',
}

ASM = {
    "boot.asm": '''bits 64
section .text
global _start
_start:
    mov rax, 60
    mov rdi, 0
    movx rbx, 1
    add rax, [rbx+rcx*3]
    jmp undefined_label
    push eax
    db 300
    syscall
section .data
msg: db "hi", 10
msg: db "again", 10
''',
    "scan.l": '''%{
#include <stdio.h>
%}
%%
[0-9]+      { printf("NUM %s\\n", yytext); }
[a-z]+      { printf("ID %s\\n", yytext) }
"(" {
%%
''',
}

PROLOG = {
    "family.pl": '''parent(tom, bob).
parent(bob, ann).
parent(bob, pat).
parent(pat, jim).

grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
sibling(X, Y) :- parent(P, X), parent(P, Y), X \\== Y.
ancestor(X, Y) :- parent(X, Y).
ancestor(X, Y) :- parent(X, Z), ancestor(Z, Y).
bad_rule(X, Unused) :- parent(X, _).
count(L, N) :- length(L, N), M is N + undefined_atom, write(M).

:- begin_tests(family).
test(grand) :- grandparent(tom, ann).
test(sib) :- sibling(ann, pat).
test(wrong) :- grandparent(tom, jim).
test(err) :- count([a, b], _).
test(anc, [nondet]) :- ancestor(tom, jim).
test(eq, [true(X == 3)]) :- X is 1 + 1.
:- end_tests(family).
''',
    "calc.scm": '''(define (safe-div a b)
  (if (= b 0)
      (error "division by zero:" a)
      (/ a b)))
(define (average lst)
  (safe-div (apply + lst) (length lst)))
(display (average '(1 2 3 4)))
(newline)
(display (average '()))
(newline)
''',
    "calc.fs": ''': square ( n -- n*n ) dup * ;
: cube ( n -- n^3 ) dup square * ;
5 square . cr
3 cube . cr
: avg ( a b -- avg ) + 2 / ;
10 20 avg . cr
1 0 / . cr
undefined-word
''',
    "calc.lisp": '''(defun average (lst)
  (/ (reduce #'+ lst) (length lst)))
(defun report (lst)
  (format t "avg ~a~%" (average lst)))
(report '(1 2 3 4))
(report '())
''',
    "calc.pas": '''program Calc;
uses SysUtils;
var
  a, b: Integer;
  s: String;
  unused: Real;
begin
  a := 10;
  b := 'two';
  s := IntToStr(a div b);
  writeln(s)
  writeln(Undef);
end.
''',
}

SVN_SCRIPT = '''set -e
svnadmin create repo
svn checkout -q file://$PWD/repo wc1
cd wc1
printf 'alpha\\nbeta\\ngamma\\n' > notes.txt
svn add -q notes.txt
svn commit -q -m "add notes"
cd ..
svn checkout -q file://$PWD/repo wc2
cd wc1 && sed -i s/beta/BETA1/ notes.txt && svn commit -q -m "edit one" && cd ..
cd wc2 && sed -i s/beta/BETA2/ notes.txt && printf 'x\\n' > extra.txt && svn add -q extra.txt && cd ..
'''

CONF = {
    "unbound.conf": '''server:
    verbosity: 1
    interface: 127.0.0.1
    port: 5353
    do-ip6: maybe
    access-control: 10.0.0.0/8 allow
    access-control: 127.0.0.0/33 allow
    cache-max-ttl: abc
    local-zone: "example.test." static
    local-data: "host.example.test. IN A 10.0.0.300"
forward-zone:
    name: "."
    forward-addr: 1.1.1.1
''',
    "unbound-ok.conf": '''server:
    verbosity: 1
    interface: 127.0.0.1
    port: 5353
    username: ""
    chroot: ""
    directory: "ROOT"
    pidfile: ""
    access-control: 127.0.0.0/8 allow
    local-zone: "example.test." static
    local-data: "host.example.test. IN A 10.0.0.3"
''',
    "dnsmasq.conf": '''port=5354
listen-address=127.0.0.1
dhcp-range=192.168.0.50,192.168.0.150,12h
address=/test/127.0.0.1
no-such-option=yes
cache-size=abc
''',
    "units/web.service": '''[Unit]
Description=Web app
After=network.target nosuch.target
Requires=db.service

[Service]
Type=simple
ExecStart=srv/bin/web --port 8080
Restart=sometimes
User=web
Environment=MODE=prod
FooBar=1

[Install]
WantedBy=multi-user.target
''',
    "units/backup.timer": '''[Unit]
Description=Nightly backup

[Timer]
OnCalendar=daily at 25:00
Persistent=yes

[Install]
WantedBy=timers.target
''',
    "units/backup.service": '''[Unit]
Description=Backup

[Service]
Type=oneshot
ExecStart=/usr/bin/false --backup
ExecStartPost=relative/path
''',
}

DOCS = {
    "paper.tex": r'''\documentclass{article}
\begin{document}
\title{A Note}
\maketitle
\section{Intro}
This is a test .  We cite \cite{x}and refer to Fig. \ref{f}.
Ellipsis ... and dashes - and -- used wrong, e.g. 1-10.
"Quotes" like this are wrong, so is ``this" one.
\section {Method}
We use $x$ $ y$ and \emph {emph}.
Mr. Smith and Dr. Jones met at 5 p.m.
Space before footnote \footnote{x}.
\begin{itemize}
\item one
\item two
\end{itemize}
( parenthesis with space )
A sentence.So no space.
\section{Results}
Results in Table~\ref{t} , see also Sec. \ref{s}.
The value is 1 -- 2 and $a-b$ with x^2 outside math.
Use \LaTeX\ or \TeX{} here...
Another "quote" pair and ``good'' one.
\end{document}
''',
    "tool.1": '''.TH TOOL 1 2026-01-01
.SH NAME
tool \\- does things
.SH SYNOPSIS
.B tool
[\\fB\\-v\\fR]
.SH DESCRIPTION
.PP
.PP
Tool does things.
.BI
.SH OPTIONS
.TP
.B \\-v
verbose
.SH OPTIONS
.SH BUGS  
none
.UNKNOWN macro
.SH SEE ALSO
.BR ls (1),
.BR cat (1)
''',
    "words.txt": "The quick brwon fox jumpd over the lazzy dog.\nRecieve the pakage tommorow and definately acommodate.\nTeh begining of the end is neer.\n",
    "cat.xml": '''<?xml version="1.0"?>
<catalog>
  <book id="b1"><title>Dune</title><price>9.99</price><year>1965</year></book>
  <book id="b2"><title>Emma</title><price>abc</price></book>
  <book id="b3"><title>Ulysses</title><price>12.50</price><year>1922</year></book>
  <book><title>Untitled</title><price>1</price><year>x</year><extra/></book>
</catalog>
''',
    "cat.xsd": '''<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="catalog"><xs:complexType><xs:sequence>
    <xs:element name="book" maxOccurs="unbounded"><xs:complexType><xs:sequence>
      <xs:element name="title" type="xs:string"/>
      <xs:element name="price" type="xs:decimal"/>
      <xs:element name="year" type="xs:integer"/>
    </xs:sequence><xs:attribute name="id" type="xs:ID" use="required"/></xs:complexType></xs:element>
  </xs:sequence></xs:complexType></xs:element>
</xs:schema>
''',
    "bad.xml": '<?xml version="1.0"?>\n<catalog>\n  <book id="b1"><title>Dune</title>\n  <book id="b2">\n</catalog>\n',
    "report.xsl": '''<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template match="/">
    <xsl:for-each select="catalog/book">
      <xsl:value-of select="title"/>: <xsl:value-of select="format-number(price, '0.00')"/>
      <xsl:message>checking <xsl:value-of select="@id"/></xsl:message>
      <xsl:if test="not(year)"><xsl:message terminate="yes">book without year: <xsl:value-of select="title"/></xsl:message></xsl:if>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
''',
    "model.lp": '''\\* production plan *\\
Maximize
 profit: 30 x + 50 y + 20 z
Subject To
 labour: 2 x + 4 y + 1 z <= 80
 wood:   3 x + 2 y + 2 z <= 60
 demand: x + y + z >= 200
Bounds
 x >= 0
 y >= 0
 z <= 15
End
''',
    "model_ok.lp": '''Maximize
 profit: 30 x + 50 y + 20 z
Subject To
 labour: 2 x + 4 y + 1 z <= 80
 wood:   3 x + 2 y + 2 z <= 60
Bounds
 z <= 15
General
 x y z
End
''',
    "plot.gp": '''set terminal dumb 79 24
set title "Squares"
plot [0:10] x**2 title "x^2"
set xrange [0:
plot sin(x) with lnes
f(x) = a*x + b
fit f(x) "nosuch.dat" via a, b
print undefined_var
''',
    "check.smt2": '''(set-logic QF_LIA)
(declare-const x Int)
(declare-const y Int)
(assert (> x 10))
(assert (< y 5))
(assert (= (+ x y) 12))
(check-sat)
(get-model)
(push)
(assert (> y 100))
(check-sat)
(get-model)
(pop)
(assert (= z 1))
(check-sat)
''',
}

JS = {
    "src/cart.js": '''var items = []
function add (sku, qty) {
  if (qty == 0) return
  items.push({sku: sku, qty: qty});
  var unused = 1
  return items.length
}
function total (prices) {
  let t = 0
  for (var i in items) { t += prices[items[i].sku] * items[i].qty }
  return t
}
const copy = function(a) { return a.map(x => { return x }) }
function dup (sku, qty) {
  if (qty == 0) return
  items.push({sku: sku, qty: qty});
  var unused = 1
  return items.length
}
function dup2 (sku, qty) {
  if (qty == 0) return
  items.push({sku: sku, qty: qty});
  var unused = 1
  return items.length
}
module.exports = { add, total, copy, dup, dup2 }
''',
    "src/copy.js": '''function dup3 (sku, qty) {
  if (qty == 0) return
  items.push({sku: sku, qty: qty});
  var unused = 1
  return items.length
}
function total2 (prices) {
  let t = 0
  for (var i in items) { t += prices[items[i].sku] * items[i].qty }
  return t
}
''',
    "test/cart.tape.js": '''const test = require('tape')
const cart = require('../src/cart')
test('adds items', t => {
  t.equal(cart.add('apple', 2), 1)
  t.equal(cart.add('pear', 1), 2, 'second item')
  t.end()
})
test('totals', t => {
  t.equal(cart.total({ apple: 30, pear: 45 }), 100, 'total with prices')
  t.deepEqual(cart.copy([1, 2]), [1, 2, 3], 'copy keeps items')
  t.end()
})
test('throws', t => {
  t.throws(() => cart.total(null), /prices/, 'null prices')
  t.ok(cart.add('kiwi', 0), 'zero qty accepted')
  t.end()
})
''',
    "test/cart.qunit.js": '''const cart = require('../src/cart')
QUnit.module('cart', () => {
  QUnit.test('adds', assert => { assert.equal(cart.add('apple', 2), 1) })
  QUnit.test('totals', assert => { assert.equal(cart.total({ apple: 30 }), 61, 'total') })
  QUnit.test('deep', assert => { assert.deepEqual(cart.copy([1, 2]), [2, 1], 'order') })
  QUnit.test('throws', assert => { assert.strictEqual(cart.total(null), 0) })
  QUnit.test('ok', assert => { assert.ok(true) })
})
''',
    "styles/main.less": '''@primary: #336699;
.button {
  color: @primary;
  .rounded(4px);
  &:hover { color: darken(@primary, 10%); }
}
.card { padding: @spacing; }
''',
    "styles/ok.less": '''@primary: #336699;
.rounded(@r) { border-radius: @r; }
.button { color: @primary; .rounded(4px); &:hover { color: darken(@primary, 10%); } }
''',
    "styles/main.styl": '''primary = #336699
.button
  color primary
  border-radius radius
  &:hover
    color darken(primary, 10%)
.card
  padding unknown-fn(3)
''',
    "docs/README.md": '''# cart

Some text with a  TODO: fix this later.

* item one
- item two
+ item three

##No space heading
### Skipped level

[link](http://example.com) and [missing][ref] and [dup](#a).

```
code without lang
```

He is a simple guy who just wants an easy life. His girlfriend is crazy.
Obviously the the cart is very very fast. It is was clearly simple.
The items were added by the user. TODO: fix the total.
Chairman of the board and the fireman spoke to the stewardess.
''',
    "docs/guide.md": '''Guide
=====

1. first
3. third

Some *emphasis* and __strong__ text.
TODO: write more. This is basically just a simple example.
The server was restarted by the admin. It is really extremely easy.
He said that postman deliveries are so so slow.
''',
    "data/config.json": '{\n  "name": "cart",\n  "port": 8080,\n  "debug": true,\n  "tags": ["a", "b",],\n  "owner": \'me\'\n}\n',
    "data/order.json": '{"id": 0, "customer": "B", "lines": [{"sku": "abc", "qty": 0}, {"qty": 1}], "status": "lost"}\n',
    "data/schema.json": '''{"type": "object", "required": ["id", "lines", "customer"],
 "properties": {"id": {"type": "integer", "minimum": 1}, "customer": {"type": "string", "minLength": 2},
  "lines": {"type": "array", "items": {"type": "object", "required": ["sku", "qty"],
   "properties": {"sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$"}, "qty": {"type": "integer", "minimum": 1}}}},
  "status": {"enum": ["open", "paid"]}}}
''',
    "src/app.coffee": '''square = (x) -> x * x
cube = (x) -> square(x) * x
console.log cube 3
class Cart
  constructor: (@items = []) ->
  add: (sku) =>
    @items.push sku
    return
  total: ->
    for item in @items
      item.price *
''',
    ".textlintrc.json": '{"rules": {"no-todo": true}}\n',
    ".remarkrc.json": '{"plugins": ["remark-preset-lint-recommended"]}\n',
}

SVN_DUMMY = {"README": "svn fixture\n"}

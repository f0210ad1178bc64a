"""Fixture projects for the `wild4` corpus (written for it; see gen.py)."""

MIX = {
    "mix.exs": """defmodule Shop.MixProject do
  use Mix.Project

  def project do
    [app: :shop, version: "0.1.0", elixir: "~> 1.14", deps: []]
  end
end
""",
    "lib/shop/cart.ex": """defmodule Shop.Cart do
  @moduledoc "A shopping cart."

  def new, do: %{items: %{}, coupon: nil}

  def add(cart, sku, qty) when qty > 0 do
    unused = qty * 2
    update_in(cart.items, &Map.update(&1, sku, qty, fn n -> n + qty end))
  end

  def total(cart, prices) do
    Enum.reduce(cart.items, 0, fn {sku, qty}, acc -> acc + Map.fetch!(prices, sku) * qty end)
  end

  def discount(total, "HALF"), do: div(total, 2)
  def discount(total, _code), do: total
end
""",
    "test/test_helper.exs": "ExUnit.start()\n",
    "test/cart_test.exs": """defmodule Shop.CartTest do
  use ExUnit.Case
  alias Shop.Cart

  test "adds items" do
    cart = Cart.new() |> Cart.add("apple", 2) |> Cart.add("apple", 1)
    assert cart.items["apple"] == 3
  end

  test "totals with prices" do
    cart = Cart.new() |> Cart.add("apple", 2) |> Cart.add("pear", 1)
    assert Cart.total(cart, %{"apple" => 30, "pear" => 45}) == 100
  end

  test "unknown price raises" do
    cart = Cart.new() |> Cart.add("kiwi", 1)
    Cart.total(cart, %{"apple" => 30})
  end

  test "zero quantity is refused" do
    assert_raise FunctionClauseError, fn -> Cart.add(Cart.new(), "apple", 0) end
  end

  test "half discount" do
    assert Cart.discount(101, "HALF") == 51
  end

  test "no discount" do
    assert Cart.discount(100, "NONE") == 100
  end
end
""",
}

MIX_BAD = {
    "mix.exs": MIX["mix.exs"].replace("Shop.MixProject", "Ledger.MixProject").replace(":shop", ":ledger"),
    "lib/ledger.ex": """defmodule Ledger do
  def balance(entries) do
    Enum.reduce(entries, 0, fn {_, amount}, acc -> acc + amount end)
  end

  def report(entries) do
    total = balance(entries)
    Formatter.money(total)
  end

  def post(entries, entry) do
    [entry | entriez]
  end
end
""",
}

ANT_BUILD = """<project name="inventory" default="test" basedir=".">
  <property name="src" location="src"/>
  <property name="test" location="test"/>
  <property name="build" location="build"/>
  <path id="cp">
    <pathelement location="${build}/classes"/>
    <pathelement location="${build}/test"/>
    <pathelement location="/usr/share/java/junit4.jar"/>
    <pathelement location="/usr/share/java/hamcrest-core.jar"/>
  </path>
  <target name="compile">
    <mkdir dir="${build}/classes"/>
    <javac srcdir="${src}" destdir="${build}/classes" includeantruntime="false" debug="true">
      <compilerarg value="-Xlint:all"/>
    </javac>
  </target>
  <target name="compile-tests" depends="compile">
    <mkdir dir="${build}/test"/>
    <javac srcdir="${test}" destdir="${build}/test" includeantruntime="false" classpathref="cp"/>
  </target>
  <target name="test" depends="compile-tests">
    <junit printsummary="yes" haltonfailure="no" failureproperty="tests.failed">
      <classpath refid="cp"/>
      <formatter type="plain" usefile="false"/>
      <batchtest><fileset dir="${test}" includes="**/*Test.java"/></batchtest>
    </junit>
    <fail if="tests.failed" message="Unit tests failed"/>
  </target>
</project>
"""

ANT = {
    "build.xml": ANT_BUILD,
    "src/inv/Stock.java": """package inv;

import java.util.*;

public class Stock {
    private final Map<String, Integer> levels = new HashMap<>();

    public void receive(String sku, int qty) {
        levels.merge(sku, qty, Integer::sum);
    }

    public int take(String sku, int qty) {
        int have = levels.getOrDefault(sku, 0);
        if (qty > have) {
            throw new IllegalStateException("not enough " + sku + ": have " + have + ", want " + qty);
        }
        levels.put(sku, have - qty);
        return have - qty;
    }

    public List list() {
        List out = new ArrayList(levels.keySet());
        Collections.sort(out);
        return out;
    }
}
""",
    "test/inv/StockTest.java": """package inv;

import static org.junit.Assert.*;
import org.junit.Test;

public class StockTest {
    @Test public void receiveAdds() {
        Stock s = new Stock();
        s.receive("bolt", 5);
        s.receive("bolt", 3);
        assertEquals(8, s.take("bolt", 0));
    }

    @Test public void takeTooMuch() {
        Stock s = new Stock();
        s.receive("nut", 2);
        s.take("nut", 3);
    }

    @Test public void listSorted() {
        Stock s = new Stock();
        s.receive("washer", 1);
        s.receive("bolt", 1);
        assertEquals("[bolt, nut]", s.list().toString());
    }

    @Test public void takeReduces() {
        Stock s = new Stock();
        s.receive("nut", 10);
        assertEquals(7, s.take("nut", 3));
    }
}
""",
}

ANT_BAD = {
    "build.xml": ANT_BUILD,
    "src/inv/Stock.java": ANT["src/inv/Stock.java"].replace("levels.put(sku, have - qty);", "levels.put(sku, have - qty)")
    .replace("return have - qty;", "return remaining;"),
    "src/inv/Order.java": """package inv;

public class Order {
    private final Stock stock;
    public Order(Stock stock) { this.stock = stock; }
    public int pick(String sku, int qty) { return stock.take(sku, qty, true); }
}
""",
    "test/inv/StockTest.java": ANT["test/inv/StockTest.java"],
}

CHECKSTYLE = {
    "src/main/java/com/shop/Invoice.java": """package com.shop;

import java.util.*;
import java.io.File;

public class Invoice
{
    public static int TAX_RATE = 20;
    private List<String> lines = new ArrayList<String>();
    private double Total;

    public Invoice(){ }

    public void addLine(String line, double amount){
        if(amount<0) throw new IllegalArgumentException("negative");
        lines.add(line); Total += amount;
    }

    public double total() { return Total * (100 + TAX_RATE) / 100; }

    public String render(int width) {
        StringBuilder sb=new StringBuilder();
        for (int i=0;i<lines.size();i++) {
            String l = lines.get(i);
            if (l.length() > width) l = l.substring(0, width);
            sb.append(l).append("\\n");
        }
        return sb.toString();
    }
}
""",
    "src/main/java/com/shop/Util.java": """package com.shop;

public class Util {
    public static String pad(String s, int n) {
        while (s.length() < n) s = s + " ";
        return s;
    }
    public static final int magic() { return 42; }
}
""",
}

XML = {
    "catalog.xsd": """<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="catalog">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="book" maxOccurs="unbounded">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="title" type="xs:string"/>
              <xs:element name="price" type="xs:decimal"/>
              <xs:element name="year" type="xs:gYear" minOccurs="0"/>
            </xs:sequence>
            <xs:attribute name="id" type="xs:ID" use="required"/>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>
</xs:schema>
""",
    "catalog.xml": """<?xml version="1.0"?>
<catalog>
  <book id="b1"><title>Dune</title><price>9.99</price><year>1965</year></book>
  <book id="b2"><title>Emma</title><price>free</price></book>
  <book><title>Ulysses</title><price>12.50</price></book>
  <book id="b4"><price>7.00</price><title>Walden</title></book>
  <book id="b1"><title>Beloved</title><price>8.25</price><year>87</year></book>
</catalog>
""",
    "good.xml": """<?xml version="1.0"?>
<catalog>
  <book id="b1"><title>Dune</title><price>9.99</price><year>1965</year></book>
</catalog>
""",
    "broken.xml": """<?xml version="1.0"?>
<config>
  <server name="api" port="8080">
    <route path="/items" method="GET"/>
    <route path="/items/{id}" method="PUT">
  </server>
  <db url="postgres://localhost/x" pool=10/>
  <feature name="beta" & enabled="true"/>
</config>
""",
}

HTML = {
    "index.html": """<!DOCTYPE html>
<html>
<head>
<title>Shop</title>
<meta charset="utf-8">
</head>
<body>
<div id="main">
  <h1>Welcome</h2>
  <p>Our <b>best <i>offers</b></i> this week.
  <img src="banner.png">
  <table>
    <tr><td>Apples<td>3.00</tr>
    <tr><th>Pears</td><td>4.00</td></tr>
  </table>
  <a href="/cart" target=_blank>Cart</a>
  <ul><li>One<li>Two</ul>
  <font color="red">Sale!</font>
  <div id="main">duplicate</div>
  <button onclick="buy()">Buy</button>
  <input type="text" name="q">
  <center>Footer</center>
</div>
</body>
</html>
""",
    "about.html": """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>About</title></head>
<body>
<main>
<h1>About us</h1>
<p>We sell fruit.</p>
<img src="team.jpg" alt="The team">
</main>
</body>
</html>
""",
}

C_COV = {
    "calc.c": """#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse(const char *s, int *out) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\\0') {
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int apply(char op, int a, int b) {
    switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/':
        if (b == 0) {
            fprintf(stderr, "division by zero\\n");
            return 0;
        }
        return a / b;
    default:
        fprintf(stderr, "unknown op %c\\n", op);
        return 0;
    }
}

int main(int argc, char **argv) {
    int a, b;
    if (argc != 4) {
        fprintf(stderr, "usage: calc A OP B\\n");
        return 2;
    }
    if (parse(argv[1], &a) || parse(argv[3], &b)) {
        fprintf(stderr, "bad number\\n");
        return 2;
    }
    printf("%d\\n", apply(argv[2][0], a, b));
    return 0;
}
""",
    "unsafe.c": """#include <stdio.h>
#include <string.h>
#include <stdlib.h>

void greet(char *name) {
    char buf[32];
    strcpy(buf, name);
    sprintf(buf + strlen(buf), " says hi");
    printf(buf);
}

int read_config(const char *path) {
    char line[128];
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        char key[64];
        sscanf(line, "%s", key);
        if (strcmp(key, "run") == 0) system(line + 4);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv) {
    char tmp[L_tmpnam];
    tmpnam(tmp);
    if (argc > 1) greet(argv[1]);
    gets(tmp);
    return read_config(getenv("APP_CONFIG"));
}
""",
    ".clang-format": "BasedOnStyle: LLVM\nIndentWidth: 4\nColumnLimit: 80\n",
}

DNS = {
    "example.test.zone": """$TTL 3600
$ORIGIN example.test.
@       IN SOA  ns1.example.test. admin.example.test. (
                2024010101 ; serial
                7200       ; refresh
                3600       ; retry
                1209600    ; expire
                3600 )     ; minimum
        IN NS   ns1
        IN NS   ns2.elsewhere.test.
        IN MX   10 mail
ns1     IN A    192.0.2.1
mail    IN A    192.0.2.10
www     IN CNAME web
www     IN A    192.0.2.20
web     IN A    192.0.2.300
api     IN AAAA 2001:db8::1
ftp     IN CNAME files.example.test.
_sip._tcp IN SRV 10 60 5060 sip
""",
    "good.test.zone": """$TTL 3600
$ORIGIN good.test.
@       IN SOA  ns1.good.test. admin.good.test. ( 1 7200 3600 1209600 3600 )
        IN NS   ns1
ns1     IN A    192.0.2.1
www     IN A    192.0.2.2
""",
    "named.conf": """options {
    directory "ROOT";
    recursion yes;
    allow-query { any; }
    listen-on port 53 { 127.0.0.1; };
};

zone "example.test" {
    type master;
    file "example.test.zone";
    allow-transfer { 10.0.0.0/8; };
};

zone "other.test" {
    type slave;
    file "other.test.zone";
};
""",
}

LOGROTATE = {
    "logrotate.conf": """ROOT/logs/app.log {
    daily
    rotate 7
    compress
    delaycompress
    missingok
    notifempty
    create 0640 root root
}

ROOT/logs/missing.log {
    weekly
    rotate 4
}

ROOT/logs/worker*.log {
    size 10k
    rotate 3
    compresscmd /usr/bin/nosuchzip
    postrotate
        kill -HUP $(cat ROOT/run/worker.pid)
    endscript
}

ROOT/logs/audit.log {
    monthly
    rotat 12
    maxage thirty
}
""",
    "logs/app.log": "started\n" * 50,
    "logs/worker1.log": "job done\n" * 2000,
    "logs/worker2.log": "",
    "logs/audit.log": "login root\n",
}

VERILOG = {
    "counter.v": """module counter #(parameter WIDTH = 4) (
    input  wire clk,
    input  wire rst,
    input  wire en,
    output reg [WIDTH-1:0] q,
    output wire wrap
);
    assign wrap = (q == {WIDTH{1'b1}}) & en;
    always @(posedge clk) begin
        if (rst) q <= 0;
        else if (en) q <= q + 1;
    end
endmodule
""",
    "counter_tb.v": """`timescale 1ns/1ps
module counter_tb;
    reg clk = 0, rst = 1, en = 0;
    wire [3:0] q;
    wire wrap;
    integer errors = 0;
    counter #(.WIDTH(4)) dut (.clk(clk), .rst(rst), .en(en), .q(q), .wrap(wrap));
    always #5 clk = ~clk;
    task check(input [3:0] want, input [8*16-1:0] what);
        begin
            if (q !== want) begin
                $display("FAIL %0s: q=%0d want %0d at %0t", what, q, want, $time);
                errors = errors + 1;
            end else
                $display("ok   %0s: q=%0d", what, q);
        end
    endtask
    initial begin
        $display("counter_tb: start");
        #12 rst = 0; en = 1;
        #10 check(1, "after one");
        #30 check(4, "after four");
        #100 check(14, "after fourteen");
        #10 check(0, "wrapped");
        en = 0;
        #20 check(0, "held");
        if (errors) $display("TEST FAILED: %0d errors", errors);
        else $display("TEST PASSED");
        $finish;
    end
endmodule
""",
    "alu.v": """module alu(input [7:0] a, input [7:0] b, input [1:0] op, output reg [7:0] y, output zero);
    assign zero = (y == 0)
    always @(*) begin
        case (op)
            2'b00: y = a + b;
            2'b01: y = a - b;
            2'b10: y = a & c;
            default: y = 8'hxx;
        endcase
    end
endmodule

module top;
    wire [7:0] y;
    alu u0 (.a(8'd3), .b(8'd4), .op(2'b00), .y(y), .zero(), .carry());
endmodule
""",
}

HG_SCRIPT = """set -e
export HGUSER="Dev <dev@example.test>" HGPLAIN=1
rm -rf repo && hg init repo && cd repo
printf 'name = shop\\nport = 8080\\nworkers = 2\\n' > app.cfg
printf 'def total(items):\\n    return sum(items)\\n' > calc.py
hg add -q app.cfg calc.py && hg commit -q -m "initial config and calc" -d "2024-03-01 10:00 +0000"
hg branch -q feature && printf 'name = shop\\nport = 9090\\nworkers = 4\\n' > app.cfg
printf 'def total(items, tax=0):\\n    return sum(items) * (1 + tax)\\n' > calc.py
hg commit -q -m "feature: tax and new port" -d "2024-03-02 11:00 +0000"
hg update -q default && printf 'name = shop\\nport = 8081\\nworkers = 2\\n' > app.cfg
printf 'README\\n' > README && hg add -q README
hg commit -q -m "default: port 8081, readme" -d "2024-03-03 12:00 +0000"
"""

NIM = {
    "cart.nim": """import std/[tables, strutils]

type Cart* = object
  items*: Table[string, int]

proc add*(c: var Cart, sku: string, qty: int) =
  if qty <= 0:
    raise newException(ValueError, "quantity must be positive, got " & $qty)
  c.items.mgetOrPut(sku, 0) += qty

proc total*(c: Cart, prices: Table[string, int]): int =
  for sku, qty in c.items:
    result += prices[sku] * qty
""",
    "test_cart.nim": """import std/[unittest, tables]
import cart

suite "cart":
  test "adds":
    var c: Cart
    c.add("apple", 2)
    c.add("apple", 1)
    check c.items["apple"] == 3
  test "totals":
    var c: Cart
    c.add("apple", 2)
    c.add("pear", 1)
    check c.total({"apple": 30, "pear": 45}.toTable) == 100
  test "unknown price":
    var c: Cart
    c.add("kiwi", 1)
    check c.total({"apple": 30}.toTable) == 0
  test "zero qty":
    var c: Cart
    expect ValueError:
      c.add("apple", 0)
""",
    "run.nim": """import std/tables
import cart

proc main() =
  var c: Cart
  c.add("apple", 2)
  echo "items: ", c.items.len
  c.add("pear", -1)

main()
""",
    "bad.nim": """import std/strutils

proc parsePort(s: string): int =
  result = parseInt(s)

proc describe(port: int): string =
  "port " & port

let p: string = parsePort("8080")
echo describe(p)
var unusedThing = 3
echo undefinedName
""",
}

COBOL = {
    "payroll.cbl": """       IDENTIFICATION DIVISION.
       PROGRAM-ID. PAYROLL.
       DATA DIVISION.
       WORKING-STORAGE SECTION.
       01 WS-HOURS      PIC 9(3) VALUE 40.
       01 WS-RATE       PIC 9(3)V99 VALUE 25.50.
       01 WS-PAY        PIC 9(5)V99.
       PROCEDURE DIVISION.
           COMPUTE WS-PAY = WS-HOURS * WS-RATE
           DISPLAY "PAY: " WS-PAY
           MOVE WS-BONUS TO WS-PAY
           ADD 10 TO WS-NAME
           PERFORM CALC-TAX
           STOP RUN.
""",
}

LISP = {
    "inventory.lisp": """(defpackage :inventory (:use :cl))
(in-package :inventory)

(defun make-stock () (make-hash-table :test 'equal))

(defun receive (stock sku qty)
  (incf (gethash sku stock 0) qty))

(defun take (stock sku qty)
  (let ((have (gethash sku stock 0)))
    (when (> qty have)
      (error "not enough ~a: have ~a, want ~a" sku have qty))
    (setf (gethash sku stock) (- have qty))))

(defun report (stock)
  (let ((unused 1))
    (maphash (lambda (k v) (format t "~a: ~a~%" k v)) stock)
    (format t "total: ~a~%" (total-units stock))))

(let ((s (make-stock)))
  (receive s "bolt" 5)
  (take s "bolt" 2)
  (report s))
""",
}

TS = {
    "pyproject.toml": "[tool.pyright]\ninclude = [\"shop\"]\ntypeCheckingMode = \"standard\"\n",
    "shop/__init__.py": "",
    "shop/cart.py": """from dataclasses import dataclass, field
from typing import Optional


@dataclass
class Item:
    sku: str
    price: int
    qty: int = 1


@dataclass
class Cart:
    items: list[Item] = field(default_factory=list)
    coupon: Optional[str] = None

    def add(self, sku: str, price: int, qty: int = 1) -> None:
        self.items.append(Item(sku, price, qty))

    def total(self) -> int:
        t = sum(i.price * i.qty for i in self.items)
        if self.coupon.startswith("HALF"):
            t = t / 2
        return t

    def find(self, sku: str) -> Item:
        for i in self.items:
            if i.sku == sku:
                return i

    def skus(self) -> list[int]:
        return [i.sku for i in self.items]
""",
    "shop/api.py": """import json
from shop.cart import Cart, Item
from shop.missing import helper


def load(path: str) -> Cart:
    data = json.load(open(path))
    c = Cart()
    for row in data["items"]:
        c.add(row["sku"], row["price"], qty=row.get("qty", "1"))
    c.total(rounding=True)
    return c


def cheapest(c: Cart) -> Item:
    return min(c.items, key=lambda i: i.cost)
""",
}

JS = {
    "src/cart.js": """export class Cart {
  constructor() {
    this.items = new Map();
    this.coupon = null;
  }

  add(sku, qty = 1) {
    if (qty <= 0) throw new RangeError(`quantity must be positive, got ${qty}`);
    this.items.set(sku, (this.items.get(sku) ?? 0) + qty);
    return this;
  }

  total(prices) {
    let t = 0;
    for (const [sku, qty] of this.items) {
      if (!(sku in prices)) throw new Error(`no price for ${sku}`);
      t += prices[sku] * qty;
    }
    return this.coupon == 'HALF' ? Math.floor(t / 2) : t;
  }
}
""",
    "src/format.js": """var debug = false

export function money(cents) {
  if (cents == null) return ''
  const unused = 1;
  return '$' + (cents / 100).toFixed(2)
}

export function pad(s, n) {
  for (var i = 0; i < n; i++) { s = s + ' ' }
  return s
}

export async function fetchAll(urls) {
  const out = []
  urls.forEach(async (u) => { out.push(await fetch(u)) })
  return out
}

debugger;
""",
    "test/cart.test.mjs": """import t from 'tap'
import { Cart } from '../src/cart.js'

t.test('adds', async t => {
  const c = new Cart().add('apple', 2).add('apple', 1)
  t.equal(c.items.get('apple'), 3)
})

t.test('totals', async t => {
  const c = new Cart().add('apple', 2).add('pear')
  t.equal(c.total({ apple: 30, pear: 45 }), 100, 'total with two items')
})

t.test('coupon', async t => {
  const c = new Cart().add('apple', 3)
  c.coupon = 'HALF'
  t.same({ total: c.total({ apple: 33 }), coupon: c.coupon }, { total: 50, coupon: 'HALF' })
})

t.test('unknown price throws', async t => {
  const c = new Cart().add('kiwi')
  c.total({ apple: 1 })
})

t.test('zero quantity', async t => {
  t.throws(() => new Cart().add('apple', 0), RangeError)
})
""",
    "test/format.test.mjs": """import t from 'tap'
import { money, pad } from '../src/format.js'

t.equal(money(1234), '$12.34')
t.equal(money(null), '')
t.equal(pad('a', 2), 'a  ')
""",
    "webpack.config.cjs": """const path = require('path');
module.exports = {
  mode: 'production',
  entry: './src/app.js',
  output: { path: path.resolve(__dirname, 'dist'), filename: 'bundle.js' },
  performance: { maxAssetSize: 2000, maxEntrypointSize: 2000, hints: 'warning' },
};
""",
    "src/app.js": """import { Cart } from './cart.js';
import { money } from './format.js';
import { slugify } from './slug.js';
import chart from 'chart-lib';

const c = new Cart().add('apple', 2);
document.body.textContent = money(c.total({ apple: 30 })) + slugify('Big Sale');
chart(document.body);
""",
    "webpack.ok.cjs": """const path = require('path');
module.exports = {
  mode: 'production',
  entry: './src/app_ok.js',
  output: { path: path.resolve(__dirname, 'dist'), filename: 'bundle.js' },
  performance: { maxAssetSize: 2000, maxEntrypointSize: 2000, hints: 'warning' },
};
""",
    "src/app_ok.js": """import { Cart } from './cart.js';
import { money } from './format.js';

const big = Array.from({ length: 400 }, (_, i) => `row ${i}: ${'x'.repeat(i % 40)}`);
const c = new Cart().add('apple', 2);
document.body.textContent = money(c.total({ apple: 30 })) + big.join('\\n');
""",
    "styles/main.scss": """@use "sass:math";
$base: 16px;
$colors: (primary: #336699, danger: #cc3333);

.card {
  padding: $base / 2;
  margin: math.div($base, 4);
  color: map-get($colors, primary);
  &:hover { color: darken(map-get($colors, primary), 10%); }
  .title { font-size: $base * 1.5; }
}

.alert {
  background: lighten(map-get($colors, danger), 30%);
  border: 1px solid map-get($colors, danger);
}
""",
    "styles/broken.scss": """$gap: 8px;

.grid {
  display: grid;
  gap: $gap;
  .cell {
    padding: $gap * 2;
    margin: $gutter;
  }
}
""",
    "docs/guide.md": """# Shoping cart guide

The cart recieves items and calcualtes the total. Use `Cart.add` to add an item;
quantites must be positive. Coupons are aplied at checkout, seperately from taxes.

## Payment

We acept cards and transfers. Refunds are proccessed within five buisness days.
""",
    "contracts/Token.sol": """// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Token {
    mapping(address => uint256) public balances;
    uint256 public totalSupply;
    address owner;

    constructor(uint256 supply) {
        owner = msg.sender;
        balances[msg.sender] = supply;
        totalSupply = supply;
    }

    function transfer(address to, uint256 amount) public returns (bool) {
        require(balances[msg.sender] >= amount, "insufficient");
        balances[msg.sender] -= amount;
        balances[to] += amount;
        return true;
    }

    function burn(uint256 amount) public {
        uint256 unusedLocal = 5;
        balances[msg.sender] = balances[msg.sender] - amount;
        totalSupply -= amount
    }

    function mint(address to, uint amount) public {
        require(msg.sender == owner);
        balances[to] += amount;
        emit Minted(to, amount);
    }
}
""",
    "contracts/Vault.sol": """// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Vault {
    mapping(address => uint256) public deposits;

    function deposit() public payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) public {
        uint256 fee = 0;
        require(deposits[msg.sender] >= amount);
        (bool ok, ) = msg.sender.call{value: amount}("");
        deposits[msg.sender] -= amount;
    }

    function peek(address who) public returns (uint256) {
        return deposits[who];
    }
}
""",
    "features/cart.feature": """Feature: Shopping cart
  Scenario: Adding items
    Given an empty cart
    When I add 2 "apple"
    Then the cart holds 2 items

  Scenario: Totals
    Given an empty cart
    When I add 2 "apple"
    And I add 1 "pear"
    Then the total is 105

  Scenario: Coupon at checkout
    Given an empty cart
    When I add 3 "apple"
    And I apply the coupon "HALF"
    Then the total is 45

  Scenario Outline: Quantities
    Given an empty cart
    When I add <n> "apple"
    Then the cart holds <n> items

    Examples:
      | n |
      | 1 |
      | 0 |
""",
    "features/steps/cart.steps.cjs": """const { Given, When, Then } = require('@cucumber/cucumber');
const assert = require('node:assert');

const prices = { apple: 30, pear: 45 };
Given('an empty cart', function () { this.items = []; });
When('I add {int} {string}', function (n, sku) {
  if (n <= 0) throw new RangeError('quantity must be positive, got ' + n);
  for (let i = 0; i < n; i++) this.items.push(sku);
});
Then('the cart holds {int} items', function (n) { assert.strictEqual(this.items.length, n); });
Then('the total is {int}', function (want) {
  const got = this.items.reduce((t, s) => t + prices[s], 0);
  assert.strictEqual(got, want);
});
""",
    "site/index.html": HTML["index.html"],
    "site/about.html": HTML["about.html"],
}

ANSIBLE = {
    "inventory.ini": "[local]\nlocalhost ansible_connection=local ansible_python_interpreter=/usr/bin/python3\n",
    "site.yml": """- name: Configure the app host
  hosts: local
  gather_facts: false
  vars:
    app_dir: ROOT/out/app
    port: 8080
  tasks:
    - name: Create the app directory
      ansible.builtin.file:
        path: "{{ app_dir }}"
        state: directory
        mode: "0755"
    - name: Write the config
      ansible.builtin.copy:
        dest: "{{ app_dir }}/app.cfg"
        content: "port = {{ port }}\\n"
    - name: Check the config parses
      ansible.builtin.command: grep -q "port = 8080" {{ app_dir }}/app.cfg
      changed_when: false
    - name: Read an optional file
      ansible.builtin.slurp:
        src: "{{ app_dir }}/optional.txt"
      ignore_errors: true
    - name: Run the migration script
      ansible.builtin.command: python3 migrate.py
    - name: Never reached
      ansible.builtin.debug:
        msg: done
""",
    "ok.yml": """- name: Configure the app host
  hosts: local
  gather_facts: false
  vars:
    app_dir: ROOT/out/ok
  tasks:
    - name: Create the app directory
      ansible.builtin.file:
        path: "{{ app_dir }}"
        state: directory
    - name: Write the config
      ansible.builtin.copy:
        dest: "{{ app_dir }}/app.cfg"
        content: "port = 8080\\n"
    - name: Show the port
      ansible.builtin.debug:
        msg: "port is {{ 4000 + 4080 }}"
    - name: Skipped on this host
      ansible.builtin.debug:
        msg: never
      when: port is defined and port == 1
""",
    "migrate.py": "import sys\nprint('migrating 3 tables')\nprint('orders: ok')\nsys.exit('table lines: column total missing')\n",
    "yaml_error.yml": """- name: Broken playbook
  hosts: local
  gather_facts: false
  tasks:
    - name: Run the migration script
      ansible.builtin.command: python3 -c "import sys; sys.exit('table orders: column total missing')"
""",
    "undef.yml": """- name: Uses an undefined variable
  hosts: local
  gather_facts: false
  tasks:
    - name: Render the greeting
      ansible.builtin.debug:
        msg: "hello {{ user_name }}"
""",
}

PYCX = {
    "shop/pricing.py": '''def price(item, customer, season, coupon=None, bulk=False):
    """Price of an item for a customer."""
    p = item["base"]
    if customer.get("vip"):
        if season == "winter":
            p *= 0.8
        elif season == "summer":
            p *= 0.9
        else:
            p *= 0.95
    elif customer.get("new"):
        p *= 0.97
    if coupon:
        if coupon.startswith("HALF"):
            p /= 2
        elif coupon.startswith("TEN"):
            p -= 10
        elif coupon == "FREESHIP":
            pass
        else:
            raise ValueError(coupon)
    if bulk and item.get("qty", 1) > 10:
        for i in range(item["qty"]):
            if i % 10 == 0:
                p -= 1
    return max(p, 0)


def label(p):
    return "cheap" if p < 10 else "fair" if p < 50 else "dear"


class Basket:
    def __init__(self):
        self.items = []

    def add(self, item):
        self.items.append(item)

    def total(self, customer, season):
        t = 0
        for it in self.items:
            try:
                t += price(it, customer, season)
            except (KeyError, ValueError):
                continue
        return t
''',
    "shop/__init__.py": "",
    "docs/notes.md": """# Release notes

It is very unique in that it literally never fails. The system is completely destroyed
by a very minor change, and at this point in time we are going to utilize a new approach.
In order to fix it, irregardless of the cost, we decided to make a decision.
""",
}

LIGHTTPD = {
    "bad.conf": """server.document-root = "ROOT/www"
server.port = 18093
server.bind = "127.0.0.1"
server.modules += ( "mod_access", "mod_accesslog", "mod_rewrite" )
index-file.names = ( "index.html" )
url.rewrite-once = ( "^/old/(.*)$" => "/new/$1" )
$HTTP["url"] =~ "^/private" {
    url.access-deny = ( "" )
}
server.max-workers = many
accesslog.filename = "ROOT/logs/access.log"
""",
    "good.conf": """server.document-root = "ROOT/www"
server.port = 18093
server.bind = "127.0.0.1"
server.pid-file = "ROOT/lighttpd.pid"
server.errorlog = "ROOT/logs/error.log"
server.modules += ( "mod_access", "mod_accesslog", "mod_cgi" )
index-file.names = ( "index.html" )
accesslog.filename = "ROOT/logs/access.log"
cgi.assign = ( ".sh" => "/bin/sh" )
$HTTP["url"] =~ "^/private" {
    url.access-deny = ( "" )
}
""",
    "www/index.html": "<h1>ok</h1>\n",
    "www/status.sh": "echo 'Content-Type: text/plain'\necho\necho up\n",
    "www/broken.sh": "echo 'not a header line'\nexit 3\n",
    "www/private/secret.txt": "secret\n",
    "logs/.keep": "",
    "hit.sh": """lighttpd -f good.conf
sleep 1
for u in / /index.html /missing.html /private/secret.txt /status.sh /broken.sh /index.html /nope/ "/a%00b"; do
  curl -s -o /dev/null "http://127.0.0.1:18093$u"
done
kill $(cat lighttpd.pid); sleep 1
cat logs/error.log logs/access.log
""",
}

DOT = {
    "deps.dot": """digraph deps {
  rankdir=LR;
  node [shape=box, style=filled, fillcolor=lightgrey];
  app -> cart -> pricing;
  app -> api -> cart;
  api -> auth [color=red, penwidth=two];
  auth -> db;
  cart -> db [label="reads"]
  subgraph cluster_ext {
    label = "external";
    db; cache;
  }
  cache -> app [style=dashed
  pricing -> tax;
}
""",
}


def mix_big():
    """A bigger ExUnit suite: 90 generated tests over Shop.Cart, three of them failing."""
    tests = []
    for i in range(90):
        want = i * 3 if i not in (17, 52, 81) else i * 3 + 1
        tests.append(f"""  test "adds {i} apples in three steps" do
    cart = Cart.new() |> Cart.add("apple", {i} + 1) |> Cart.add("apple", {i}) |> Cart.add("apple", {i} - 1 + 1)
    assert cart.items["apple"] == {want} + 1
  end
""")
    files = dict(MIX)
    files["test/cart_test.exs"] = "defmodule Shop.BigCartTest do\n  use ExUnit.Case\n  alias Shop.Cart\n\n" + "\n".join(tests) + "end\n"
    return files


def checkstyle_big():
    """Eight generated Java classes with the usual style slips, for a long checkstyle report."""
    files = {}
    for n in ["Order", "Customer", "Invoice", "Payment", "Refund", "Shipment", "Coupon", "Warehouse"]:
        files[f"src/main/java/com/shop/{n}.java"] = f"""package com.shop;

import java.util.*;

public class {n} {{
    public static int LIMIT = 100;
    private String Name;
    private List<String> notes = new ArrayList<String>();

    public {n}(String name){{ this.Name = name; }}

    public String getName() {{ return Name; }}

    public void note(String text, int max){{
        if(text.length()>max) text = text.substring(0, max);
        notes.add(text);
    }}

    public int score(int base) {{
        int s=base*7;
        for (int i=0;i<notes.size();i++) s += notes.get(i).length() % 13;
        return s > LIMIT ? LIMIT : s;
    }}
}}
"""
    return files

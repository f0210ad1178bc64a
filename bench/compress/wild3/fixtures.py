"""Fixture projects for the `wild3` corpus (written for it; see gen.py)."""

SQL = {
    "models/orders.sql": """select o.id, o.customer_id,sum(l.qty * l.price) as total, c.name
from orders o join lines l on l.order_id = o.id
    JOIN customers c ON c.id=o.customer_id
where o.status = 'open' and o.created_at > '2024-01-01'
group by 1,2,4
order by total desc
""",
    "models/customers.sql": """SELECT id, name, email , created_at
FROM customers
WHERE email LIKE '%@example.com'   
  AND deleted_at IS NULL
""",
    "models/broken.sql": """select id, name
from customers
where id in (select customer_id from orders where
order by name
""",
    "models/report.sql": """with monthly as (
  select date_trunc('month', created_at) as m, count(*) as n from orders group by 1
)
SELECT m,n,
       lag(n) over (order by m) as prev
  from monthly
""",
}

PY = {
    "shoplib/__init__.py": "from .cart import Cart\n",
    "shoplib/cart.py": '''import os
import sys
import json


class Cart:
    def __init__(self):
        self.items = {}
        self.unused_flag = False

    def add(self, sku, qty=1):
        """add an item to teh cart"""
        self.items[sku] = self.items.get(sku, 0) + qty

    def remove(self, sku):
        del self.items[sku]

    def total(self, prices):
        return sum(prices[s] * q for s, q in self.items.items())

    def _legacy_total(self, prices):
        # recieve the prices and compute seperately
        result = 0
        for s in self.items:
            result += prices[s]
        return result
        print("unreachable")


def helper_never_called(x):
    return x * 2


class Discount(object):
    def apply(self, total):
        return total
''',
    "shoplib/util.py": '''"""utilities for the shop, occured in v1"""
def fmt(amount):
    return "%.2f" % amount

def parse_qty(s):
  """Parse a quantity, wich is an int."""
  try:
      return int(s)
  except ValueError:
      return 0
''',
}

SPHINX = {
    "conf.py": "project = 'Shop'\nextensions = []\nexclude_patterns = ['_build']\n",
    "index.rst": """Shop documentation
==================

.. toctree::
   :maxdepth: 2

   usage
   api
   missing_page

See :ref:`install-guide` and :doc:`nowhere`.

.. note::
   Unclosed *emphasis here.

.. bogus-directive:: x
""",
    "usage.rst": """Usage
-----

Call ``cart.add``.

Title underline too short
--

.. code-block:: python

   def f(:
       pass

Link to `the site <https://example.invalid>`_ and a `broken ref`_.
""",
    "api.rst": "API\n===\n\n.. automodule:: shoplib.cart\n   :members:\n",
    "orphan.rst": "Orphan\n======\n\nNot in any toctree.\n",
}

MKDOCS = {
    "mkdocs.yml": "site_name: Shop\nnav:\n  - Home: index.md\n  - Guide: guide.md\n  - Gone: gone.md\n",
    "docs/index.md": "# Shop\n\nSee the [guide](guide.md) and the [api](api.md#cart).\n\n![logo](img/logo.png)\n",
    "docs/guide.md": "# Guide\n\nBack [home](index.md), see [faq](faq.md) and [anchor](index.md#nope).\n",
    "docs/extra.md": "# Extra\n\nNot in nav.\n",
}

BEHAVE = {
    "features/cart.feature": """Feature: Shopping cart
  Scenario: add items
    Given an empty cart
    When I add 2 of "apple"
    Then the cart holds 2 items

  Scenario: total with discount
    Given an empty cart
    When I add 3 of "pear"
    Then the total is 10

  Scenario: remove missing
    Given an empty cart
    When I remove "kiwi"
    Then the cart holds 0 items

  Scenario: checkout
    Given an empty cart
    When I check out
    Then I get a receipt
""",
    "features/steps/cart_steps.py": """from behave import given, when, then

PRICES = {"apple": 2, "pear": 3}


@given("an empty cart")
def empty(ctx):
    ctx.cart = {}


@when('I add {n:d} of "{sku}"')
def add(ctx, n, sku):
    ctx.cart[sku] = ctx.cart.get(sku, 0) + n


@when('I remove "{sku}"')
def remove(ctx, sku):
    del ctx.cart[sku]


@then("the cart holds {n:d} items")
def holds(ctx, n):
    assert sum(ctx.cart.values()) == n


@then("the total is {t:d}")
def total(ctx, t):
    got = sum(PRICES[s] * q for s, q in ctx.cart.items())
    assert got == t, f"total was {got}, wanted {t}"
""",
}

NOSE = {
    "test_shop.py": """import unittest


def price(sku):
    return {"apple": 2, "pear": 3}[sku]


class PriceTest(unittest.TestCase):
    def test_apple(self):
        self.assertEqual(price("apple"), 2)

    def test_pear(self):
        self.assertEqual(price("pear"), 4)

    def test_kiwi(self):
        self.assertEqual(price("kiwi"), 1)

    def test_list(self):
        self.assertListEqual([price(s) for s in ["apple", "pear"]], [2, 3, 5])

    @unittest.skip("not yet")
    def test_plum(self):
        pass
""" + "".join(f"\n    def test_many_{i}(self):\n        self.assertTrue(price('apple') == 2)\n" for i in range(40)),
}

ROBOT = {
    "cart.robot": """*** Settings ***
Library    Collections

*** Variables ***
${TOTAL}    10

*** Test Cases ***
Empty Cart Has No Items
    ${cart}=    Create Dictionary
    Length Should Be    ${cart}    0

Adding Items Counts Them
    ${cart}=    Create Dictionary    apple=2
    Set To Dictionary    ${cart}    pear=3
    Length Should Be    ${cart}    3

Total Is Computed
    ${t}=    Evaluate    2*2 + 3
    Should Be Equal As Integers    ${t}    ${TOTAL}

Missing Keyword Fails
    Add Item To Cart    apple

Dictionary Lookup
    ${cart}=    Create Dictionary    apple=2
    Dictionary Should Contain Key    ${cart}    kiwi

Strings Match
    Should Be Equal    checkout done    checkout failed
""",
}

SCONS = {
    "SConstruct": "env = Environment(CCFLAGS='-Wall -O1')\nenv.Program('shop', ['main.c', 'cart.c', 'util.c'])\n",
    "main.c": '#include <stdio.h>\n#include "cart.h"\nint main(void) {\n  struct cart c = {0};\n  cart_add(&c, 3);\n  printf("%d\\n", cart_total(&c));\n  return 0;\n}\n',
    "cart.h": "struct cart { int n; int items[8]; };\nvoid cart_add(struct cart *c, int v);\nint cart_total(const struct cart *c);\n",
    "cart.c": '#include "cart.h"\nvoid cart_add(struct cart *c, int v) { c->items[c->n++] = v; }\nint cart_total(const struct cart *c) {\n  int t, i;\n  for (i = 0; i < c->n; i++) t += c->items[i];\n  return t\n}\n',
    "util.c": "int unused(int x) { int y; return x; }\n",
}

SCONS_OK = {
    "SConstruct": "env = Environment(CCFLAGS='-O1')\nfor i in range(12):\n    env.Object('m%d.o' % i, 'm%d.c' % i)\nenv.Program('app', ['main.c'] + ['m%d.o' % i for i in range(12)])\n",
    "main.c": "int main(void) { return 0; }\n",
    **{f"m{i}.c": f"int f{i}(int x) {{ return x + {i}; }}\n" for i in range(12)},
}

JS = {
    "spec/cartSpec.js": """const { Cart } = require('../src/cart');
describe('Cart', () => {
  it('starts empty', () => { expect(new Cart().count()).toBe(0); });
  it('adds items', () => { const c = new Cart(); c.add('apple', 2); expect(c.count()).toBe(2); });
  it('totals', () => { const c = new Cart(); c.add('pear', 3); expect(c.total({pear: 3})).toEqual(10); });
  it('removes', () => { const c = new Cart(); c.remove('kiwi'); expect(c.count()).toBe(0); });
  it('lists skus', () => { const c = new Cart(); c.add('a', 1); expect(c.skus()).toEqual(['a', 'b']); });
  xit('pending discount', () => {});
});
""",
    "spec/support/jasmine.json": '{"spec_dir": "spec", "spec_files": ["**/*[sS]pec.js"], "random": false}\n',
    "src/cart.js": """class Cart {
  constructor() { this.items = {}; }
  add(sku, n) { this.items[sku] = (this.items[sku] || 0) + n; }
  remove(sku) { if (!(sku in this.items)) throw new Error('no such item: ' + sku); delete this.items[sku]; }
  count() { return Object.values(this.items).reduce((a, b) => a + b, 0); }
  total(p) { return Object.entries(this.items).reduce((a, [s, n]) => a + p[s] * n, 0); }
  skus() { return Object.keys(this.items); }
}
module.exports = { Cart };
""",
    "test/cart.test.mjs": """import test from 'ava';
import { createRequire } from 'module';
const { Cart } = createRequire(import.meta.url)('../src/cart.js');
test('starts empty', t => { t.is(new Cart().count(), 0); });
test('adds', t => { const c = new Cart(); c.add('apple', 2); t.is(c.count(), 3); });
test('deep', t => { const c = new Cart(); c.add('a', 1); t.deepEqual(c.skus(), ['a', 'b']); });
test('throws', t => { const c = new Cart(); c.remove('kiwi'); t.pass(); });
""" + "".join(f"test('many {i}', t => {{ t.true(new Cart().count() === 0); }});\n" for i in range(30)),
    "lint/app.js": """var total = 0
function add(a, b) {
  if (a == null) return b
  return a + b;
}
for (var i = 0; i < 10; i++) {
  setTimeout(function () { total = add(total, i) }, 0);
}
undefinedFn(total);
var x = 1, x = 2;
eval("total++");
function unusedParam(p, q) { return p }
""",
    "lint/broken.js": "function f( {\n  return 1;\n}\n",
    "site/index.html": """<!DOCTYPE html>
<html>
<head><title>Shop</title></head>
<body>
<DIV id="main" class="a">
<img src="logo.png">
<a href="#" id="main">dup id</a>
<p>unclosed paragraph
<span style="color:red">styled</span>
</body>
</html>
""",
    "site/about.html": "<html><head></head><body><h1>About<h1><input type=text></body></html>\n",
}

LUA = {
    "src/cart.lua": """local json = require("json")
local M = {}

function M.new()
  local self = {items = {}}
  unused_global = 1
  return self
end

function M.add(cart, sku, n)
  local n = n or 1
  cart.items[sku] = (cart.items[sku] or 0) + n
end

function M.total(cart, prices)
  local t = 0
  for sku, n in pairs(cart.items) do
    t = t + prices[sku] * n
  end
  return tottal
end

local function helper(a, b)
  return a
end

return M
""",
    "src/util.lua": "local M = {}\nfunction M.fmt(x) return string.format('%.2f', x) end\nfunction M.bad(x)\n  if x then\n    return 1\n  end\n  return 2\n  print('dead')\nend\nreturn M\n",
}

SH = {
    "scripts/deploy.sh": "#!/bin/bash\nset -e\nif [ -z \"$1\" ];then\necho usage; exit 1\nfi\nfor f in *.txt\ndo\n  cp  $f /tmp/out/   ;\ndone\nfunction cleanup {\n    rm -rf /tmp/out\n}\ncase $1 in\n  a) echo a;;\n  b)\n  echo b\n  ;;\nesac\n",
    "scripts/build.sh": "#!/bin/sh\nmake   all\nif true; then echo ok; fi\n",
    "scripts/broken.sh": "#!/bin/bash\nif [ -f x ]; then\n  echo yes\nfor i in 1 2; do echo $i\n",
}

ASM = {
    "hello.asm": """section .data
msg db "hello", 10
len equ $ - msg
section .text
global _start
_start:
    mov rax, 1
    mov rdi, 1
    mov rsi, msg
    mov rdx, len
    syscall
    movv rax, 60
    mov rdi, [undefined_label]
    add rax, rbx, rcx
    jmp nowhere
    syscall
""",
}

BISON = {
    "calc.y": """%{
#include <stdio.h>
int yylex(void); void yyerror(const char *s);
%}
%token NUM
%%
expr: expr '+' expr
    | expr '-' expr
    | expr '*' expr
    | NUM
    | '(' expr ')'
    ;
stmt: expr ';' | unused_rule ;
%%
""",
    "bad.y": "%token NUM\n%%\nexpr: expr '+' term { $$ = $1 + $5; }\n    | term\n    ;\nterm: NUM | undeclared_sym ;\n%%\n",
}

DOXY = {
    "Doxyfile": "PROJECT_NAME=Shop\nINPUT=include\nGENERATE_LATEX=NO\nOUTPUT_DIRECTORY=out\nWARN_IF_UNDOCUMENTED=YES\nEXTRACT_ALL=NO\nQUIET=NO\n",
    "include/cart.h": """/** @file cart.h
 *  @brief The cart.
 */
/** A cart. */
struct cart { int n; int items[8]; };
/**
 * Adds an item.
 * @param c the cart
 * @param value the value
 * @param extra not a parameter
 * @return nothing really
 */
void cart_add(struct cart *c, int v);
int cart_total(const struct cart *c);
/** Removes. @see cart_nowhere */
void cart_remove(struct cart *c, int idx);
/** \\badcommand here */
int cart_count(const struct cart *c);
""",
}

AWK = {
    "report.awk": 'BEGIN { FS = "," }\n{ total[$1] += $2; n++ }\nEND {\n  for (k in total) printf "%s %d\\n", k, total[k]\n  print "avg", sum / 0\n}\n',
    "bad.awk": "{ print $1 \n  if ($2 > ) print }\n",
    "sales.csv": "".join(f"{['apple','pear','kiwi'][i % 3]},{i * 7 % 50}\n" for i in range(60)),
}

ERL = {
    "cart.erl": """-module(cart).
-export([new/0, add/3, total/2, main/1]).

new() -> #{}.

add(Cart, Sku, N) ->
    Old = maps:get(Sku, Cart, 0),
    Cart#{Sku => Old + N}.

total(Cart, Prices) ->
    maps:fold(fun(S, N, Acc) -> Acc + maps:get(S, Prices) * N end, 0, Cart).

unused(X) -> X.

main(_) ->
    C = add(new(), apple, 2),
    io:format("~p~n", [total(C, #{pear => 3})]).
""",
    "bad.erl": "-module(bad).\n-export([f/1]).\n\nf(X) ->\n    Y = X + 1\n    Y * 2.\n\ng(A) -> B.\n",
    "crash.escript": """#!/usr/bin/env escript
main(_) ->
    Prices = #{apple => 2},
    Items = [{apple, 2}, {kiwi, 1}],
    T = lists:foldl(fun({S, N}, Acc) -> Acc + maps:get(S, Prices) * N end, 0, Items),
    io:format("total ~p~n", [T]).
""",
}

C = {
    "loop.c": "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  long s = 0;\n  for (int i = 0; i < 2000000; i++) { char *p = malloc(16); memset(p, i, 16); s += p[3]; free(p); }\n  printf(\"%ld\\n\", s);\n  return 0;\n}\n",
    "small.c": "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  char *a = malloc(8); strcpy(a, \"cart\"); puts(a);\n  FILE *f = fopen(\"/nonexistent/x\", \"r\");\n  if (!f) { perror(\"open\"); free(a); return 2; }\n  return 0;\n}\n",
}

SQL_BIG = {
    f"warehouse/q{i:02d}.sql": (
        f"select a.id,b.name , count(*) as n{i}\nfrom t{i} a join u{i} b on a.id=b.id\n"
        f"where a.v > {i}  and b.flag = true\ngroup by 1,2\n"
        + ("order by n desc\n" if i % 3 else "ORDER BY N DESC\n"))
    for i in range(40)
}
SQL_BIG["warehouse/q99_bad.sql"] = "select id from where x = 1\n"

SCONS_BIG = {
    "SConstruct": "env = Environment(CCFLAGS='-O1 -Wall')\nsrcs = ['main.c'] + ['mod%02d.c' % i for i in range(70)]\nenv.Program('big', srcs)\n",
    "main.c": "int main(void) { return 0; }\n",
    **{f"mod{i:02d}.c": (f"int g{i}(int x) {{ return x * {i}; }}\n" if i != 57 else
                          "int g57(int x) { return x * undefined_var57; }\n") for i in range(70)},
}

LTRACE = {
    "loop2.c": """#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  for (int i = 0; i < 70; i++) { char *p = malloc(32); snprintf(p, 32, "item-%d", i); free(p); }
  FILE *f = fopen("/nonexistent/cart.db", "r");
  if (!f) { perror("cart.db"); exit(3); }
  return 0;
}
""",
}

ROBOT_BIG = {
    "suite.robot": "*** Test Cases ***\n" + "".join(
        f"Case {i:02d}\n    Should Be Equal As Integers    {i}    {i if i not in (17, 44) else i + 1}\n\n"
        for i in range(60)),
}

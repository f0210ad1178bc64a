"""Small projects for the `wild2` corpus (bench/compress/wild2/gen.py): each a dict path -> text.
Written for this corpus; bugs are planted so that tools fail, warn and succeed."""

# --- ruby: a cart with minitest and rspec suites (many passing tests, a few failing) ---
RB_CART = '''class Cart
  attr_reader :items

  def initialize
    @items = []
  end

  def add(name, price, qty = 1)
    raise ArgumentError, "qty must be positive" if qty <= 0
    @items << { name: name, price: price, qty: qty }
  end

  def total
    @items.sum { |i| i[:price] * i[:qty] }
  end

  def discount(code)
    rates = { "TEN" => 0.1, "HALF" => 0.5 }
    total * (1 - rates.fetch(code))
  end

  def slug(name)
    name.downcase.gsub(" ", "_")
  end
end
'''

def rb_minitest(n=240):
    out = ["require 'minitest/autorun'", "require_relative '../lib/cart'", "",
           "class CartTest < Minitest::Test"]
    for i in range(n):
        if i == 57:
            body = "c = Cart.new; c.add('pen', 2, 3); assert_equal 7, c.total"
        elif i == 131:
            body = "c = Cart.new; c.add('pen', 10); assert_in_delta 9.0, c.discount('TWENTY')"
        elif i == 199:
            body = "assert_equal 'big-box', Cart.new.slug('Big Box')"
        else:
            body = "c = Cart.new; c.add('item%d', %d, 2); assert_equal %d, c.total" % (i, i, 2 * i)
        out += ["  def test_total_%03d" % i, "    " + body, "  end", ""]
    out.append("end")
    return "\n".join(out) + "\n"

def rb_spec(n=260):
    out = ["require_relative '../lib/cart'", "", "RSpec.describe Cart do"]
    for i in range(n):
        if i == 40:
            ex = "c = Cart.new; c.add('a', 3, 3); expect(c.total).to eq(10)"
        elif i == 170:
            ex = "expect { Cart.new.add('a', 1, 0) }.not_to raise_error"
        elif i == 222:
            ex = "expect(Cart.new.discount('NOPE')).to be < 1"
        else:
            ex = "c = Cart.new; c.add('x', %d); expect(c.total).to eq(%d)" % (i, i)
        out.append("  it 'totals case %d' do\n    %s\n  end" % (i, ex))
    out.append("end")
    return "\n".join(out) + "\n"

RB = {
    "lib/cart.rb": RB_CART,
    "test/cart_test.rb": rb_minitest(),
    "spec/cart_spec.rb": rb_spec(),
    "Rakefile": "require 'rake/testtask'\nRake::TestTask.new(:test) { |t| t.pattern = 'test/*_test.rb' }\n"
                "task :build do\n  sh 'ruby -c lib/broken.rb'\nend\ntask default: :test\n",
    "lib/broken.rb": "def price(x)\n  if x > 3\n    x * 2\n  # missing end\n\ndef other\n  1\nend\n",
    "crash.rb": "require_relative 'lib/cart'\ndef checkout(c)\n  c.discount('BOGUS')\nend\n"
                "def main\n  c = Cart.new\n  c.add('tea', 4)\n  checkout(c)\nend\nmain\n",
}

# --- php ---
PHP_CART = '''<?php
declare(strict_types=1);
namespace App;

final class Cart
{
    /** @var array<int, array{name:string, price:float, qty:int}> */
    private array $items = [];

    public function add(string $name, float $price, int $qty = 1): void
    {
        if ($qty <= 0) {
            throw new \\InvalidArgumentException("qty must be positive");
        }
        $this->items[] = ['name' => $name, 'price' => $price, 'qty' => $qty];
    }

    public function total(): float
    {
        $t = 0.0;
        foreach ($this->items as $i) {
            $t += $i['price'] * $i['qty'];
        }
        return $t;
    }

    public function discount(string $code): float
    {
        $rates = ['TEN' => 0.1];
        return $this->total() * (1 - $rates[$code]);
    }
}
'''

def php_tests(n=150):
    out = ["<?php", "declare(strict_types=1);", "use PHPUnit\\Framework\\TestCase;", "use App\\Cart;",
           "require_once __DIR__ . '/../src/Cart.php';", "", "final class CartTest extends TestCase", "{"]
    for i in range(n):
        if i == 33:
            body = "$c = new Cart(); $c->add('pen', 2.0, 3); $this->assertSame(7.0, $c->total());"
        elif i == 90:
            body = "$c = new Cart(); $c->add('pen', 10.0); $this->assertSame(8.0, $c->discount('TWENTY'));"
        elif i == 120:
            body = "$c = new Cart(); $c->add('pen', 1.0, 0);"
        else:
            body = "$c = new Cart(); $c->add('i', %d.0, 2); $this->assertSame(%d.0, $c->total());" % (i, 2 * i)
        out += ["    public function testTotal%03d(): void" % i, "    {", "        " + body, "    }", ""]
    out.append("}")
    return "\n".join(out) + "\n"

PHP = {
    "src/Cart.php": PHP_CART,
    "tests/CartTest.php": php_tests(),
    "bad_syntax.php": "<?php\nfunction total(array $xs) {\n    $t = 0\n    foreach ($xs as $x) { $t += $x; }\n    return $t;\n}\n",
    "warn.php": "<?php\n$rows = [['id' => 1], ['id' => 2, 'name' => 'b'], ['id' => 3]];\nforeach ($rows as $r) {\n"
                "    echo $r['id'] . ':' . $r['name'] . PHP_EOL;\n}\necho strlen($undefined) . PHP_EOL;\n"
                "function f(int $x): int { return intdiv(10, $x); }\necho f(0);\n",
}

# --- perl TAP tests for prove ---
def perl_t(k, n=60, bad=()):
    out = ["use strict;", "use warnings;", "use Test::More tests => %d;" % n]
    for i in range(n):
        if i in bad:
            out.append("is(%d + 1, %d, 'sum %d-%d');" % (i, i + 2, k, i))
        else:
            out.append("ok(%d * 2 == %d, 'double %d-%d');" % (i, 2 * i, k, i))
    return "\n".join(out) + "\n"

PERL = {"t/0%d-math.t" % k: perl_t(k, bad=(7, 33) if k == 2 else ()) for k in range(1, 5)}
PERL["t/05-die.t"] = "use strict;\nuse warnings;\nuse Test::More;\nok(1, 'starts');\nmy %h;\nmy $v = $h{x}->{y} + undef;\ndie \"config file missing: /etc/app.conf\\n\";\ndone_testing();\n"

# --- fortran ---
FORTRAN = {
    "bad.f90": "program stats\n  implicit none\n  integer :: i, n\n  real :: xs(10), s\n  n = 10\n  s = 0.0\n"
               "  do i = 1, n\n    xs(i) = i * 1.5\n  end do\n  do i = 1, n\n    s = s + xs(i)\n  end do\n"
               "  print *, 'mean', s / n, undefined_var\n  call report(s, n\nend program stats\n",
    "oob.f90": "module util\ncontains\n  subroutine fill(a, n)\n    real, intent(out) :: a(:)\n    integer, intent(in) :: n\n"
               "    integer :: i\n    do i = 1, n\n      a(i) = real(i)\n    end do\n  end subroutine fill\nend module util\n"
               "program main\n  use util\n  implicit none\n  real :: xs(8)\n  call fill(xs, 12)\n  print *, sum(xs)\nend program main\n",
}

# --- C for clang / clang-tidy / sanitizers ---
C_WARN = r'''#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { char name[16]; int count; double score; };

static int parse(const char *s) {
    int v;
    sscanf(s, "%d", &v);
    return v;
}

int sum(int *xs, int n) {
    int t = 0;
    for (int i = 0; i <= n; i++) t += xs[i];
    return t;
}

char *dup_name(const char *s) {
    char *p = malloc(strlen(s));
    strcpy(p, s);
    return p;
}

int classify(unsigned int x) {
    if (x < 0) return -1;
    switch (x) { case 1: return 10; case 2: return 20; }
}

void fill(struct rec *r, const char *n) {
    strcpy(r->name, n);
    r->count = r->count + 1;
    r->score = r->count / 3;
}

int main(int argc, char **argv) {
    int unused;
    long big = 1L << 40;
    int small = big;
    struct rec r;
    fill(&r, argv[0]);
    printf("%s %d %f %d\n", r.name, r.count, r.score, small);
    printf("%d\n", parse(argc > 1 ? argv[1] : "7") + classify(argc));
    char *d = dup_name("hello");
    if (d == NULL) return 1;
    return 0;
}
'''

C_ASAN = r'''#include <stdlib.h>
#include <string.h>
#include <stdio.h>
static int *make(int n) { return calloc((size_t)n, sizeof(int)); }
static int sum_to(const int *xs, int n) { int t = 0; for (int i = 0; i <= n; i++) t += xs[i]; return t; }
int main(void) {
    int *xs = make(10);
    for (int i = 0; i < 10; i++) xs[i] = i;
    printf("sum=%d\n", sum_to(xs, 10));
    free(xs);
    return 0;
}
'''
C_UAF = r'''#include <stdlib.h>
#include <stdio.h>
#include <string.h>
struct node { char label[24]; struct node *next; };
static struct node *push(struct node *h, const char *s) { struct node *n = malloc(sizeof *n); strncpy(n->label, s, 23); n->label[23] = 0; n->next = h; return n; }
static void drop(struct node *h) { while (h) { struct node *n = h->next; free(h); h = n; } }
int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 5; i++) { char b[16]; snprintf(b, sizeof b, "n%d", i); h = push(h, b); }
    drop(h);
    printf("%s\n", h->label);
    char *leak = malloc(64); leak[0] = 'x';
    return 0;
}
'''
C_UBSAN = r'''#include <stdio.h>
#include <limits.h>
static int scale(int x, int k) { return x * k; }
static int shift(int x, int s) { return x << s; }
int main(int argc, char **argv) {
    (void)argv;
    int a[4] = {1, 2, 3, 4};
    int total = 0;
    for (int i = 0; i < 3; i++) total += scale(INT_MAX / 2, 3 + i);
    total += shift(1, 31 + argc);
    total += a[argc + 3];
    int z = argc - 1;
    printf("%d %d\n", total, 10 / z);
    return 0;
}
'''
C_TSAN = r'''#include <pthread.h>
#include <stdio.h>
static long counter;
static void *work(void *arg) { (void)arg; for (int i = 0; i < 100000; i++) counter++; return NULL; }
int main(void) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, work, NULL);
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    printf("counter=%ld\n", counter);
    return 0;
}
'''

def c_many(n=40):
    out = ["#include <stdio.h>", "#include <string.h>", ""]
    for i in range(n):
        out += ["int f%d(int a, unsigned b, char *s) {" % i, "    int x;", "    if (a < b) x = a;",
                "    char buf[8]; strcpy(buf, s);", "    return x + (int)strlen(buf);", "}", ""]
    out += ["int main(void) { return f0(1, 2, \"ok\"); }"]
    return "\n".join(out) + "\n"

C = {"warn.c": C_WARN, "asan.c": C_ASAN, "uaf.c": C_UAF, "ubsan.c": C_UBSAN, "tsan.c": C_TSAN,
     "many.c": c_many()}

# --- meson project ---
MESON = {
    "meson.build": "project('calc', 'c', version : '0.3.1', default_options : ['warning_level=3'])\n"
                   "m = meson.get_compiler('c').find_library('m', required : false)\n"
                   "exe = executable('calc', 'calc.c', 'util.c', dependencies : m)\n"
                   "test('adds', exe, args : ['add'])\ntest('divides', exe, args : ['div'])\n"
                   "test('mul', exe, args : ['mul'])\ntest('neg', exe, args : ['neg'])\n",
    "calc.c": "#include <stdio.h>\n#include <string.h>\nint util_div(int a, int b);\n"
              "int main(int argc, char **argv) {\n  int unused;\n  if (argc < 2) return 2;\n"
              "  if (!strcmp(argv[1], \"add\")) return 1 + 1 == 2 ? 0 : 1;\n"
              "  if (!strcmp(argv[1], \"div\")) { printf(\"div=%d\\n\", util_div(6, 0)); return 1; }\n"
              "  if (!strcmp(argv[1], \"neg\")) { fprintf(stderr, \"neg: expected -3 got 3\\n\"); return 1; }\n"
              "  return 0;\n}\n",
    "util.c": "int util_div(int a, int b) { if (b == 0) return -1; return a / b; }\n",
}
MESON_BAD = {
    "meson.build": "project('net', 'c')\nz = dependency('zlib-not-here', version : '>=1.2')\n"
                   "executable('net', 'net.c', dependencies : z)\n",
    "net.c": "int main(void) { return 0; }\n",
}
MESON_ERR = dict(MESON)
MESON_ERR["util.c"] = "int util_div(int a, int b) {\n  if (b == 0) return -1\n  return a / b;\n}\nint helper(void) { return undefined_thing; }\n"

# --- autotools ---
def configure_ac(missing=True):
    heads = " ".join(["stdio.h", "stdlib.h", "string.h", "unistd.h", "fcntl.h", "sys/time.h",
                      "sys/types.h", "sys/stat.h", "limits.h", "locale.h", "wchar.h", "stdint.h",
                      "inttypes.h", "netinet/in.h", "arpa/inet.h", "sys/socket.h", "poll.h",
                      "sys/epoll.h", "termios.h", "pthread.h", "dlfcn.h", "zlib.h", "expat.h"])
    funcs = " ".join(["memset", "strdup", "strndup", "getline", "setlocale", "clock_gettime",
                      "posix_memalign", "epoll_create1", "pipe2", "accept4", "strlcpy", "reallocarray",
                      "arc4random", "explicit_bzero", "getrandom", "mkostemp", "pread", "fdatasync"])
    s = "AC_INIT([shelf], [2.4.0])\nAC_CONFIG_SRCDIR([shelf.c])\nAM_INIT_AUTOMAKE([foreign])\nAC_PROG_CC\n"
    s += "AC_CHECK_HEADERS([%s])\nAC_CHECK_FUNCS([%s])\nAC_CHECK_SIZEOF([long])\nAC_CHECK_SIZEOF([size_t])\n" % (heads, funcs)
    s += "AC_C_BIGENDIAN\nAC_TYPE_SIZE_T\nAC_TYPE_SSIZE_T\nAC_FUNC_MALLOC\n"
    if missing:
        s += "AC_CHECK_LIB([shelfstore], [shelf_store_open], [], [AC_MSG_ERROR([libshelfstore is required: install libshelfstore-dev])])\n"
    s += "AC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n"
    return s

AUTO = {"configure.ac": configure_ac(True), "Makefile.am": "bin_PROGRAMS = shelf\nshelf_SOURCES = shelf.c\n",
        "shelf.c": "#include <stdio.h>\nint main(void) { puts(\"shelf\"); return 0; }\n"}
AUTO_OK = dict(AUTO)
AUTO_OK["configure.ac"] = configure_ac(False)

# --- ocaml ---
OCAML = {
    "bad.ml": "let total xs = List.fold_left (+) 0 xs\nlet mean xs = total xs / List.length xs\n"
              "let () = print_endline (mean [1; 2; 3])\n",
    "crash.ml": "let table = Hashtbl.create 8\nlet lookup k = Hashtbl.find table k\n"
                "let price item = lookup item * 2\nlet () =\n  Hashtbl.add table \"tea\" 4;\n"
                "  Printf.printf \"%d\\n\" (price \"tea\");\n  Printf.printf \"%d\\n\" (price \"coffee\")\n",
    "warn.ml": "let f x = match x with\n  | Some 1 -> \"one\"\n  | Some 2 -> \"two\"\nlet g y = let unused = 3 in y + 1\n"
               "let () = print_endline (f (Some 1)); print_int (g 2)\n",
}

# --- python projects: tox/nox/coverage/hypothesis ---
PYLIB = {
    "inventory/__init__.py": "",
    "inventory/core.py": "def restock(level, amount):\n    if amount < 0:\n        raise ValueError('negative amount')\n"
                         "    return level + amount\n\n\ndef ratio(a, b):\n    return a / b\n\n\ndef normalise(name):\n"
                         "    return name.strip().lower().replace('  ', ' ')\n\n\ndef chunk(xs, n):\n"
                         "    return [xs[i:i + n] for i in range(0, len(xs), n - 1 if n > 3 else n)]\n",
    "tests/test_core.py": "import pytest\nfrom inventory.core import restock, ratio, normalise\n\n\n"
                          + "".join("def test_restock_%d():\n    assert restock(%d, 2) == %d\n\n\n" % (i, i, i + 2) for i in range(30))
                          + "def test_ratio_zero():\n    assert ratio(1, 0) == 0\n\n\ndef test_normalise():\n    assert normalise(' A  B ') == 'a b'\n",
    "tests/test_props.py": "from hypothesis import given, strategies as st\nfrom inventory.core import chunk, normalise\n\n\n"
                           "@given(st.lists(st.integers()), st.integers(min_value=1, max_value=10))\n"
                           "def test_chunk_roundtrip(xs, n):\n    assert sum(chunk(xs, n), []) == xs\n\n\n"
                           "@given(st.text())\ndef test_normalise_idempotent(s):\n    assert normalise(normalise(s)) == normalise(s)\n",
    "tox.ini": "[tox]\nenvlist = py311, lint\nskipsdist = true\n\n[testenv]\nsystem_site_packages = true\n"
               "deps =\nallowlist_externals = python\ncommands = python -m pytest -q -p no:cacheprovider tests/test_core.py\n\n"
               "[testenv:lint]\nsystem_site_packages = true\ncommands = python -m pyflakes_missing inventory\n",
    "noxfile.py": "import nox\n\n\n@nox.session(venv_backend='none')\ndef tests(session):\n"
                  "    session.run('python', '-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests/test_core.py')\n\n\n"
                  "@nox.session(venv_backend='none')\ndef check(session):\n    session.run('python', '-c', 'import inventory.core; print(\"import ok\")')\n",
}

# --- django app ---
DJ_MODELS = "from django.db import models\n\n\nclass Book(models.Model):\n    title = models.CharField(max_length=100)\n" \
            "    pages = models.IntegerField(default=0)\n\n    def is_long(self):\n        return self.pages > 300\n"
def dj_tests(n=130):
    s = "from django.test import TestCase\nfrom .models import Book\n\n\nclass BookTests(TestCase):\n"
    for i in range(n):
        if i == 17:
            s += "    def test_long_%02d(self):\n        self.assertTrue(Book(title='t', pages=300).is_long())\n\n" % i
        elif i == 44:
            s += "    def test_save_%02d(self):\n        Book.objects.create(title='x' * 200)\n        self.assertEqual(Book.objects.count(), 1)\n\n" % i
        else:
            s += "    def test_pages_%02d(self):\n        self.assertEqual(Book(pages=%d).pages, %d)\n\n" % (i, i, i)
    return s

# --- web apps for flask/uvicorn/gunicorn ---
FLASK_APP = "from flask import Flask, jsonify, abort\napp = Flask(__name__)\nSTOCK = {'tea': 4, 'cake': 0}\n\n\n" \
            "@app.route('/items/<name>')\ndef item(name):\n    if name not in STOCK:\n        abort(404)\n" \
            "    return jsonify(name=name, per_unit=10 / STOCK[name])\n\n\n@app.route('/health')\ndef health():\n    return 'ok'\n"
ASGI_APP = "import json\n\n\nasync def app(scope, receive, send):\n    if scope['type'] != 'http':\n        return\n" \
           "    path = scope['path']\n    if path.startswith('/boom'):\n        data = json.loads('{bad json')\n" \
           "    status = 404 if path.startswith('/missing') else 200\n" \
           "    await send({'type': 'http.response.start', 'status': status, 'headers': [(b'content-type', b'text/plain')]})\n" \
           "    await send({'type': 'http.response.body', 'body': b'ok'})\n"
GUNI_BAD = "import missing_settings_module\n\n\ndef app(environ, start_response):\n    start_response('200 OK', [])\n    return [b'ok']\n"

WEB = {"flaskapp.py": FLASK_APP, "asgiapp.py": ASGI_APP, "wsgibad.py": GUNI_BAD}

# --- front-end: prettier, stylelint, markdownlint, esbuild, rollup ---
def css(n=30):
    s = ""
    for i in range(n):
        s += ".card-%d {\n  color: #FFF;\n  margin: 0px 0px;\n  colr: red;\n  padding: 4px\n}\n\n" % i if i % 7 == 3 else \
             ".item-%d { color: #333; margin: 0 auto; }\n" % i
    s += "a { color: red; color: blue; }\n.x { font-family: Arial }\n"
    return s

def md(n):
    s = "# Guide %d\nSome intro text that goes on and on well past the eighty character line length limit of the default config.\n" % n
    s += "## Install\n* item one\n+ item two\n\n```\nnpm i\n```\n### Usage  \n\nSee [docs]( http://x ).\n\n\n#Bad heading\n"
    s += "".join("- step %d\n" % i for i in range(5))
    return s

FRONT = {"src/index.js": "import { total } from './cart.js';\nimport { missing } from './nothere.js';\nconsole.log(total([1, 2]), missing);\n",
         "src/cart.js": "export function total(xs) { return xs.reduce((a, b) => a + b, 0) }\nexport const unused = 1;\n",
         "src/ok.js": "import { total } from './cart.js';\nconsole.log(total([3, 4]));\n",
         "src/syntax.js": "export function f(a {\n  return a +;\n}\n",
         "styles/main.css": css(), "styles/extra.css": css(12),
         "rollup.config.mjs": "export default { input: 'src/index.js', output: { file: 'dist/out.js', format: 'es' } };\n",
         "rollup.ok.mjs": "export default { input: 'src/ok.js', external: ['lodash'], output: { file: 'dist/ok.js', format: 'iife' } };\n",
         ".stylelintrc.json": "{\"extends\": \"stylelint-config-standard\"}\n"}
for k in range(12):
    FRONT["docs/guide%02d.md" % k] = md(k)
for k in range(25):
    FRONT["fmt/mod%02d.js" % k] = "const a = {b:1,c:[1,2,3]}\nfunction f(x){return x+1}\nexport default f\n" if k % 3 else \
        "const a = { b: 1 };\nexport default a;\n"

# --- servers: apache2, haproxy ---
APACHE_BAD = "ServerRoot /etc/apache2\nListen 127.0.0.1:18081\nPidFile ROOT/httpd.pid\nErrorLog ROOT/apache_error.log\n" \
             "LoadModule mpm_event_module /usr/lib/apache2/modules/mod_mpm_event.so\nLoadModule authz_core_module /usr/lib/apache2/modules/mod_authz_core.so\n" \
             "DocumentRoot ROOT/www\n<Directory ROOT/www>\n  Require all granted\n  Options +Indexes\n  RewriteEngine On\n</Directory>\n"
APACHE_OK = "ServerRoot /etc/apache2\nListen 127.0.0.1:18081\nPidFile ROOT/httpd.pid\nErrorLog ROOT/apache_error.log\nLogLevel info\n" \
            "LoadModule mpm_event_module /usr/lib/apache2/modules/mod_mpm_event.so\nLoadModule authz_core_module /usr/lib/apache2/modules/mod_authz_core.so\n" \
            "LoadModule mime_module /usr/lib/apache2/modules/mod_mime.so\n" \
            "LoadModule dir_module /usr/lib/apache2/modules/mod_dir.so\nLoadModule alias_module /usr/lib/apache2/modules/mod_alias.so\n" \
            "User www-data\nGroup www-data\nServerName localhost\nCustomLog ROOT/apache_access.log combined\n" \
            "LogFormat \"%h %l %u %t \\\"%r\\\" %>s %b\" combined\nDocumentRoot ROOT/www\nTypesConfig /etc/mime.types\n" \
            "<Directory ROOT/www>\n  Require all granted\n</Directory>\n<Location /secret>\n  Require all denied\n</Location>\n"
HAPROXY_BAD = "global\n  maxconn 100\n  nbthreads 2\ndefaults\n  mode http\n  timeout connect 5s\n  timeout client 30s\n" \
              "frontend web\n  bind 127.0.0.1:18090\n  default_backend app\n  acl is_api path_beg /api\n  use_backend api if is_api\n" \
              "backend app\n  server a1 127.0.0.1:19001 check inter 2s\n  balance roundrobn\nbackend other\n  server o1 127.0.0.1:19002\n"
HAPROXY_WARN = "global\n  maxconn 100\ndefaults\n  mode http\nfrontend web\n  bind 127.0.0.1:18090\n  default_backend app\n" \
               "backend app\n  server a1 127.0.0.1:19001\n  server a2 127.0.0.1:19003\n"
SERVERS = {"apache_bad.conf": APACHE_BAD, "apache_ok.conf": APACHE_OK, "haproxy_bad.cfg": HAPROXY_BAD,
           "haproxy_warn.cfg": HAPROXY_WARN, "www/index.html": "<h1>hi</h1>\n"}

# --- sqlite, tcl ---
SQL = "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, qty INT CHECK(qty >= 0));\n" \
      + "".join("INSERT INTO t(name, qty) VALUES('item%d', %d);\n" % (i, i) for i in range(20)) \
      + "INSERT INTO t(name, qty) VALUES('item3', 1);\nINSERT INTO t(name, qty) VALUES('neg', -1);\n" \
      "SELECT name, qty FROM t WHERE qty > 15 ORDER BY qty;\nSELECT nme FROM t;\nUPDATE t SET qty = qty + 1 WHERE id = 2;\n" \
      "SELECT count(*) AS n, sum(qty) FROM t;\nDROP TABLE missing_table;\nSELECT 'done';\n"
TCL = "proc load_config {path} {\n  set f [open $path r]\n  set data [read $f]\n  close $f\n  return $data\n}\n" \
      "proc start {} {\n  set cfg [load_config /nonexistent/app.cfg]\n  puts $cfg\n}\nputs \"starting\"\nstart\n"
MISC = {"shop.sql": SQL, "app.tcl": TCL}

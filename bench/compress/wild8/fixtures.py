"""Small fixture projects of the `wild8` corpus (relative path -> text), written under WORKDIR by
gen.py next to the real packages it copies there."""

# A C program with many memory errors in loops (valgrind reports each of its call sites).
GRID_C = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int w, h; int *cells; } grid;

static grid *grid_new(int w, int h) {
    grid *g = malloc(sizeof *g);
    g->w = w; g->h = h;
    g->cells = malloc(sizeof(int) * w * h);
    return g;
}

static int neighbours(const grid *g, int x, int y) {
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx || dy) n += g->cells[(y + dy) * g->w + (x + dx)];
    return n;
}

static void step(grid *g) {
    int *next = malloc(sizeof(int) * g->w * g->h);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            int n = neighbours(g, x, y);
            next[y * g->w + x] = n == 3 || (n == 2 && g->cells[y * g->w + x]);
        }
    g->cells = next;
}

static char *render(const grid *g) {
    char *s = malloc(g->w * g->h);
    for (int i = 0; i < g->w * g->h; i++) s[i] = g->cells[i] ? '#' : '.';
    return s;
}

int main(void) {
    grid *g = grid_new(6, 4);
    for (int i = 0; i < 6; i++) g->cells[i] = i % 2;
    for (int gen = 0; gen < 3; gen++) step(g);
    char *s = render(g);
    printf("%zu live cells\n", strlen(s));
    free(g);
    return 0;
}
"""

MAKEFILE = """CC = gcc
CFLAGS = -O2 -Wall -Wextra -Wshadow -Wcast-qual -Wstrict-prototypes -I../brotli/c/include
SRC = $(wildcard ../brotli/c/common/*.c ../brotli/c/dec/*.c ../brotli/c/enc/*.c)
OBJ = $(patsubst ../brotli/c/%.c,obj/%.o,$(SRC))

all: libbrotli.a brotli

obj/%.o: ../brotli/c/%.c
\t@mkdir -p $(dir $@)
\t$(CC) $(CFLAGS) -c $< -o $@

libbrotli.a: $(OBJ)
\tar rcs $@ $^

brotli: ../brotli/c/tools/brotli.c libbrotli.a
\t$(CC) $(CFLAGS) -o $@ $^ -lm
"""

CMAKE = """cmake_minimum_required(VERSION 3.16)
project(brotli_vendored C)
set(B ${CMAKE_SOURCE_DIR}/../brotli/c)
file(GLOB SRC ${B}/common/*.c ${B}/dec/*.c ${B}/enc/*.c)
add_library(brotli STATIC ${SRC})
target_include_directories(brotli PUBLIC ${B}/include)
target_compile_options(brotli PRIVATE -Wall -Wextra -Wpedantic -Wcast-qual -Wmissing-prototypes -Wdouble-promotion)
add_executable(brotli_tool ${B}/tools/brotli.c)
target_link_libraries(brotli_tool brotli m)
"""

CTEST_CMAKE = """cmake_minimum_required(VERSION 3.16)
project(ringbuf C)
enable_testing()
add_library(ring ring.c)
add_executable(ring_test ring_test.c)
target_link_libraries(ring_test ring)
foreach(cap 1 2 3 4 5 8 16 31 32 64 100 128)
  add_test(NAME push_pop_${cap} COMMAND ring_test push_pop ${cap})
  add_test(NAME wrap_${cap} COMMAND ring_test wrap ${cap})
  add_test(NAME full_${cap} COMMAND ring_test full ${cap})
endforeach()
"""

RING_C = r"""#include <stdlib.h>
#include "ring.h"
ring *ring_new(int cap) { ring *r = calloc(1, sizeof *r); r->buf = calloc(cap, sizeof(int)); r->cap = cap; return r; }
int ring_push(ring *r, int v) { if (r->len == r->cap) return -1; r->buf[(r->head + r->len) % r->cap] = v; r->len++; return 0; }
int ring_pop(ring *r, int *v) { if (!r->len) return -1; *v = r->buf[r->head]; r->head = (r->head + 1) % r->cap; r->len--; return 0; }
/* off by one when the capacity is a power of two above 16 */
int ring_full(const ring *r) { return (r->cap > 16 && !(r->cap & (r->cap - 1))) ? r->len >= r->cap - 1 : r->len == r->cap; }
"""

RING_H = "typedef struct { int *buf; int cap, head, len; } ring;\nring *ring_new(int cap);\nint ring_push(ring *r, int v);\nint ring_pop(ring *r, int *v);\nint ring_full(const ring *r);\n"

RING_TEST_C = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ring.h"
int main(int argc, char **argv) {
    int cap = atoi(argv[2]), v = 0;
    ring *r = ring_new(cap);
    printf("ring_test %s cap=%d\n", argv[1], cap);
    if (!strcmp(argv[1], "push_pop")) {
        for (int i = 0; i < cap; i++) ring_push(r, i);
        for (int i = 0; i < cap; i++) { ring_pop(r, &v); if (v != i) { printf("FAIL: popped %d, expected %d\n", v, i); return 1; } }
    } else if (!strcmp(argv[1], "wrap")) {
        for (int k = 0; k < 3 * cap; k++) { ring_push(r, k); ring_pop(r, &v); if (v != k) { printf("FAIL: wrap %d != %d\n", v, k); return 1; } }
    } else {
        for (int i = 0; i < cap - 1; i++) ring_push(r, i);
        if (ring_full(r)) { printf("ring_test.c:%d: ring_full() is true with %d of %d slots used\n", __LINE__, cap - 1, cap); return 1; }
    }
    printf("ok\n");
    return 0;
}
"""

NPM_PKG = """{
  "name": "ingest",
  "version": "0.3.0",
  "private": true,
  "dependencies": {
    "ms": "2.1.3",
    "semver": "7.6.3",
    "debug": "4.3.7",
    "chalk": "4.1.2",
    "commander": "12.1.0",
    "express": "4.21.2",
    "fast-csv-native": "file:./vendor/fast-csv-native"
  }
}
"""

NATIVE_PKG = """{
  "name": "fast-csv-native",
  "version": "1.0.2",
  "scripts": { "install": "node build.js" }
}
"""

NATIVE_BUILD = """const { execSync } = require('child_process');
console.log('fast-csv-native: probing for a C compiler');
execSync('cc --version', { stdio: 'inherit' });
console.log('fast-csv-native: compiling src/parse.c');
execSync('cc -O2 -fPIC -shared -o parse.node src/parse.c', { stdio: 'inherit' });
"""

NATIVE_C = "#include <node_api.h>\nnapi_value Init(napi_env env, napi_value exports) { return exports; }\n"

PIP_SETUP = """from setuptools import setup, Extension
setup(
    name="rowhash",
    version="0.4.1",
    packages=["rowhash"],
    install_requires=["toolz>=0.12", "simplejson"],
    ext_modules=[Extension("rowhash._fast", ["src/fast.c"])],
)
"""

PIP_FAST_C = r"""#include <Python.h>
#include "xxhash.h"
static PyObject *h(PyObject *self, PyObject *arg) { return PyLong_FromUnsignedLongLong(XXH64(0, 0, 0)); }
"""

SEMVER_TEST = r"""import { describe, expect, test } from 'vitest';
import semver from 'semver';

const cmp = [
  ['1.0.0', '1.0.1', -1], ['1.0.0', '1.0.0', 0], ['2.0.0', '1.9.9', 1], ['1.0.0-alpha', '1.0.0', -1],
  ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1], ['1.0.0-beta.11', '1.0.0-beta.2', 1], ['1.0.0-rc.1', '1.0.0', -1],
  ['0.0.1', '0.0.2', -1], ['10.0.0', '9.99.99', 1], ['1.2.3+build', '1.2.3', 0], ['1.2.3-0', '1.2.3-pre', -1],
  ['3.0.0', '3.0.0-rc.9', 1], ['1.10.0', '1.9.0', 1], ['0.10.0', '0.9.0', 1], ['1.0.0-2', '1.0.0-10', 1],
];
const sat = [
  ['1.2.3', '^1.0.0', true], ['2.0.0', '^1.0.0', false], ['1.2.3', '~1.2.0', true], ['1.3.0', '~1.2.0', false],
  ['0.2.5', '^0.2.0', true], ['0.3.0', '^0.2.0', false], ['1.2.3', '>=1.2.3 <2', true], ['2.0.0-rc.1', '>=1.0.0', false],
  ['1.2.3', '1.x', true], ['1.2.3', '*', true], ['1.0.0', '1.0.0 - 2.0.0', true], ['2.0.1', '1.0.0 - 2.0.0', false],
  ['1.2.3', '^1.2.4', false], ['0.0.3', '^0.0.3', true], ['0.0.4', '^0.0.3', true],
];
const inc = [
  ['1.2.3', 'major', '2.0.0'], ['1.2.3', 'minor', '1.3.0'], ['1.2.3', 'patch', '1.2.4'], ['1.2.3-rc.1', 'patch', '1.2.3'],
  ['1.2.3', 'premajor', '2.0.0-0'], ['1.2.3', 'preminor', '1.3.0-0'], ['1.2.3', 'prepatch', '1.2.4-0'],
  ['1.2.3-0', 'prerelease', '1.2.3-1'], ['1.2.3-alpha.9', 'prerelease', '1.2.3-alpha.10'], ['0.9.9', 'minor', '0.10.0'],
];
const clean = [
  ['  1.2.3  ', '1.2.3'], ['=1.2.3', '1.2.3'], ['v1.2.3', '1.2.3'], ['v1.2.3-beta', '1.2.3-beta'], ['1.2', null],
  ['~1.2.3', null], ['01.2.3', null], ['1.2.3.4', null], ['v 1.2.3', '1.2.3'], ['1.2.3+meta', '1.2.3'],
];

describe('compare', () => {
  test.each(cmp)('compare(%s, %s) is %i', (a, b, want) => { expect(semver.compare(a, b)).toBe(want); });
});
describe('satisfies', () => {
  test.each(sat)('%s satisfies %s: %s', (v, r, want) => { expect(semver.satisfies(v, r)).toBe(want); });
});
describe('inc', () => {
  test.each(inc)('inc(%s, %s) = %s', (v, kind, want) => { expect(semver.inc(v, kind)).toBe(want); });
});
const valid = [];
for (let ma = 0; ma < 5; ma++) for (let mi = 0; mi < 6; mi++) for (let pa = 0; pa < 4; pa++) valid.push([`${ma}.${mi}.${pa}`]);
valid.push(['1.2.3-beta.01'], ['v2.0.0'], ['1.2.3-x.7.z.92']);
describe('valid', () => {
  test.each(valid)('valid(%s)', (v) => { expect(semver.valid(v)).toBe(v); });
});
describe('clean', () => {
  test.each(clean)('clean(%j) = %j', (v, want) => { expect(semver.clean(v)).toBe(want); });
});
describe('sort', () => {
  test('sorts a release train', () => {
    const vs = ['1.0.0', '1.0.0-rc.1', '0.9.0', '1.0.1', '1.0.0-beta'];
    expect(semver.sort(vs)).toEqual(['0.9.0', '1.0.0-beta', '1.0.0-rc.1', '1.0.0', '1.0.1']);
  });
  test('rsort puts the newest first', () => {
    expect(semver.rsort(['1.2.3', '1.10.0', '1.9.0'])).toEqual(['1.10.0', '1.9.0', '1.2.3']);
  });
  test('maxSatisfying picks the newest match', () => {
    expect(semver.maxSatisfying(['1.2.3', '1.2.4', '1.3.0'], '~1.2.0')).toBe('1.2.4');
  });
  test('minVersion of a caret range', () => { expect(semver.minVersion('^1.2.3').version).toBe('1.2.3'); });
  test('coerce pulls a version out of text', () => { expect(semver.coerce('release v2.4 final').version).toBe('2.4.0'); });
});
"""

MDIT_ESLINT = """import js from "/tmp/w6npm/node_modules/@eslint/js/src/index.js";
export default [
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { console: "readonly" } },
    rules: {
      "prefer-const": "error", "no-var": "error", "eqeqeq": "warn", "curly": "warn",
      "no-plusplus": "warn", "prefer-template": "warn", "no-param-reassign": "warn",
    },
  },
];
"""

TOX_INI = """[tox]
envlist = py
skipsdist = true

[testenv]
deps =
    pytest
    freezegun
    hypothesis
setenv = PYTHONPATH = {toxinidir}/src
commands = pytest -v -p no:cacheprovider tests/test_easter.py tests/test_relativedelta.py
"""

NGINX_SH = r"""N=$PWD/ngx; rm -rf $N; mkdir -p $N/logs $N/html $N/up/api
web() { (cd "$1" && exec python3 -m http.server "$2" --bind 127.0.0.1 >/dev/null 2>&1) & echo $! > "$1.pid"; sleep 1; }
echo '{"items":[]}' > $N/up/api/items; echo ok > $N/up/api/health; echo hi > $N/html/index.html
cat > $N/nginx.conf <<EOC
worker_processes 1;
error_log $N/logs/error.log warn;
pid $N/nginx.pid;
events { worker_connections 64; }
http {
  log_format timed '\$remote_addr - - [\$time_local] "\$request" \$status \$body_bytes_sent "-" "\$http_user_agent" rt=\$request_time uct="\$upstream_connect_time" urt="\$upstream_response_time"';
  access_log $N/logs/access.log timed;
  upstream app { server 127.0.0.1:18831 max_fails=1 fail_timeout=2s; }
  server {
    listen 127.0.0.1:18830;
    root $N/html;
    location /api/ { proxy_pass http://app; proxy_connect_timeout 1s; }
  }
}
EOC
web $N/up 18831
nginx -c $N/nginx.conf -p $N
sleep 1
traffic() { for i in $(seq 1 $1); do
  curl -s -o /dev/null -A "ingest-client/2.3" http://127.0.0.1:18830/api/items
  curl -s -o /dev/null -A "kube-probe/1.29" http://127.0.0.1:18830/api/health
  curl -s -o /dev/null -A "Mozilla/5.0" http://127.0.0.1:18830/; done; }
traffic 50
curl -s -o /dev/null -A "Mozilla/5.0" http://127.0.0.1:18830/favicon.ico
kill $(cat $N/up.pid); sleep 0.5
traffic 6
web $N/up 18831
sleep 2
traffic 45
nginx -c $N/nginx.conf -p $N -s stop; sleep 0.5; kill $(cat $N/up.pid)
cat $N/logs/error.log $N/logs/access.log
"""

PROJECTS = {
    "c": {"grid.c": GRID_C},
    "mk": {"Makefile": MAKEFILE},
    "cm": {"CMakeLists.txt": CMAKE},
    "ct": {"CMakeLists.txt": CTEST_CMAKE, "ring.c": RING_C, "ring.h": RING_H, "ring_test.c": RING_TEST_C},
    "npmbad": {"package.json": NPM_PKG, "vendor/fast-csv-native/package.json": NATIVE_PKG,
               "vendor/fast-csv-native/build.js": NATIVE_BUILD, "vendor/fast-csv-native/src/parse.c": NATIVE_C},
    "pipbad": {"setup.py": PIP_SETUP, "rowhash/__init__.py": "from ._fast import h\n", "src/fast.c": PIP_FAST_C},
    "js": {"package.json": '{"name": "vercheck", "version": "1.0.0", "type": "module"}\n',
           "test/semver.test.js": SEMVER_TEST},
    "mdit": {"eslint.config.js": MDIT_ESLINT},
    "du": {"tox.ini": TOX_INI},
    "sh": {"nginx_incident.sh": NGINX_SH},
}

"""The fixture projects of `gen.py` (wild33): C programs for valgrind, a Cargo workspace, vitest
suites, pip projects, PostgreSQL and syslog-ng runs, a static site and a wget URL list. Each run
has its faults in the middle of many passing items. wild30's Python and JavaScript fixtures are
reused (imported by gen.py)."""

# A batch job that prints a line per item: an invalid write at item 117, an uninitialised branch
# at 140, a leak of every kind, a fd left open. For memcheck's XML and --gen-suppressions runs.
BATCH_C = r"""/* batch.c: processes 240 orders, with memory bugs in the middle of the run */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>

struct order { int id; char *sku; double price; };
static struct order *keep[64];
static int nkeep;

static char *sku_of(int id) {
    char *s = malloc(12);
    snprintf(s, 12, "SKU-%05d", id);
    return s;
}

static double discount(struct order *o) {
    int tier;
    if (o->id == 140) { if (tier > 2) return 0.1; }  /* tier is never set */
    else tier = o->id % 4;
    return o->id % 4 == 0 ? 0.05 : 0.0;
}

static void stamp(struct order *o) {
    if (o->id == 117) o->sku[12] = '!';  /* one past the 12 bytes */
}

static void audit(int id) {
    int *trail = malloc(40 * sizeof(int));
    for (int i = 0; i < 40; i++) trail[i] = id + i;
    if (id % 60 == 7) keep[nkeep++] = (struct order *)trail; /* still reachable */
    else if (id % 90 == 11) { trail += 3; }                   /* interior pointer: possibly lost */
    else if (id % 100 != 13) free(trail);                     /* 13, 113, 213: definitely lost */
}

int main(void) {
    int fd = open("/etc/hostname", O_RDONLY);
    double total = 0;
    (void)fd;
    for (int id = 1; id <= 240; id++) {
        struct order o = { id, sku_of(id), 9.5 + id % 7 };
        stamp(&o);
        total += o.price * (1 - discount(&o));
        audit(id);
        printf("order %3d %s price %6.2f running total %9.2f\n", id, o.sku, o.price, total);
        free(o.sku);
    }
    printf("processed 240 orders, total %.2f\n", total);
    return 0;
}
"""

BATCH_SUPP = """{
   known-audit-trail-reachable
   Memcheck:Leak
   match-leak-kinds: reachable
   fun:malloc
   fun:audit
   fun:main
}
{
   known-libc-hostname
   Memcheck:Param
   open(filename)
   fun:open
   ...
}
"""

# A supervisor that forks and execs workers (for --trace-children=yes): worker 5 of 8 writes
# through a freed pointer, worker 6 dereferences a bad address and dies of SIGSEGV.
SUPERVISOR_C = r"""/* supervisor.c: runs 8 workers (fork + exec of ./worker N), each printing its progress */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

int main(void) {
    for (int n = 1; n <= 8; n++) {
        pid_t pid = fork();
        if (pid == 0) {
            char arg[8];
            snprintf(arg, sizeof arg, "%d", n);
            execl("./worker", "worker", arg, (char *)NULL);
            _exit(127);
        }
        int st = 0;
        waitpid(pid, &st, 0);
        if (WIFSIGNALED(st)) printf("supervisor: worker %d killed by signal %d\n", n, WTERMSIG(st));
        else printf("supervisor: worker %d exited with %d\n", n, WEXITSTATUS(st));
    }
    return 0;
}
"""

WORKER_C = r"""/* worker.c: worker N handles 20 jobs; worker 5 uses a freed buffer, worker 6 crashes */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct job { int id; char name[16]; };

static void run(int n, int j, struct job *jb) {
    if (n == 6 && j == 9) { struct job *bad = (struct job *)0x18; bad->id = j; }
    snprintf(jb->name, sizeof jb->name, "job-%d-%d", n, j);
    printf("worker %d: %s done\n", n, jb->name);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    struct job *jb = malloc(sizeof *jb);
    for (int j = 1; j <= 20; j++) {
        if (n == 5 && j == 12) { free(jb); jb->id = j; jb = malloc(sizeof *jb); }
        run(n, j, jb);
    }
    free(jb);
    return 0;
}
"""


def cargo_ws():
    """A workspace: `stock` (110 unit tests, a should_panic whose message differs, doctests),
    `pool` (tests joining spawned threads that panic, and a test file whose recursion overflows
    the stack, aborting its binary), `fmtx` (passing tests and an ignored one that fails)."""
    f = {"Cargo.toml": '[workspace]\nmembers = ["stock", "pool", "fmtx"]\nresolver = "2"\n'}
    for c in ("stock", "pool", "fmtx"):
        f[f"{c}/Cargo.toml"] = f'[package]\nname = "{c}"\nversion = "0.2.0"\nedition = "2021"\n'
    units = "\n".join(f"    #[test]\n    fn reserve_{i:03}() {{ assert_eq!(crate::reserve(100, {i % 90}), Ok({100 - i % 90})); }}"
                      for i in range(110))
    f["stock/src/lib.rs"] = f'''//! Stock levels.

/// Takes `n` units out of `level`.
///
/// ```
/// assert_eq!(stock::reserve(10, 3), Ok(7));
/// ```
///
/// ```
/// assert_eq!(stock::reserve(1, 3), Ok(0));
/// ```
pub fn reserve(level: u32, n: u32) -> Result<u32, String> {{
    level.checked_sub(n).ok_or_else(|| format!("short by {{}}", n - level))
}}

/// Splits `total` into `parts`, panicking on zero parts.
pub fn split(total: u32, parts: u32) -> u32 {{
    if parts == 0 {{
        panic!("cannot split {{total}} into zero parts");
    }}
    total / parts
}}

#[cfg(test)]
mod tests {{
{units}
    #[test]
    #[should_panic(expected = "split into no parts")]
    fn split_zero() {{ crate::split(10, 0); }}
    #[test]
    #[should_panic]
    fn split_ok_panics() {{ crate::split(10, 2); }}
}}
'''
    pool_units = "\n".join(f"    #[test]\n    fn sum_{i:02}() {{ assert_eq!(crate::parallel_sum(&[{i}, 1, 2, 3]), {i + 6}); }}" for i in range(40))
    f["pool/src/lib.rs"] = f'''//! A small thread pool.
use std::thread;

/// Sums `xs` on one thread per element.
pub fn parallel_sum(xs: &[u64]) -> u64 {{
    let handles: Vec<_> = xs.iter().map(|&x| thread::spawn(move || checked(x))).collect();
    handles.into_iter().map(|h| h.join().unwrap()).sum()
}}

fn checked(x: u64) -> u64 {{
    if x == 13 {{
        panic!("worker refused unlucky value {{x}}");
    }}
    x
}}

/// Runs `jobs` named workers and collects their results.
pub fn named(jobs: u32) -> Vec<u32> {{
    (0..jobs)
        .map(|i| thread::Builder::new().name(format!("worker-{{i}}")).spawn(move || step(i)).unwrap())
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().expect("worker panicked"))
        .collect()
}}

fn step(i: u32) -> u32 {{
    let table = [1u32, 2, 3, 4];
    table[i as usize]
}}

#[cfg(test)]
mod tests {{
{pool_units}
    #[test]
    fn sum_unlucky() {{ assert_eq!(crate::parallel_sum(&[1, 13, 2]), 16); }}
    #[test]
    fn named_six() {{ assert_eq!(crate::named(6).len(), 6); }}
    #[test]
    fn named_three() {{ assert_eq!(crate::named(3), vec![1, 2, 3]); }}
}}
'''
    f["pool/tests/deep.rs"] = '''//! Recursion depth tests.

fn depth(n: u64) -> u64 {
    let pad = [n; 64];
    if n == 0 { 0 } else { 1 + depth(n - 1) + pad[(n % 64) as usize] * 0 }
}

#[test]
fn shallow() { assert_eq!(depth(100), 100); }

#[test]
fn very_deep() { assert_eq!(depth(50_000_000), 50_000_000); }
'''
    fmt_units = "\n".join(f"    #[test]\n    fn money_{i:02}() {{ assert_eq!(crate::money({i}00), \"{i}.00\"); }}" for i in range(1, 50))
    f["fmtx/src/lib.rs"] = f'''//! Formatting.

/// Cents as `units.cents`.
///
/// ```
/// assert_eq!(fmtx::money(1234), "12.34");
/// ```
pub fn money(cents: u64) -> String {{
    format!("{{}}.{{:02}}", cents / 100, cents % 100)
}}

#[cfg(test)]
mod tests {{
{fmt_units}
    #[test]
    #[ignore = "slow: formats a million amounts"]
    fn money_million() {{ for c in 0..1_000_000u64 {{ assert!(crate::money(c).len() < 7, "too long at {{c}}"); }} }}
}}
'''
    return f


VITEST_OK = """import { describe, it, expect } from 'vitest';
import { add%(i)d, label%(i)d } from '../src/m%(i)d.js';

describe('module %(i)d', () => {
  for (let n = 0; n < 6; n++) {
    it(`adds ${n}`, () => { expect(add%(i)d(n, 2)).toBe(n + 2); });
  }
  it('labels', () => { expect(label%(i)d(3)).toBe('item-3'); });
});
"""

# Failures of new kinds: a beforeAll that throws (its tests skipped), a test past its timeout,
# an afterEach that throws, a file that does not load (an import of a missing module), a thrown
# TypeError deep in a helper.
VITEST_HOOKS = """import { describe, it, expect, beforeAll } from 'vitest';
import { add2 } from '../src/m2.js';

let db;
describe('warehouse db', () => {
  beforeAll(async () => {
    db = await Promise.resolve(null);
    if (!db) throw new Error('warehouse db unavailable: connection refused 127.0.0.1:5433');
  });
  it('reads stock', () => { expect(db.stock).toBe(3); });
  it('writes stock', () => { expect(add2(1, 1)).toBe(2); });
});
"""

VITEST_TIMEOUT = """import { describe, it, expect, afterEach } from 'vitest';
import { add4 } from '../src/m4.js';

function shelf(rows) { return rows.map((r) => r.slot.code); }

describe('shelving', () => {
  afterEach((ctx) => { if (ctx.task.name === 'restocks') throw new Error('cleanup left 2 pallets'); });
  it('counts', () => { expect(add4(2, 2)).toBe(4); });
  it('waits for the scanner', async () => { await new Promise((r) => setTimeout(r, 3000)); }, 300);
  it('restocks', () => { expect(add4(1, 1)).toBe(2); });
  it('maps slots', () => { expect(shelf([{ slot: { code: 'A1' } }, { slot: null }])).toEqual(['A1']); });
});
"""

VITEST_NOLOAD = """import { describe, it, expect } from 'vitest';
import { add5 } from '../src/m5.js';
import { tariff } from '../src/tariffs.js';

describe('prices', () => {
  it('prices', () => { expect(tariff(add5(1, 1))).toBe(2); });
});
"""


def pip_projects():
    """Eight local projects for `pip wheel`: six setuptools ones that build, one whose in-tree
    build backend raises while building (its manifest has no `root`), one whose setup.py fails in the middle of its build."""
    out = {}
    for i, name in enumerate(["alpha", "bravo", "charlie", "delta", "echo", "golf"]):
        out[f"{name}/pyproject.toml"] = (f'[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n'
                                         f'[project]\nname = "{name}"\nversion = "1.{i}.0"\n')
        out[f"{name}/{name}/__init__.py"] = f'"""{name}"""\n'
        for m in range(6):
            out[f"{name}/{name}/mod{m}.py"] = f"VALUE = {m}\n"
    out["foxtrot/pyproject.toml"] = ('[build-system]\nrequires = []\nbuild-backend = "shipit"\nbackend-path = ["_build"]\n\n'
                                     '[project]\nname = "foxtrot"\nversion = "0.9"\n')
    out["foxtrot/_build/shipit.py"] = '''"""An in-tree build backend that packs the wheel from a manifest."""
import json, os


def _manifest():
    with open("MANIFEST.json") as f:
        return json.load(f)


def _files(manifest):
    return [os.path.join(manifest["root"], p) for p in manifest["files"]]


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = os.path.join(metadata_directory, "foxtrot-0.9.dist-info")
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write("Metadata-Version: 2.1\\nName: foxtrot\\nVersion: 0.9\\n")
    return "foxtrot-0.9.dist-info"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = _files(_manifest())
    return os.path.basename(files[0])
'''
    out["foxtrot/MANIFEST.json"] = '{"files": ["foxtrot/__init__.py"]}\n'
    out["foxtrot/foxtrot/__init__.py"] = ""
    out["hotel/setup.py"] = '''from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithSchema(build_py):
    def run(self):
        super().run()
        self.compile_schema("schema/orders.avsc")

    def compile_schema(self, path):
        with open(path) as f:
            return f.read()


setup(name="hotel", version="2.0", packages=["hotel"], cmdclass={"build_py": BuildWithSchema})
'''
    out["hotel/hotel/__init__.py"] = ""
    for m in range(8):
        out[f"hotel/hotel/part{m}.py"] = f"PART = {m}\n"
    return out


# pip's hash-checking mode: wheels fetched, requirements pinned with their hashes, one hash wrong
# (a stale pin) and then one requirement without a hash.
PIP_HASHES = r"""#!/bin/bash
# hashes.sh: pip download of six wheels, a requirements file with their sha256 (one stale), then
# installs in --require-hashes mode.
set -u
rm -rf wh t; mkdir -p wh
pip download --no-deps -d wh six==1.16.0 idna==3.6 attrs==23.2.0 packaging==24.0 tomli==2.0.1 certifi==2024.2.2
echo rc=$?
: > req.txt
for w in wh/*.whl; do
  n=$(basename $w | cut -d- -f1); v=$(basename $w | cut -d- -f2)
  h=$(pip hash -a sha256 $w | tail -1 | sed 's/.*--hash=sha256://')
  if [ $n = attrs ]; then h=$(echo $h | tr 'a-f' 'b-g' | tr 'g' 'a'); fi
  echo "$n==$v --hash=sha256:$h" >> req.txt
done
cat req.txt
pip install --no-index --find-links wh --target t --require-hashes -r req.txt
echo rc=$?
sed -i 's/^packaging==.*/packaging==24.0/' req.txt
grep -v '^attrs' req.txt > req2.txt
pip install --no-index --find-links wh --target t -r req2.txt
echo rc=$?
"""


WPT_HEAD = """<!DOCTYPE html>
<meta charset="utf-8">
<title>%s</title>
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
<script>
"""


def wpt_tests():
    """Sixteen testharness.js files (url/, encoding/, dom/) of 12 tests each for wpt-runner, the
    web-platform-tests runner on jsdom: a wrong expectation in url/parse-5, a thrown TypeError
    where a RangeError is expected in encoding/decode-9, a rejected promise_test in dom/nodes-12
    and an uncaught error in dom/nodes-14's script."""
    files = {}
    for f in range(16):
        area = "url" if f < 6 else "encoding" if f < 11 else "dom"
        name = {"url": f"url/parse-{f}.html", "encoding": f"encoding/decode-{f}.html", "dom": f"dom/nodes-{f}.html"}[area]
        body = []
        for t in range(12):
            if area == "url":
                exp = "/x%d/b" % t if (f, t) != (5, 7) else "/x7/c"
                body.append(f'test(() => {{ assert_equals(new URL("http://h/x{t}/a/../b").pathname, "{exp}"); }}, "dot segments {t}");')
            elif area == "encoding":
                if (f, t) == (9, 4):
                    body.append('test(() => { assert_throws_js(RangeError, () => new TextDecoder("utf-8").decode(5)); }, "decode rejects a number");')
                else:
                    body.append(f'test(() => {{ assert_equals(new TextDecoder().decode(new TextEncoder().encode("é{t}")), "é{t}"); }}, "round trip {t}");')
            else:
                if (f, t) == (12, 9):
                    body.append('promise_test(async () => { await Promise.reject(new Error("slot renderer detached")); }, "renders slots");')
                else:
                    body.append(f'test(() => {{ const d = document.createElement("div"); d.textContent = "n{t}"; assert_equals(d.childNodes.length, 1); }}, "text node {t}");')
        if f == 14:
            body.insert(6, "document.querySelector('#missing').remove();")
        files["wpt/" + name] = WPT_HEAD % name + "\n".join(body) + "\n</script>\n"
    return files

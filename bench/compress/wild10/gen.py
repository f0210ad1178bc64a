#!/usr/bin/env python3
"""Builds the `wild10` corpus: a blind set of real outputs (most of them 200+ lines) from tools or
modes that no earlier set holds, recorded before the compressor saw any of it. Real packages from
the registries (the sdists of wild8: toolz, more-itertools, python-dateutil, brotli's C sources;
crates from crates.io: difflib, byteorder, cast; Go's `encoding/csv`, `text/tabwriter`,
`container/*`; the system's Lua, Perl and shell scripts) and small fixtures (`fixtures.py`) are
run through gcc's sanitizers, the clang static analyzer, meson + ninja, autoconf, javac
-Xlint:all, a Java exception chain, psql on a throwaway PostgreSQL (pg_virtualenv), cargo tree /
--message-format=json / doc / rustfmt --check, go test -cover / -bench, node, Python's
faulthandler, logging and doctest, pytest-xdist, sha256sum -c, patch, shellcheck -f gcc, luac
-l, podchecker and a git rebase, after a few bugs were put in them (PATCHES) so that they fail or
warn somewhere in the middle. Each run's merged stdout+stderr is recorded unedited
(`../blind/record.py`).

    python3 bench/compress/wild10/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: SDIST_DIR with the unpacked sdists (as wild8's gen.py), VENV_DIR: a venv with pytest and
pytest-xdist (made if missing, from PyPI), CRATES_DIR (an unpacked crates.io registry), gcc,
clang, meson, ninja, autoconf, javac, PostgreSQL with pg_virtualenv, cargo, rustfmt, go
(GOROOT_SRC), node, luac5.4, podchecker, shellcheck, git.
"""
import glob, hashlib, os, shutil, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
SDIST = os.environ.get("SDIST_DIR", "/tmp/w8/src")
VENV = os.environ.get("VENV_DIR", "/tmp/w10venv")
CRATES = os.environ.get("CRATES_DIR") or glob.glob(os.path.expanduser("~/.cargo/registry/src/*/"))[0]
GOROOT = os.environ.get("GOROOT_SRC", "/usr/lib/go/src")

# Bugs put into the real packages (file under WORK, old text, new text).
PATCHES = [
    ("toolz/toolz/itertoolz.py", "        d[item] += 1\n", "        d[item] = 1\n"),
    ("toolz/toolz/itertoolz.py", "        next(inposed)\n", "        pass\n"),
    ("toolz/toolz/dicttoolz.py", "            values[k](v)\n", "            values[k](v)\n            break\n"),
    ("mit/more_itertools/recipes.py", "    return chain(iterable, repeat(None))", "    return chain(iterable, repeat(0))"),
    ("du/src/dateutil/easter.py", "            e = 10\n", "            e = 11\n"),
    ("brotli/c/enc/histogram.c", "#include \"histogram.h\"",
     "#include \"histogram.h\"\nstatic int unused_table[4] = {1};\nvoid brotli_note(void) { undeclared_helper(3); }"),
    ("brotli/c/dec/state.c", "#include \"state.h\"", "#include \"state.h\"\nstatic const int kStateLimit = BROTLI_STATE_MAX;"),
    ("gomod/csv/reader.go", "\t\tif r.TrimLeadingSpace {", "\t\tif !r.TrimLeadingSpace {"),
    ("rs/difflib/src/utils.rs", "pub fn ", "pub fn count_leading(line: &str, ch: char) -> usize { line.chars().take_while(|c| *c == ch).count() as u32 }\n\npub fn "),
]

GO_BENCH = '''package csv

import (
\t"strings"
\t"testing"
)

func BenchmarkReadQuotedTrimmed(b *testing.B) {
\tfor i := 0; i < b.N; i++ {
\t\tr := NewReader(strings.NewReader(" \\"a\\", b\\n c,  \\"d\\"\\n"))
\t\tr.TrimLeadingSpace = true
\t\trecs, err := r.ReadAll()
\t\tif err != nil {
\t\t\tb.Fatalf("ReadAll: %v", err)
\t\t}
\t\tif recs[0][0] != "a" {
\t\t\tb.Fatalf("first field = %q, want %q", recs[0][0], "a")
\t\t}
\t}
}
'''

PSQL = r'''\set ON_ERROR_STOP 0
\timing off
CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, region text NOT NULL);
CREATE TABLE orders (id serial PRIMARY KEY, customer_id int REFERENCES customers(id), total numeric(10,2) NOT NULL CHECK (total >= 0), placed date NOT NULL);
INSERT INTO customers (name, region) SELECT 'customer ' || g, (ARRAY['north','south','east','west'])[g % 4 + 1] FROM generate_series(1, 2000) g;
INSERT INTO orders (customer_id, total, placed) SELECT g % 2000 + 1, (g * 7919 % 100000) / 100.0, date '2024-01-01' + g % 365 FROM generate_series(1, 60000) g;
ANALYZE;
EXPLAIN ANALYZE SELECT c.region, count(*), sum(o.total) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.placed >= date '2024-06-01' GROUP BY c.region ORDER BY 3 DESC;
EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM orders WHERE customer_id = 42 ORDER BY placed DESC LIMIT 5;
CREATE INDEX orders_customer ON orders (customer_id, placed);
EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM orders WHERE customer_id = 42 ORDER BY placed DESC LIMIT 5;
SELECT region, count(*) FROM customers GROUP BY regoin;
INSERT INTO orders (customer_id, total, placed) VALUES (9999, 10, now());
INSERT INTO orders (customer_id, total, placed) VALUES (1, -5, now());
EXPLAIN ANALYZE WITH monthly AS (SELECT date_trunc('month', placed) m, customer_id, sum(total) s FROM orders GROUP BY 1, 2) SELECT m, max(s), avg(s) FROM monthly GROUP BY m ORDER BY m;
\d orders
SELECT id, customer_id, total, placed FROM orders WHERE customer_id IN (7, 8) ORDER BY placed, id LIMIT 60;
SELECT pg_size_pretty(pg_total_relation_size('orders')) AS orders_size;
'''

MESON = '''project('brotli', 'c', default_options: ['warning_level=3', 'buildtype=debugoptimized'])
inc = include_directories('c/include')
extra = ['-Wshadow', '-Wcast-qual', '-Wmissing-prototypes', '-Wstrict-prototypes']
lib = static_library('brotli', files(%s), include_directories: inc, c_args: extra)
executable('brotli', 'c/tools/brotli.c', link_with: lib, include_directories: inc, c_args: extra, dependencies: meson.get_compiler('c').find_library('m'))
'''


def copy(src, dst):
    shutil.copytree(src, os.path.join(WORK, dst), ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "target"))


def run(cmd, cwd):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def sums(rel_dirs):
    """sha256sum lines of every file under the pristine sdists (relative to WORK)."""
    out = []
    for d, src in rel_dirs:
        for p in sorted(glob.glob(os.path.join(SDIST, src, "**", "*.py"), recursive=True)):
            rel = os.path.join(d, os.path.relpath(p, os.path.join(SDIST, src)))
            out.append(f"{hashlib.sha256(open(p, 'rb').read()).hexdigest()}  {rel}\n")
    return "".join(out)


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for src, dst in [("toolz-1.2.0", "toolz"), ("more_itertools-11.2.1", "mit"),
                     ("python_dateutil-4.0.0", "du"), ("brotli-1.2.1", "brotli")]:
        copy(os.path.join(SDIST, src), dst)
    for pkg, dst in [("encoding/csv", "csv"), ("text/tabwriter", "tabwriter"), ("container/list", "list"),
                     ("container/ring", "ring"), ("container/heap", "heap")]:
        shutil.copytree(os.path.join(GOROOT, pkg), os.path.join(WORK, "gomod", dst))
    record.write(WORK, "gomod", {"go.mod": "module w10\n\ngo 1.19\n", "csv/bench_trim_test.go": GO_BENCH})
    for crate in ("difflib-0.4.0", "byteorder-1.5.0", "cast-0.3.0"):
        dst = os.path.join("rs", crate.rsplit("-", 1)[0])
        copy(os.path.join(CRATES, crate), dst)
        toml = os.path.join(WORK, dst, "Cargo.toml")   # offline: no dev-dependencies to resolve
        text = open(toml).read()
        cut = text.find("[dev-dependencies")
        open(toml, "w").write((text[:cut] if cut >= 0 else text) + "\n[workspace]\n")
    record.patch(WORK, PATCHES)
    for proj, files in fixtures.PROJECTS.items():
        record.write(WORK, proj, files)
    srcs = sorted(os.path.relpath(p, os.path.join(WORK, "brotli"))
                  for p in glob.glob(os.path.join(WORK, "brotli", "c", "*", "*.c")) if "/tools/" not in p)
    record.write(WORK, "brotli", {"meson.build": MESON % ", ".join(f"'{s}'" for s in srcs)})
    record.write(WORK, "sql", {"shop.sql": PSQL})
    record.write(WORK, "sums", {"SHA256SUMS": sums([("toolz", "toolz-1.2.0"), ("mit", "more_itertools-11.2.1"),
                                                     ("du", "python_dateutil-4.0.0")])})
    # a patch made against the pristine toolz, applied to the patched copy (some hunks meet the bugs)
    run(f"cp -r {SDIST}/toolz-1.2.0 /tmp/w10-a && cp -r {SDIST}/toolz-1.2.0 /tmp/w10-b && "
        "cd /tmp/w10-b && sed -i -e 's/^    >>> /    >>>  /' -e 's/    Examples$/    Example/' "
        "-e 's/        d\\[item\\] += 1/        d[item] = d.get(item, 0) + 1/' toolz/*.py && "
        "cd /tmp && (diff -ruN w10-a w10-b > " + os.path.join(WORK, "toolz.diff") + " || true) && rm -rf /tmp/w10-a /tmp/w10-b", ".")
    os.makedirs(os.path.join(WORK, "gitrb"))
    run("git init -q -b main && git config user.email dev@example.org && git config user.name dev && "
        "cp -r ../toolz/toolz . && git add -A && git commit -qm 'import toolz 1.2.0' && "
        "git checkout -qb feature && for i in $(seq 1 12); do sed -i \"s/^__version__ = .*/__version__ = '1.2.$i'/\" toolz/__init__.py; "
        "echo \"# note $i\" >> toolz/utils.py; git commit -qam \"feature step $i: bump to 1.2.$i\"; done && "
        "git checkout -q main && sed -i \"s/^__version__ = .*/__version__ = '2.0.0.dev0'/\" toolz/__init__.py && "
        "echo '# main' >> toolz/utils.py && git commit -qam 'start 2.0 development' && git checkout -q feature", "gitrb")
    os.chmod(WORK, 0o755)
    if not os.path.exists(os.path.join(VENV, "bin", "pytest")):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "pytest", "pytest-xdist"], check=True)


def main():
    setup()
    here = os.path.dirname(os.path.abspath(__file__))
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin")], timeout=400,
                  extra_env={"CARGO_TARGET_DIR": os.path.join(WORK, "target"), "CARGO_TERM_COLOR": "never"})


main()

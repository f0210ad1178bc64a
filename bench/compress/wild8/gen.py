#!/usr/bin/env python3
"""Builds the `wild8` corpus: a blind held-out set of LONG real outputs (200+ lines each), made to
measure the compressor's reduction where an agent's context is spent. Real packages from the
registries (sdists from PyPI: toolz, more-itertools, simplejson, python-dateutil, brotli's C
sources; crates from the cargo registry cache: data-encoding, heck, strsim; npm: markdown-it,
semver) are run through real tools (pytest -v / -rA, unittest -v, tox, mypy, pylint, flake8,
eslint, tsc, cargo clippy/build/test, make -j, cmake --build --verbose, ctest -V, npm install
--loglevel verbose, pip install -v, valgrind, strace -f, git log --stat, apt-get, nginx) after a
few bugs were put in them (PATCHES below), so that they fail or warn somewhere in the middle.
Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild8/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: SDIST_DIR with the unpacked sdists (`pip download --no-binary :all: --no-deps toolz
more-itertools simplejson python-dateutil brotli`), VENV_DIR with mypy pylint flake8 cmake pytest
tox, NPM_DIR with eslint@9 vitest, TSC_DIR with typescript, the cargo registry cache.
"""
import glob, json, os, shutil, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
SDIST = os.environ.get("SDIST_DIR", "/tmp/w8/src")
VENV = os.environ.get("VENV_DIR", "/tmp/w8venv")
NPM = os.environ.get("NPM_DIR", "/tmp/w6npm")
TSC = os.environ.get("TSC_DIR", "/tmp/w4npm")
CRATES = glob.glob(os.path.expanduser("~/.cargo/registry/src/*/"))[0]

# Bugs put into the real packages (file under WORK, old text, new text): each makes a few tests fail.
PATCHES = [
    ("toolz/toolz/itertoolz.py", "        d[item] += 1\n", "        d[item] = 1\n"),
    ("toolz/toolz/itertoolz.py", "        next(inposed)\n", "        pass\n"),
    ("toolz/toolz/dicttoolz.py", "            values[k](v)\n", "            values[k](v)\n            break\n"),
    ("mit/more_itertools/recipes.py", "    return chain(iterable, repeat(None))", "    return chain(iterable, repeat(0))"),
    ("mit/more_itertools/more.py", "    return sum(compress(repeat(1), zip(iterable)))",
     "    return sum(compress(repeat(1), zip(iterable))) - 1"),
    ("sj/simplejson/encoder.py", "                text = '-Infinity'", "                text = '-Inf'"),
    ("du/src/dateutil/easter.py", "            e = 10\n", "            e = 11\n"),
    ("strsim/src/lib.rs", "    let mut search_range = max(a_len, b_len) / 2;", "    let mut search_range = max(a_len, b_len) / 3;"),
    ("strsim/src/lib.rs", "prev_two_distances[j - 1] + 1);", "prev_two_distances[j - 1] + 2);"),
    ("heck/src/lib.rs", "            lowercase(&s[i..], f)?;", "            lowercase(s[i..], f)?;"),
    ("brotli/c/enc/histogram.c", "#include \"histogram.h\"", "#include \"histogram.h\"\nstatic int unused_table[4] = {1};\nvoid brotli_note(void) { undeclared_helper(3); }"),
]

# Bugs put into copies of Go's container packages (GOROOT_SRC/container, go 1.19).
GO_PATCHES = [
    ("gomod/list/list.go", "\tl.len--\n", "\tif l.len > 1 {\n\t\tl.len--\n\t}\n"),
    ("gomod/ring/ring.go", "\t\tn++\n", "\t\tn += 2\n"),
]


def copy(src, dst):
    shutil.copytree(src, os.path.join(WORK, dst), ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for src, dst in [("toolz-1.2.0", "toolz"), ("more_itertools-11.2.1", "mit"), ("simplejson-4.3.0", "sj"),
                     ("python_dateutil-4.0.0", "du"), ("brotli-1.2.1", "brotli")]:
        copy(os.path.join(SDIST, src), dst)
    for src, dst in [("data-encoding-2.11.1", "dataenc"), ("heck-0.5.0", "heck"), ("strsim-0.11.1", "strsim")]:
        copy(os.path.join(CRATES, src), dst)
    record.patch(WORK, PATCHES)
    for proj, files in fixtures.PROJECTS.items():
        record.write(WORK, proj, files)
    js = os.path.join(WORK, "js")
    os.symlink(os.path.join(NPM, "node_modules"), os.path.join(js, "node_modules"))
    shutil.copytree(os.path.join(NPM, "node_modules", "markdown-it", "lib"), os.path.join(WORK, "mdit", "lib"))
    goroot = os.environ.get("GOROOT_SRC", "/usr/lib/go/src")
    for pkg in ("list", "ring", "heap"):
        shutil.copytree(os.path.join(goroot, "container", pkg), os.path.join(WORK, "gomod", pkg))
    open(os.path.join(WORK, "gomod", "go.mod"), "w").write("module example.com/containers\n\ngo 1.19\n")
    for rel, old, new in GO_PATCHES:
        p = os.path.join(WORK, rel)
        text = open(p).read()
        assert old in text, (rel, old)
        open(p, "w").write(text.replace(old, new, 1))
    os.chmod(WORK, 0o755)
    return WORK


PATH_DIRS = [os.path.join(NPM, "node_modules/.bin"), os.path.join(VENV, "bin"), os.path.join(TSC, "node_modules/.bin")]


def main():
    setup()
    here = os.path.dirname(os.path.abspath(__file__))
    record.record(WORK, OUT, FILTER, record.scenarios(here), PATH_DIRS, timeout=400,
                  extra_env={"CARGO_TARGET_DIR": os.path.join(WORK, "rs-target"), "CARGO_TERM_COLOR": "never",
                             "VENV": VENV})


main()

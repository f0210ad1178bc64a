#!/usr/bin/env python3
"""Builds the `wild9` corpus: a held-out set of LONG real outputs (200+ lines each) from tools or
modes that no earlier set holds, recorded to measure, without tuning, whether the classes added
for `wild8` generalise. Real packages from the registries (sdists from PyPI: toolz,
more-itertools, simplejson, python-dateutil, brotli's C sources; Go's `container/*`) and small
fixtures (`fixtures.py`) are run through pytest --durations=0 / --tb=native / --doctest-modules,
mypy --pretty, flake8 --show-source, pylint --reports=y, gdb's `thread apply all bt full`, go
build -gcflags=-m=2, gcc -Wpadded, python -m cProfile, python -X importtime and python -m
compileall, after a few bugs were put in them (PATCHES, those of wild8; a type error in a Go
file, a syntax error in a Python one), so that they fail or warn somewhere in the middle. Each
run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild9/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: SDIST_DIR with the unpacked sdists (as wild8's gen.py), VENV_DIR with mypy flake8 pylint
pytest, gcc, gdb, go (GOROOT_SRC: Go's sources).
"""
import os, shutil, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
SDIST = os.environ.get("SDIST_DIR", "/tmp/w8/src")
VENV = os.environ.get("VENV_DIR", "/tmp/w8venv")

# Bugs put into the real packages (file under WORK, old text, new text): wild8's, so that tests fail.
PATCHES = [
    ("toolz/toolz/itertoolz.py", "        d[item] += 1\n", "        d[item] = 1\n"),
    ("toolz/toolz/itertoolz.py", "        next(inposed)\n", "        pass\n"),
    ("toolz/toolz/dicttoolz.py", "            values[k](v)\n", "            values[k](v)\n            break\n"),
    ("mit/more_itertools/recipes.py", "    return chain(iterable, repeat(None))", "    return chain(iterable, repeat(0))"),
    ("mit/more_itertools/more.py", "    return sum(compress(repeat(1), zip(iterable)))",
     "    return sum(compress(repeat(1), zip(iterable))) - 1"),
    ("sj/simplejson/encoder.py", "                text = '-Infinity'", "                text = '-Inf'"),
    ("du/src/dateutil/easter.py", "            e = 10\n", "            e = 11\n"),
    ("brotli/c/enc/histogram.c", "#include \"histogram.h\"", "#include \"histogram.h\"\nstatic int unused_table[4] = {1};\nvoid brotli_note(void) { undeclared_helper(3); }"),
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
    record.patch(WORK, PATCHES)
    goroot = os.environ.get("GOROOT_SRC", "/usr/lib/go/src")
    for pkg in ("list", "ring", "heap"):
        shutil.copytree(os.path.join(goroot, "container", pkg), os.path.join(WORK, "goesc", pkg))
    for proj, files in fixtures.PROJECTS.items():
        record.write(WORK, proj, files)
    os.chmod(WORK, 0o755)
    return WORK


PATH_DIRS = [os.path.join(VENV, "bin")]


def main():
    setup()
    here = os.path.dirname(os.path.abspath(__file__))
    record.record(WORK, OUT, FILTER, record.scenarios(here), PATH_DIRS, timeout=400,
                  extra_env={"VENV": VENV})


main()

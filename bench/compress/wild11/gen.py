#!/usr/bin/env python3
"""Builds the `wild11` corpus: a blind set of real outputs (most of them 200+ lines) from tools or
modes that no earlier set holds, recorded before the compressor saw any of it. Real inputs of this
machine (gawk's example programs, the Perl modules of /usr/share/perl5, brotli's C sources from
the sdist of wild8, Python 3.12 and 3.13's standard libraries, the sdists of wild8 packed again,
wheels of pip's cache, Debian's shared libraries, changelogs and package lists, Go's
`container/*`) and one C++ fixture (`fixtures.py`) are run through gawk --lint, perl -W -c, the
linker, make -d, g++, bash -x, diff -ru, find -ls, tar -tvzf, unzip -t, nm -D, iconv, ctags -x,
dpkg -L, gcc -H, groff -ww and pytest -x --lf, with a fault put in the middle of each run (a missing file, a truncated
archive, a flipped byte, an undeclared name) so that they fail or warn somewhere in the middle.
Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild11/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: SDIST_DIR with the unpacked sdists (as wild8's gen.py), WHEEL_DIR (pip's wheel cache with
flit_core 4.2.0, pluggy 1.7.0, hatch_vcs 0.5.0, setuptools 84.2.1), pyenv's Python 3.12.1 and 3.13.0 (the paths in
scenarios.tsv), VENV_DIR: a venv with pytest (wild10's), gcc, g++, make, gawk, perl, nm, iconv, universal-ctags, dpkg, tar, unzip, groff.
"""
import glob, os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
SDIST = os.environ.get("SDIST_DIR", "/tmp/w8/src")
VENV = os.environ.get("VENV_DIR", "/tmp/w10venv")
WHEELS = os.environ.get("WHEEL_DIR", os.path.expanduser("~/.cache/pip/wheels"))

# Faults put into the real sources (file under WORK, old text, new text).
PATCHES = [
    ("brotli/c/dec/state.c", "#include \"state.h\"", "#include \"state.h\"\nstatic const int kStateLimit = BROTLI_STATE_MAX;"),
]

TOOLZ_BUGS = [
    ("toolz/itertoolz.py", "        d[item] += 1\n", "        d[item] = 1\n"),
    ("toolz/dicttoolz.py", "            values[k](v)\n", "            values[k](v)\n            break\n"),
]


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def wheel(name):
    found = sorted(glob.glob(os.path.join(WHEELS, "**", name + "-*.whl"), recursive=True))
    assert found, name
    return found[0]


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    shutil.copytree(os.path.join(SDIST, "brotli-1.2.1"), os.path.join(WORK, "brotli"))
    record.patch(WORK, PATCHES)
    for proj, files in fixtures.PROJECTS.items():
        record.write(WORK, proj, files)
    # the linker's input: the encoder, common code and the command-line tool, not the decoder
    run("mkdir -p ldobj && for f in c/enc/*.c c/common/*.c c/tools/brotli.c; do "
        "gcc -O1 -Ic/include -c $f -o ldobj/$(basename $f .c).o; done", "brotli")
    os.makedirs(os.path.join(WORK, "tars"))
    run(f"tar -czf tars/more_itertools.tar.gz -C {SDIST} more_itertools-11.2.1 && "
        f"tar -czf tars/toolz.tar.gz -C {SDIST} toolz-1.2.0 && "
        f"tar -czf tars/zstandard.tar.gz -C {SDIST} zstandard-0.25.0 && "
        f"tar -czf /tmp/w11-du.tar.gz -C {SDIST} python_dateutil-4.0.0 && "
        "head -c $(( $(stat -c %s /tmp/w11-du.tar.gz) * 3 / 5 )) /tmp/w11-du.tar.gz > tars/dateutil_cut.tar.gz && "
        "rm /tmp/w11-du.tar.gz")
    os.makedirs(os.path.join(WORK, "whl"))
    shutil.copy(wheel("flit_core"), os.path.join(WORK, "whl", "flit_core.whl"))
    shutil.copy(wheel("hatch_vcs"), os.path.join(WORK, "whl", "hatch_vcs.whl"))
    shutil.copy(wheel("setuptools"), os.path.join(WORK, "whl", "setuptools.whl"))
    bad = bytearray(open(wheel("pluggy"), "rb").read())
    for off in range(len(bad) // 3, len(bad) // 3 + 4000, 1000):   # four flipped bytes, a third in
        bad[off] ^= 0x5A
    open(os.path.join(WORK, "whl", "pluggy_flipped.whl"), "wb").write(bytes(bad))
    os.makedirs(os.path.join(WORK, "man"))
    run("for m in pgbench llvm-mca clang; do zcat /usr/share/man/man1/$m.1.gz > man/$m.1; done")
    # toolz with two bugs; a first run (not recorded) leaves pytest's cache of the failed tests
    shutil.copytree(os.path.join(SDIST, "toolz-1.2.0"), os.path.join(WORK, "toolz"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for rel, old, new in TOOLZ_BUGS:
        p = os.path.join(WORK, "toolz", rel)
        text = open(p).read()
        assert old in text, (rel, old)
        open(p, "w").write(text.replace(old, new, 1))
    subprocess.run([os.path.join(VENV, "bin", "pytest"), "-q", "toolz/tests"], cwd=os.path.join(WORK, "toolz"),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin")], timeout=300)


main()

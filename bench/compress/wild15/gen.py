#!/usr/bin/env python3
"""Builds the `wild15` corpus: a blind set of real outputs of language toolchains and build tools
that no earlier set holds, recorded before the compressor saw any of it. Real inputs of this
machine (Octave's own m-files and their tests, R's data sets, the headers of /usr/include,
/etc/services, dateutil's documentation and simplejson's tests of wild8's sdists) and small
fixtures (`fixtures.py`) are run through R CMD check, Rscript, octave, groovy, valac, gdc,
gnatmake, mcs/mono, swig, zig, pytest --doctest-glob and python -X dev -W error, with a fault put
in the middle of each run (a changed m-file, a misspelt member, a wrong index, a failing test) so
that they fail or warn somewhere in the middle. Each run's merged stdout+stderr is recorded
unedited (`../blind/record.py`).

    python3 bench/compress/wild15/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: SDIST_DIR with the unpacked sdists (as wild8's gen.py: python-dateutil, simplejson);
Debian's r-base-core, octave, groovy, valac + libglib2.0-dev, gdc, gnat, mono-mcs + mono-runtime,
swig; ZIG_PYTHON, a Python with PyPI's ziglang (run as `python -m ziglang`, default
/tmp/cw16venv/bin/python), pytest.
"""
import glob, os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as fx
import record

WORK, OUT, FILTER = record.args()
SDIST = os.environ.get("SDIST_DIR", "/tmp/w8/src")
OCTAVE_M = glob.glob("/usr/share/octave/*/m")[0]
ZIG_PY = os.environ.get("ZIG_PYTHON", "/tmp/cw16venv/bin/python")


def sub(path, old, new):
    """Puts a fault in: the first OLD of WORK/path becomes NEW (OLD must be there)."""
    record.patch(WORK, [(path, old, new)])


def run(cmd, cwd):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    # a `zig` on PATH (PyPI's ziglang)
    record.write(WORK, "bin", {"zig": f'#!/bin/sh\nexec {ZIG_PY} -m ziglang "$@"\n'})
    os.chmod(os.path.join(WORK, "bin", "zig"), 0o755)
    record.write(WORK, "r", {"ledgr/DESCRIPTION": fx.R_DESCRIPTION, "ledgr/NAMESPACE": fx.R_NAMESPACE,
                             "ledgr/LICENSE": "YEAR: 2026\nCOPYRIGHT HOLDER: Ledger\n",
                             "ledgr/R/ledger.R": fx.R_CODE, "ledgr/man/balance.Rd": fx.R_RD_BALANCE,
                             "ledgr/man/accrue.Rd": fx.R_RD_ACCRUE, "ledgr/tests/run.R": fx.R_TEST,
                             "stats.R": fx.R_SCRIPT})
    # R CMD INSTALL: a copy of the package with C code (a statement without its semicolon)
    shutil.copytree(os.path.join(WORK, "r", "ledgr"), os.path.join(WORK, "r", "ledgrc"))
    record.write(WORK, "r", {"ledgrc/src/cents.c": fx.R_C_CODE})
    sub("r/ledgrc/NAMESPACE", "export(balance)", "useDynLib(ledgrc)\nexport(balance)")
    sub("r/ledgrc/DESCRIPTION", "Package: ledgr", "Package: ledgrc")
    # octave: four of Octave's own m-file folders with two functions changed (fliplr flips the
    # wrong dimension; strsplit negates every parameter it is given)
    for d in ("strings", "set", "polynomial", "general", "linear-algebra", "miscellaneous"):
        shutil.copytree(os.path.join(OCTAVE_M, d), os.path.join(WORK, "oct", d))
    sub("oct/general/fliplr.m", "  y = flip (x, 2);", "  y = flip (x, 1);")
    sub("oct/strings/strsplit.m", "args.(tolower (params{n})) = params{n+1};",
        "args.(tolower (params{n})) = ~params{n+1};")
    record.write(WORK, "oct", {"ledger.m": fx.OCTAVE_SCRIPT})
    record.write(WORK, "groovy", {"ledger.groovy": fx.GROOVY_LEDGER, "broken.groovy": fx.GROOVY_BROKEN})
    record.write(WORK, "vala", {"ledger.vala": fx.VALA_CODE})
    record.write(WORK, "d", {"ledger.d": fx.D_CODE, "broken.d": fx.D_BROKEN})
    record.write(WORK, "ada", {"main.adb": fx.ADA_MAIN, "ledger.ads": fx.ADA_SPEC, "ledger.adb": fx.ADA_BODY,
                               "broken.adb": fx.ADA_BROKEN})
    record.write(WORK, "cs", {"ledger.cs": fx.CS_CODE, "broken.cs": fx.CS_BROKEN})
    os.makedirs(os.path.join(WORK, "cs", "trace"))
    run("mcs -debug -out:trace/ledger.exe ledger.cs", "cs")
    record.write(WORK, "groovy", {"src/ledger/Totals.groovy": fx.GROOVY_REPORT})
    # swig: an interface for each of the first 64 headers of /usr/include
    hs = sorted(glob.glob("/usr/include/*.h"))[:64]
    os.makedirs(os.path.join(WORK, "swig"))
    names = []
    for h in hs:
        b = os.path.basename(h)[:-2]
        names.append(b)
        open(os.path.join(WORK, "swig", b + ".i"), "w").write(f'%module {b.replace("-", "_")}\n%include "{h}"\n')
    open(os.path.join(WORK, "swig", "list.txt"), "w").write("\n".join(names) + "\n")
    record.write(WORK, "zig", {"ledger_test.zig": fx.ZIG_TESTS, "panic.zig": fx.ZIG_PANIC, "broken.zig": fx.ZIG_BROKEN})
    record.write(WORK, "zigb", {"build.zig": fx.ZIG_BUILD, "ledger_test.zig": fx.ZIG_TESTS, "panic.zig": fx.ZIG_PANIC})
    # pytest --doctest-glob: dateutil's documentation (its examples) and a Markdown page
    shutil.copytree(os.path.join(SDIST, "python_dateutil-4.0.0"), os.path.join(WORK, "dateutil"))
    record.write(WORK, "dateutil", {"ledger.md": fx.MD_DOC})
    # python -X dev -W error: a script leaking a file and a process; simplejson's tests
    os.makedirs(os.path.join(WORK, "py"))
    shutil.copytree(os.path.join(SDIST, "simplejson-4.3.0", "simplejson"), os.path.join(WORK, "py", "simplejson"))
    record.write(WORK, "py", {"dev.py": fx.PY_DEV})
    sub("py/simplejson/decoder.py", "raise JSONDecodeError('Expecting value', s, idx)",
        "raise JSONDecodeError('Expected value', s, idx)")
    # perl: a small CPAN-style dist (ExtUtils::MakeMaker) whose tests fail
    record.write(WORK, "perl", {"Makefile.PL": fx.PERL_MAKEFILE_PL, "lib/Ledger/Cents.pm": fx.PERL_MODULE,
                                "t/basic.t": fx.PERL_T_BASIC, "t/share.t": fx.PERL_T_SHARE})
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(WORK, "bin")], timeout=300,
                  extra_env={"PYTHONPATH": os.path.join(WORK, "dateutil", "src")})


main()

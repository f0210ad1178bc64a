#!/usr/bin/env python3
"""Builds the `wild29` corpus: a blind set of real outputs (most of them 200+ lines) of C/C++
build and analysis tools, documentation tools and scientific data tools no earlier set holds,
recorded before the compressor saw any of it. Fixtures (`fixtures.py`) are run through ccache,
bear, autoreconf, an automake `make check` harness, libtool, uncrustify, vera++, abidiff,
premake4, conan, gcovr, llvm-profdata/llvm-cov, valgrind massif with ms_print, xgettext, f2py,
lualatex, bibtex, makeindex, xmlto, pdoc, nbval, cdo, nco (ncks/ncap2/ncra) and cs2cs, with faults
put in the middle of each run (a source that does not compile, a failing test, a corrupt profile,
a leaking allocation, a removed function, a broken premake script, a missing citation and an
undefined control sequence, an invalid DocBook element, a module that fails to import, a notebook
cell that raises, a bad variable name, out-of-range coordinates). Each run's merged stdout+stderr
is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild29/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): gcc, gfortran, make, cmake, ccache, bear, autoconf, automake, libtool,
uncrustify, vera++, abigail-tools, premake4, clang with libclang-rt-14-dev and llvm, valgrind,
gettext, texlive (lualatex, bibtex, makeindex), xmlto, cdo, nco, netcdf-bin, proj-bin; and a
virtual environment (VENV, default /tmp/cw33-venv) with gcovr, pdoc, nbval, ipykernel, numpy
(f2py with its distutils backend) and conan from PyPI.
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/cw33-venv")


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def write(proj, files, subst_root=False):
    return record.write(WORK, proj, files, subst_root)


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for proj in ("ccache", "bear", "gcov", "style", "gettext"):
        write(proj, F.c_project())
    write("premake", F.c_project(broken="", warn=("charlie",)))
    write("premake", {"premake4.lua": F.PREMAKE, "broken/premake4.lua": F.PREMAKE_BROKEN})
    write("auto", F.autotools_project())
    os.makedirs(os.path.join(WORK, "auto", "m4"))
    run("chmod +x tests/*.sh", "auto")
    # two builds of one library for abidiff: v2 drops a function, changes a signature and a struct
    write("abi", {"v1.c": F.ABI_V1, "v2.c": F.ABI_V2, "calc.h": ""})
    run("gcc -g -shared -fPIC v1.c -o libcalc.so.1 && gcc -g -shared -fPIC v2.c -o libcalc.so.2", "abi")
    write("tex", F.latex_report())
    write("docbook", F.docbook_manual())
    write("pdoc", F.pdoc_package())
    write("nb", F.notebooks())
    write("geo", {"points.txt": F.coords()})
    write("nc", {"temps.cdl": F.temps_cdl()})
    run("ncgen -o temps.nc temps.cdl && ncgen -o temps_copy.nc temps.cdl", "nc")
    write("massif", {"grow.c": F.GROW})
    write("llvmcov", F.c_project())
    write("f2py", {"series.f90": F.F2PY_GOOD, "stats.f90": F.F2PY_BAD})
    write("conan/good", F.conan_project(False))
    write("conan/broken", F.conan_project(True))
    os.makedirs(os.path.join(WORK, "home"))


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin")], timeout=300,
                  extra_env={"HOME": os.path.join(WORK, "home"), "CCACHE_DIR": os.path.join(WORK, "home", "ccache")})


main()

#!/usr/bin/env python3
"""Builds the `wild18` corpus: a blind set of real outputs (most of them 200+ lines) of language
toolchains, analyzers, solvers and test runners no earlier set holds, recorded before the
compressor saw any of it. Small fixtures (`fixtures.py`) are run through minisat, picosat,
cadical, googletest, Catch2, cmocka, Check, include-what-you-use, cvc5, clingo, CHICKEN's csc,
Chez Scheme, GNU Prolog's gplc, ECL, Poly/ML, ghc, cfn-lint, semgrep, jupyter nbconvert and
pre-commit, with faults put in the middle of each run (a corrupt DIMACS clause, failing test
cases, a type error, an undeclared symbol, a syntax error, a misspelt property, a failing hook)
so that they fail or warn somewhere in the middle. Each run's merged stdout+stderr is recorded
unedited (`../blind/record.py`).

    python3 bench/compress/wild18/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12, `apt-get install --no-install-recommends`): minisat, picosat, cadical,
libgtest-dev, catch2, libcmocka-dev, check, iwyu, chicken-bin, chezscheme, gprolog, ecl, polyml,
ghc, cvc5, gringo (its `clingo`), pkg-config, g++; (PyPI) cfn-lint, semgrep, nbconvert,
ipykernel, pre-commit. The set was recorded in three runs of this script (the first run's
`cvc5`/`clingo` were missing, and the C test suites, iwyu, csc and Chez runs were lengthened
after it), merged into one `sources.json`.
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()


def write(proj, files):
    return record.write(WORK, proj, files)


def sat():
    write("sat", {"sat1.cnf": F.random_3sat(150, 600, 1), "sat2.cnf": F.random_3sat(250, 1050, 2),
                  "php7.cnf": F.pigeonhole(7), "bad.cnf": F.corrupt_cnf(), "sat3.cnf": F.random_3sat(300, 1250, 3),
                  "php8.cnf": F.pigeonhole(8)})


def tests():
    write("cxx", {"ledger_test.cc": F.gtest_suite(), "series_test.cc": F.catch2_suite()})
    write("c", {"clamp_test.c": F.cmocka_suite(), "arith_test.c": F.check_suite()})
    write("iwyu", F.iwyu_sources())


def logic():
    write("smt", {"problems.smt2": F.smt_problems()})
    write("asp", {"rota.lp": F.ASP_ROTA, "short.lp": F.ASP_SHORT, "bad.lp": F.ASP_BAD, "warn.lp": F.ASP_WARN})


def langs():
    write("chicken", F.scheme_modules())
    write("chez", {"tests.ss": F.CHEZ_TESTS})
    write("pl", F.prolog_programs())
    write("ecl", F.lisp_sources())
    write("sml", F.sml_sources())


def configs():
    write("cfn", F.cfn_templates())
    write("hs", F.haskell_project())
    write("sg", F.semgrep_project())
    write("nb", F.notebook())
    write("hooks", F.precommit_repo())
    subprocess.run(["bash", "-c", "git init -q && git add -A"], cwd=os.path.join(WORK, "hooks"), check=True)


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    sat()
    tests()
    logic()
    langs()
    configs()
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=300,
                  extra_env={"PRE_COMMIT_HOME": os.path.join(WORK, ".pre-commit-cache")})


main()

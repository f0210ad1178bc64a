#!/usr/bin/env python3
"""Builds the `wild3` corpus: a blind held-out set of real outputs of tools that the `wild`,
`wild2` and `corpus` sets do not have (sqlfluff, vulture, pydocstyle, codespell, sphinx, mkdocs,
behave, nose2, robot, scons, jasmine, ava, jshint, htmlhint, luacheck, shfmt, nasm, bison,
doxygen, gawk, erlc/escript, perf, ltrace).
Each run's merged stdout+stderr is recorded unedited.

    python3 bench/compress/wild3/gen.py WORKDIR OUTDIR [NAME_FILTER]

Scenarios (name, tool, fixture project, command) are the lines of scenarios.tsv next to this file;
fixture projects are in fixtures.py. OUTDIR gets logs/NAME.log and sources.json (tool, command,
exit status per file). Labels are written by hand afterwards (README.md of the corpus).
"""
import json, os, shutil, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
NPM = os.environ.get("NPM_DIR", "/tmp/w3npm")  # npm project with jasmine, ava, jshint, htmlhint
VENV = os.environ.get("VENV_DIR", "/tmp/w3venv")  # venv with sqlfluff, vulture, pydocstyle, codespell, sphinx, mkdocs, behave, nose2, robotframework, scons


def write(proj, files):
    return record.write(WORK, proj, files, subst_root=proj == "servers")


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for proj, files in [("sql", fixtures.SQL), ("py", fixtures.PY), ("sphinx", fixtures.SPHINX),
                        ("mkdocs", fixtures.MKDOCS), ("behave", fixtures.BEHAVE), ("nose", fixtures.NOSE),
                        ("robot", fixtures.ROBOT), ("scons", fixtures.SCONS), ("sconsok", fixtures.SCONS_OK),
                        ("js", fixtures.JS), ("lua", fixtures.LUA), ("sh", fixtures.SH), ("asm", fixtures.ASM),
                        ("bison", fixtures.BISON), ("doxy", fixtures.DOXY), ("awk", fixtures.AWK),
                        ("erl", fixtures.ERL), ("c", fixtures.C),
                        ("sqlbig", fixtures.SQL_BIG), ("sconsbig", fixtures.SCONS_BIG),
                        ("ltrace", fixtures.LTRACE), ("robotbig", fixtures.ROBOT_BIG)]:
        write(proj, files)
    js = os.path.join(WORK, "js")
    os.symlink(os.path.join(NPM, "node_modules"), os.path.join(js, "node_modules"))
    with open(os.path.join(js, "package.json"), "w") as f:
        json.dump({"name": "js", "version": "1.0.0"}, f)
    return WORK


PATH_DIRS = [os.path.join(NPM, "node_modules/.bin"), os.path.join(VENV, "bin")]


def main():
    setup()
    here = os.path.dirname(os.path.abspath(__file__))
    record.record(WORK, OUT, FILTER, record.scenarios(here), PATH_DIRS)


main()

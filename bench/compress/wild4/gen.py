#!/usr/bin/env python3
"""Builds the `wild4` corpus: a blind held-out set of real outputs of tools that the `wild`,
`wild2`, `wild3` and `corpus` sets do not have (mix/ExUnit, ant/JUnit, checkstyle, xmllint, tidy,
gcov, lcov, hyperfine, cloc, stress-ng, fio, named-checkzone/-checkconf, logrotate, iverilog/vvp,
mercurial, flawfinder, clang-format, lighttpd, graphviz dot, nim, cobc, sbcl, pyright, node-tap,
biome, sass, solcjs, cucumber-js, cspell, html-validate, webpack, ansible-playbook, radon,
proselint). Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild4/gen.py WORKDIR OUTDIR [NAME_FILTER]

Scenarios (name, tool, fixture project, command) are the lines of scenarios.tsv next to this file;
fixture projects are in fixtures.py. OUTDIR gets logs/NAME.log and sources.json (tool, command,
exit status per file). Labels are written by hand afterwards (README.md of the corpus).
"""
import json, os, shutil, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
NPM = os.environ.get("NPM_DIR", "/tmp/w4npm")  # npm project: pyright tap @biomejs/biome sass solc @cucumber/cucumber cspell html-validate webpack webpack-cli
VENV = os.environ.get("VENV_DIR", "/tmp/w4venv")  # venv: ansible-core radon proselint
# Debian: elixir ant junit4 checkstyle libxml2-utils tidy lcov hyperfine cloc stress-ng bind9-utils
# logrotate iverilog mercurial flawfinder clang-format lighttpd graphviz nim gnucobol sbcl fio


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for proj, files in [("mix", fixtures.MIX), ("mixbad", fixtures.MIX_BAD), ("ant", fixtures.ANT),
                        ("antbad", fixtures.ANT_BAD), ("checkstyle", fixtures.CHECKSTYLE), ("xml", fixtures.XML),
                        ("html", fixtures.HTML), ("cov", fixtures.C_COV), ("dns", fixtures.DNS),
                        ("logrot", fixtures.LOGROTATE), ("verilog", fixtures.VERILOG), ("nim", fixtures.NIM),
                        ("cobol", fixtures.COBOL), ("lisp", fixtures.LISP), ("pyr", fixtures.TS), ("js", fixtures.JS),
                        ("ansible", fixtures.ANSIBLE), ("pycx", fixtures.PYCX), ("web", fixtures.LIGHTTPD),
                        ("dot", fixtures.DOT), ("mixbig", fixtures.mix_big()),
                        ("checkstylebig", fixtures.checkstyle_big())]:
        record.write(WORK, proj, files, subst_root=proj in ("logrot", "ansible", "web", "dns"))
    os.makedirs(os.path.join(WORK, "hg"))
    with open(os.path.join(WORK, "hg", "setup.sh"), "w") as f:
        f.write(fixtures.HG_SCRIPT)
    js = os.path.join(WORK, "js")
    os.symlink(os.path.join(NPM, "node_modules"), os.path.join(js, "node_modules"))
    with open(os.path.join(js, "package.json"), "w") as f:
        json.dump({"name": "js", "version": "1.0.0", "type": "module"}, f)
    return WORK


PATH_DIRS = [os.path.join(NPM, "node_modules/.bin"), os.path.join(VENV, "bin")]


def main():
    setup()
    here = os.path.dirname(os.path.abspath(__file__))
    record.record(WORK, OUT, FILTER, record.scenarios(here), PATH_DIRS,
                  extra_env={"HGMERGE": "internal:merge", "ANSIBLE_NOCOLOR": "1", "ANSIBLE_FORCE_COLOR": "0"})


main()

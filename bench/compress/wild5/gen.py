#!/usr/bin/env python3
"""Builds the `wild5` corpus: a blind held-out set of real outputs of tools that the `wild`,
`wild2`, `wild3`, `wild4` and `corpus` sets do not have (pyflakes, yapf, autopep8, interrogate,
xenon, doc8, rstcheck, djlint, check-jsonschema, bashate, cython, cpplint, splint, sparse, tcc,
gprof, yasm, flex, swipl, guile, gforth, clisp, fpc, svn, unbound-checkconf, dnsmasq,
systemd-analyze, chktex, mandoc, hunspell, aspell, xmlstarlet, xsltproc, glpsol, gnuplot, z3, qpdf,
pngcheck, iostat, mpstat, pidstat, ab, iperf3, memcached, standard, lessc, stylus, tape, qunit,
jscpd, remark, textlint, alex, write-good, ajv, jsonlint, coffee, c8). Each run's merged
stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild5/gen.py WORKDIR OUTDIR [NAME_FILTER]

Scenarios (name, tool, fixture project, command) are the lines of scenarios.tsv next to this file;
fixture projects are in fixtures.py. OUTDIR gets logs/NAME.log and sources.json (tool, command,
exit status per file). Labels are written by hand afterwards (README.md of the corpus).
"""
import json, os, shutil, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
NPM = os.environ.get("NPM_DIR", "/tmp/w5npm")  # npm project: standard less stylus tape qunit jscpd remark-cli
# remark-preset-lint-recommended textlint textlint-rule-no-todo alex write-good ajv-cli jsonlint coffeescript c8
VENV = os.environ.get("VENV_DIR", "/tmp/w5venv")  # venv: pyflakes cpplint doc8 rstcheck yapf autopep8
# interrogate xenon check-jsonschema cython djlint bashate
# Debian: xmlstarlet xsltproc hunspell hunspell-en-us aspell aspell-en mandoc sysstat iperf3 qpdf splint
# sparse tcc yasm flex swi-prolog-nox guile-3.0 gforth subversion unbound dnsmasq-base pngcheck
# glpk-utils clisp gnuplot-nox z3 memcached chktex fp-compiler apache2-utils


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for proj, files in [("py", fixtures.PY), ("cpp", fixtures.CPP), ("c", fixtures.C), ("asm", fixtures.ASM),
                        ("prolog", fixtures.PROLOG), ("conf", fixtures.CONF), ("docs", fixtures.DOCS),
                        ("js", fixtures.JS)]:
        record.write(WORK, proj, files, subst_root=proj == "conf")
    os.makedirs(os.path.join(WORK, "svn"))
    with open(os.path.join(WORK, "svn", "setup.sh"), "w") as f:
        f.write(fixtures.SVN_SCRIPT)
    js = os.path.join(WORK, "js")
    os.symlink(os.path.join(NPM, "node_modules"), os.path.join(js, "node_modules"))
    with open(os.path.join(js, "package.json"), "w") as f:
        json.dump({"name": "cart", "version": "1.0.0"}, f)
    # Real public packages from the registries as inputs: copied from the venv and the npm project.
    site = os.path.join(WORK, "site")
    os.makedirs(site)
    sp = [os.path.join(VENV, "lib", d, "site-packages") for d in os.listdir(os.path.join(VENV, "lib"))][0]
    shutil.copy(os.path.join(sp, "cpplint.py"), site)
    shutil.copy(os.path.join(sp, "autopep8.py"), site)
    for pkg in ("doc8", "bashate"):
        shutil.copytree(os.path.join(sp, pkg), os.path.join(site, pkg))
    shutil.copytree(os.path.join(NPM, "node_modules", "tape", "lib"), os.path.join(site, "tapelib"))
    shutil.copy(os.path.join(NPM, "node_modules", "tape", "readme.markdown"), os.path.join(site, "tape.md"))
    return WORK


PATH_DIRS = [os.path.join(NPM, "node_modules/.bin"), os.path.join(VENV, "bin")]


def main():
    setup()
    here = os.path.dirname(os.path.abspath(__file__))
    record.record(WORK, OUT, FILTER, record.scenarios(here), PATH_DIRS, timeout=60)


main()

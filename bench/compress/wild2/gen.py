#!/usr/bin/env python3
"""Builds the `wild2` corpus: a blind held-out set of real outputs of tools that the `wild` and
`corpus` sets do not have (ruby, php, perl prove, gfortran, clang and its sanitizers, meson,
autotools, ocaml, tox/nox/coverage/hypothesis, django/flask/uvicorn/gunicorn, front-end build and
lint tools, apache2/haproxy, network and binutils tools, ps/top/vmstat, sqlite3, tclsh...).
Each run's merged stdout+stderr is recorded unedited.

    python3 bench/compress/wild2/gen.py WORKDIR OUTDIR [NAME_FILTER]

Scenarios (name, tool, fixture project, command) are the lines of scenarios.tsv next to this file;
fixture projects are in fixtures.py. OUTDIR gets logs/NAME.log and sources.json (tool, command,
exit status per file). Labels are written by hand afterwards (README.md of the corpus).
"""
import json, os, shutil, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
NPM = os.environ.get("NPM_DIR", "/tmp/cwild-npm")  # npm project with prettier, stylelint, markdownlint-cli, esbuild, rollup


def write(proj, files):
    return record.write(WORK, proj, files, subst_root=proj == "servers")


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for proj, files in [("rb", fixtures.RB), ("php", fixtures.PHP), ("perl", fixtures.PERL),
                        ("fortran", fixtures.FORTRAN), ("c", fixtures.C), ("meson", fixtures.MESON),
                        ("mesonbad", fixtures.MESON_BAD), ("mesonerr", fixtures.MESON_ERR),
                        ("auto", fixtures.AUTO), ("autook", fixtures.AUTO_OK), ("ocaml", fixtures.OCAML),
                        ("pylib", fixtures.PYLIB), ("web", fixtures.WEB), ("front", fixtures.FRONT),
                        ("servers", fixtures.SERVERS), ("misc", fixtures.MISC)]:
        write(proj, files)
    front = os.path.join(WORK, "front")
    os.symlink(os.path.join(NPM, "node_modules"), os.path.join(front, "node_modules"))
    with open(os.path.join(front, "package.json"), "w") as f:
        json.dump({"name": "front", "version": "1.0.0", "type": "module"}, f)
    with open(os.path.join(WORK, "pylib", "requirements-old.txt"), "w") as f:
        f.write("requests==2.19.0\nurllib3==1.24.1\njinja2==2.10\npyyaml==5.3\n")
    dj = os.path.join(WORK, "dj")
    os.makedirs(dj)
    sh = lambda c: subprocess.run(c, shell=True, cwd=dj, capture_output=True)
    sh("django-admin startproject shopsite . && python -m django startapp books")
    open(os.path.join(dj, "books", "models.py"), "w").write(fixtures.DJ_MODELS)
    open(os.path.join(dj, "books", "tests.py"), "w").write(fixtures.dj_tests())
    st = os.path.join(dj, "shopsite", "settings.py")
    s = open(st).read().replace("'django.contrib.staticfiles',", "'django.contrib.staticfiles',\n    'books',")
    open(st, "w").write(s)
    return WORK


PATH_DIRS = [os.path.join(NPM, "node_modules/.bin")]


def main():
    setup()
    here = os.path.dirname(os.path.abspath(__file__))
    record.record(WORK, OUT, FILTER, record.scenarios(here), PATH_DIRS)


main()

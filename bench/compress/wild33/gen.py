#!/usr/bin/env python3
"""Builds the `wild33` corpus: a blind set of real outputs (most of them 200+ lines) of the very
tools issue 16 names (ruff, valgrind, vitest, eslint, PostgreSQL, syslog, wget, pip, cargo test)
in modes and situations no earlier set recorded, made before the compressor saw any of it: ruff's
json-lines and rdjson formats, `--fix --unsafe-fixes` with the remaining findings in full format,
full format with `--select ALL` over a real package; valgrind memcheck with `--xml=yes
--xml-fd=1`, with `--gen-suppressions=all` and a suppressions file, and `--trace-children=yes`
over a supervisor whose workers fault (one dies of SIGSEGV); vitest's json and github-actions
reporters and a run with a failing beforeAll, a timeout, a throwing afterEach and a file that does
not load; eslint stylish over many files with --max-warnings exceeded, the html formatter and
--debug; PostgreSQL 15 logs with a pgbadger-style prefix (connection limit, failing COPY,
statement timeout, lock waits, failing archive_command) and a crash-restart cycle twice with
verbose errors; a syslog file written by syslog-ng from PostgreSQL and PAM; wget -i with
retries then --timestamping, --mirror with a quota; pip hash-checking mode and pip wheel of eight
projects (an in-tree backend and a setup.py failing); cargo test with RUST_BACKTRACE=full (thread
panics, a should_panic mismatch, a stack overflow aborting a binary) and -q runs; wpt-runner (the
web-platform-tests runner on jsdom) over 16 testharness.js files. Faults sit in
the middle of each run. Servers listen on 127.0.0.1 only. Each run's merged stdout+stderr is
recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild33/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12, as root: syslog_postgres makes /dev/log for its run and removes it; it refuses
to run when one exists): valgrind, gcc, postgresql-15, syslog-ng, sudo, wget, node 20, cargo;
the virtual environment VENV (default /tmp/cmain30-venv: ruff 0.17.6, pip 23.2.1, setuptools,
poetry-core, packaging) and the npm folder NPM (default /tmp/cmain30-npm: eslint 9, vitest 4) of
wild30; the npm folder WPT_NPM (default /tmp/cnamed33-npm) with wpt-runner 7.0.0 (run through its
programmatic API: its command-line entry needs node 22). pip_hashes downloads six wheels from PyPI through pip itself.
"""
import os, shutil, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
sys.path.insert(0, os.path.join(here, "..", "wild30"))
import fixtures as F30  # wild30's Python and JavaScript fixtures
import record
sys.path.insert(0, here)
del sys.modules["fixtures"]
sys.path.remove(os.path.join(here, "..", "wild30"))
import fixtures as F
import servers as S

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/cmain30-venv")
NPM = os.environ.get("NPM", "/tmp/cmain30-npm")
WPT_NPM = os.environ.get("WPT_NPM", "/tmp/cnamed33-npm")
SITE = os.path.join(VENV, "lib", "python3.11", "site-packages")


def write(proj, files):
    return record.write(WORK, proj, files)


def js():
    files = {"package.json": '{"name": "shop", "type": "module", "private": true}\n',
             "eslint.config.js": F30.ESLINT_CONFIG}
    for i in range(16):
        files[f"src/m{i}.js"] = F30.js_src(i, bad=i % 3 == 1)
    for i in range(14):
        if i not in (2, 4, 5):
            files[f"test/m{i}.test.js"] = F.VITEST_OK % {"i": i}
    files["test/warehouse.test.js"] = F.VITEST_HOOKS
    files["test/shelving.test.js"] = F.VITEST_TIMEOUT
    files["test/prices.test.js"] = F.VITEST_NOLOAD
    root = write("js", files)
    os.symlink(os.path.join(NPM, "node_modules"), os.path.join(root, "node_modules"))
    src = os.path.join(NPM, "node_modules", "js-yaml", "lib")
    shutil.copytree(src, os.path.join(root, "vendor", "js-yaml"), ignore=shutil.ignore_patterns("*.mjs"))


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    root = write("py", F30.PY_FILES)
    shutil.copytree(os.path.join(SITE, "flit_core"), os.path.join(root, "flit"))
    write("c", {"batch.c": F.BATCH_C, "known.supp": F.BATCH_SUPP, "supervisor.c": F.SUPERVISOR_C,
                "worker.c": F.WORKER_C})
    js()
    write("pg", {"pg_limits.sh": S.PG_LIMITS, "pg_crash.sh": S.PG_CRASH, "syslog.sh": S.SYSLOG_RUN})
    write("web", dict(S.site(), **{"urls.txt": S.url_list(30180, 30199)}))
    write("pip", dict(F.pip_projects(), **{"hashes.sh": F.PIP_HASHES}))
    write("rs", F.cargo_ws())
    write("web", F.wpt_tests())
    os.makedirs(os.path.join(WORK, "home"))
    for r, dirs, files in os.walk(WORK):
        os.chmod(r, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin"), os.path.join(NPM, "node_modules", ".bin")],
                  timeout=400, extra_env={"HOME": os.path.join(WORK, "home"), "USER": "dev", "VENV": VENV, "WPT_NPM": WPT_NPM,
                                          "CARGO_TARGET_DIR": os.path.join(WORK, "rs-target"), "PIP_NO_CACHE_DIR": "1",
                                          "PIP_DISABLE_PIP_VERSION_CHECK": "1",
                                          "RUSTUP_HOME": os.environ.get("RUSTUP_HOME", "/root/.rustup"),
                                          "CARGO_HOME": os.environ.get("CARGO_HOME", "/root/.cargo")})


main()

#!/usr/bin/env python3
"""Builds the `wild30` corpus: a blind set of real outputs (most of them 200+ lines) of the very
tools issue 16 names (ruff, valgrind, vitest, eslint, PostgreSQL, wget, curl, pip, cargo test,
TAP runners) in modes, options and scenarios no earlier set recorded, made before the compressor
saw any of it: ruff's azure, junit, full --preview --show-fixes and --diff outputs; valgrind
memcheck on C++ with every leak kind, origins and fd tracking, callgrind + callgrind_annotate,
dhat; vitest's tap-flat reporter and a run with snapshot failures and an unhandled rejection;
eslint 9 flat config with the codeframe, tap and table formatters and --max-warnings 0; a
PostgreSQL 15 server log in jsonlog, csvlog and stderr with a custom log_line_prefix (auto_explain,
a deadlock, a killed backend and crash recovery); wget -r and --spider over a local site with
broken links; curl --trace-ascii and -w; pip building local projects whose hatchling, flit and
poetry-core backends fail, and a resolver conflict; cargo test in a workspace with
RUST_BACKTRACE=1 / full, --no-fail-fast, --nocapture and a failing doctest; prove --timer and
node --test's tap reporter. Faults sit in the middle of each run. Servers listen on 127.0.0.1
only. Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild30/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): valgrind, g++, postgresql-15 (with auto_explain), wget, curl, perl (prove),
node 20, cargo; a virtual environment (VENV, default /tmp/cmain30-venv) with ruff (0.17.6),
hatchling, flit_core, poetry-core and setuptools from PyPI; and an npm folder (NPM, default
/tmp/cmain30-npm) with eslint@9, vitest and eslint-formatter-{codeframe,tap,table} from npm.
pip_backends and pip_resolver reach PyPI through pip itself.
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/cmain30-venv")
NPM = os.environ.get("NPM", "/tmp/cmain30-npm")


def write(proj, files, subst_root=False):
    return record.write(WORK, proj, files, subst_root)


def js():
    files = {"package.json": '{"name": "lab", "type": "module", "private": true}\n',
             "eslint.config.js": F.ESLINT_CONFIG}
    for i in range(16):
        files[f"src/m{i}.js"] = F.js_src(i, bad=i % 3 == 1)
    for i in range(12):
        if i != 3:
            files[f"test/m{i}.test.js"] = F.VITEST_CART % {"i": i}
    files["test/pricing.test.js"] = F.VITEST_BAD
    files["test/__snapshots__/pricing.test.js.snap"] = F.VITEST_SNAP
    write("js", files)
    os.symlink(os.path.join(NPM, "node_modules"), os.path.join(WORK, "js", "node_modules"))


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    write("cxx", {"bugs.cpp": F.CXX_BUGS, "hot.c": F.HOT_C})
    write("py", F.PY_FILES)
    js()
    write("pg", {"pg.sh": F.PG_RUN})
    write("web", F.site())
    write("pip/hatchpkg", F.PIP_HATCH)
    write("pip/flitpkg", F.PIP_FLIT)
    write("pip/poetrypkg", F.PIP_POETRY)
    write("pip/okpkg", F.PIP_OK)
    write("pip", {"requirements.txt": F.PIP_REQS})
    write("rs", F.cargo_ws())
    write("tap", F.prove_tests())
    write("tap", F.node_tests())
    os.makedirs(os.path.join(WORK, "home"))
    for root, dirs, _ in os.walk(WORK):
        os.chmod(root, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin"), os.path.join(NPM, "node_modules", ".bin")],
                  timeout=400, extra_env={"HOME": os.path.join(WORK, "home"), "USER": "dev", "VENV": VENV,
                                          "CARGO_TARGET_DIR": os.path.join(WORK, "rs-target"), "PIP_NO_CACHE_DIR": "1",
                                          "PIP_DISABLE_PIP_VERSION_CHECK": "1",
                                          "RUSTUP_HOME": os.environ.get("RUSTUP_HOME", "/root/.rustup"),
                                          "CARGO_HOME": os.environ.get("CARGO_HOME", "/root/.cargo")})


main()

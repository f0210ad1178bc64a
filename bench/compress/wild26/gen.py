#!/usr/bin/env python3
"""Builds the `wild26` corpus: a blind set of real outputs (most of them 200+ lines) of Python
ecosystem tools beyond the basics that no earlier set holds, recorded before the compressor saw
any of it. Fixtures (`fixtures.py`: a small `ledger` package and the programs around it) are run
through pytest plugins (pytest-cov, pytest-benchmark, pytest-randomly, pytest-timeout,
pytest-rerunfailures), pip-compile, towncrier, bump-my-version, refurb, prospector, beartype,
typeguard, kernprof (line_profiler), memray, hypercorn, daphne, FastAPI's test client,
SQLAlchemy's echo log, scrapy, luigi, `python -m build` and pyinstaller, with faults put in the
middle of each run (a wrong rounding, a hang, a flaky test, an order dependency, a version
conflict, a bad changelog fragment, a version string that is not where the config says, a syntax
error, a wrong argument type, a handler that raises, a duplicate key, missing pages, a failing
task, a missing module) so that they fail or warn somewhere in the middle. Servers listen on
127.0.0.1 only. Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild26/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs a virtual environment (VENV, default /tmp/cwild30-venv) with, from PyPI: pip-tools,
towncrier, bump-my-version, refurb, prospector, beartype, typeguard, pytest, pytest-cov,
pytest-benchmark, pytest-randomly, pytest-timeout, pytest-rerunfailures, line_profiler, memray,
hypercorn, daphne, starlette, fastapi, httpx, sqlalchemy, scrapy, luigi, build, pyinstaller; and
curl.
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/cwild30-venv")


def write(proj, files, subst_root=False):
    return record.write(WORK, proj, files, subst_root)


def site():
    """A static site for the crawler: 20 pages linking on, a few to pages that do not exist."""
    files = {"site/index.html": "<html><body><h1>lab</h1>" + "".join(
        f'<a href="p/{w}.html">{w}</a>' for w in F.WORDS[:6]) + "</body></html>\n"}
    for i, w in enumerate(F.WORDS):
        body = f"<html><body><h1>page {w}</h1><p>{'word ' * (30 + i)}</p>"
        body += f'<a href="{F.WORDS[(i + 1) % 20]}.html">next</a>'
        if i % 6 == 3:
            body += f'<a href="old-{w}.html">old</a>'
        files[f"site/p/{w}.html"] = body + "</body></html>\n"
    return files


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    write("pkg", F.package())
    write("pkg", {"extra/test_flaky.py": F.FLAKY, "extra/test_order.py": F.ORDER, "extra/test_bench.py": F.BENCH,
                  "extra/test_hang.py": F.HANG})
    for name, checker, deco in (("beartype", "beartype import beartype", "beartype"),
                                ("typeguard", "typeguard import typechecked", "typechecked")):
        write("typed", {f"run_{name}.py": F.TYPED.replace("CHECKER", checker).replace("DECO", deco)})
    write("prof", {"profiled.py": F.PROFILED,
                   "plain.py": "import builtins\nbuiltins.profile = lambda f: f\nexec(open('profiled.py').read())\n"})
    write("asgi", {"app.py": F.ASGI})
    write("api", {"app.py": F.FASTAPI_APP, "test_api.py": F.FASTAPI_TESTS})
    write("db", {"load.py": F.SQLA})
    write("crawl", site())
    write("crawl", {"spider.py": F.SPIDER})
    write("flow", {"tasks.py": F.LUIGI})
    write("rel", F.package())
    write("rel", {"towncrier.toml": F.TOWNCRIER_TOML, ".bumpversion.toml": F.BUMP_TOML,
                  "docs/conf.py": 'project = "ledger"\nrelease = "0.4.1"\n',
                  "CHANGES.md": "# Changes\n\n## 0.4.1\n\n- first release\n",
                  "changes/101.feature": "Reports can be written as CSV.\n",
                  "changes/102.bugfix": "Rounding of VAT on small amounts.\n",
                  "changes/103.bugfix.md": "Out-of-stock items are no longer counted.\n",
                  "changes/104.misc": "Internal clean-up.\n",
                  "changes/notes.txt": "remember to write the release notes\n"})
    write("old", F.refurb_tree())
    write("reqs", {"requirements.in": "requests==2.31.0\nurllib3<1.21\nclick>=8\nrich\n",
                   "ok.in": "click>=8\nrich\nattrs\n"})
    write("freeze", {"app.py": "import ledger_plugins\nimport json, csv, sqlite3\nprint('ok')\n"})
    os.makedirs(os.path.join(WORK, "home"))


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin")], timeout=300,
                  extra_env={"HOME": os.path.join(WORK, "home"), "USER": "dev"})


main()

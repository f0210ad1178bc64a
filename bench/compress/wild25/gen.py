#!/usr/bin/env python3
"""Builds the `wild25` corpus: a blind set of real outputs (most of them 200+ lines) of
JavaScript/TypeScript ecosystem tools no earlier set holds, recorded before the compressor saw any
of it. Fixtures (`fixtures.py`) are run through vite, tsup, swc, terser, knip, depcheck, publint,
attw, svelte-check, vue-tsc, nyc, json-server, nodemon, pm2, lerna, dependency-cruiser, oxlint,
commitlint, ts-node, concurrently and size-limit, with faults put in the middle of each run (a
type error, a syntax error, an orphan module, a circular import, unlisted and unused
dependencies, a failing test, a failing build, a crashing route and worker, bad commit messages,
a size over its limit) so that they fail or warn somewhere in the middle. Servers listen on
127.0.0.1 only. Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild25/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs node 20 and the npm packages of the set's README installed in TOOLS (default
/tmp/cwild29-node: `npm install vite tsup typescript @swc/cli @swc/core terser knip depcheck publint
@arethetypeswrong/cli svelte-check svelte vue-tsc vue nyc json-server nodemon pm2 lerna
dependency-cruiser oxlint @commitlint/cli @commitlint/config-conventional ts-node concurrently
size-limit@11 @size-limit/preset-small-lib@11`); WORKDIR must lie under TOOLS so that the projects
resolve those packages. Needs git and curl.
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
TOOLS = os.environ.get("TOOLS", "/tmp/cwild29-node")


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def write(proj, files):
    for rel, text in files.items():
        p = os.path.join(WORK, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)


def history():
    """A git repository of 28 commits whose messages follow the conventional format but for a few."""
    os.makedirs(os.path.join(WORK, "hist"))
    run("git init -q -b main . && git config user.email dev@lab.test && git config user.name dev", "hist")
    for i, msg in enumerate(F.COMMITS):
        write("", {f"hist/f{i}.txt": f"change {i}\n"})
        run(f"git add -A && git commit -q -m {subprocess.list2cmdline([msg])}", "hist")


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    write("", F.lib())
    lib2 = {k.replace("lib/", "lib2/", 1): v for k, v in F.lib().items()}
    lib2.update({k.replace("lib/", "lib2/", 1): v for k, v in F.broken_swc().items()})
    write("", lib2)
    write("", {"lib/legacy/legacy.js": F.OXLINT_EXTRA})
    write("", F.app())
    write("", F.app(broken=True))
    write("", F.svelte())
    write("", F.vue())
    write("", F.mono())
    write("", F.servers())
    write("", F.nyc())
    write("", F.tsn())
    history()
    run("git init -q -b main . && git config user.email dev@lab.test && git config user.name dev && "
        "git add -A && git commit -q -m init", "mono")
    os.makedirs(os.path.join(WORK, "home"))


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(TOOLS, "node_modules", ".bin")],
                  timeout=300, extra_env={"HOME": os.path.join(WORK, "home"), "USER": "dev", "NX_DAEMON": "false", "NX_SKIP_NX_CACHE": "true",
                                          "NX_NO_CLOUD": "true", "CI": "1"})


main()

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
import json, os, shutil, subprocess, sys, time

import fixtures

WORK, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
FILTER = [f for f in (sys.argv[3] if len(sys.argv) > 3 else "").split(",") if f]
MAX_BYTES = 300_000
NPM = os.environ.get("NPM_DIR", "/tmp/w3npm")  # npm project with jasmine, ava, jshint, htmlhint
VENV = os.environ.get("VENV_DIR", "/tmp/w3venv")  # venv with sqlfluff, vulture, pydocstyle, codespell, sphinx, mkdocs, behave, nose2, robotframework, scons


def write(proj, files):
    root = os.path.join(WORK, proj)
    for rel, text in files.items():
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text.replace("ROOT", root) if proj == "servers" else text)
    return root


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


P = lambda *a: os.path.join(WORK, *a)


def scenarios():
    here = os.path.dirname(os.path.abspath(__file__))
    out = []
    for line in open(os.path.join(here, "scenarios.tsv")):
        line = line.rstrip("\n")
        if line and not line.startswith("#"):
            name, tool, cwd, cmd = line.split("\t")
            out.append((name, tool, cwd, cmd))
    return out


def main():
    setup()
    os.makedirs(os.path.join(OUT, "logs"), exist_ok=True)
    sources = {}
    src_path = os.path.join(OUT, "sources.json")
    if os.path.exists(src_path):
        sources = json.load(open(src_path))
    for name, tool, cwd, cmd in scenarios():
        if FILTER and not any(f in name for f in FILTER):
            continue
        t = time.time()
        env = dict(os.environ, TERM="dumb", NO_COLOR="1", FORCE_COLOR="0", COLUMNS="100",
                   PYTHONDONTWRITEBYTECODE="1",
                   PATH=os.path.join(NPM, "node_modules/.bin") + ":" + os.path.join(VENV, "bin") + ":" + os.environ["PATH"])
        try:
            p = subprocess.run(["bash", "-c", cmd], cwd=P(cwd), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, timeout=240)
            data, rc = p.stdout, p.returncode
        except subprocess.TimeoutExpired as e:
            data, rc = (e.stdout or b""), "timeout"
        note = ""
        if len(data) > MAX_BYTES:
            cut = data[:MAX_BYTES].rfind(b"\n") + 1
            data = data[:cut]
            note = f"first {cut} bytes kept (whole lines)"
        open(os.path.join(OUT, "logs", name + ".log"), "wb").write(data)
        sources[name] = {"tool": tool, "command": f"cd {cwd} && {cmd}", "exit": rc, "note": note}
        print(f"{name:28} {tool:12} rc={rc} {len(data):8}B {data.count(10):6}L {time.time()-t:5.1f}s", file=sys.stderr)
        json.dump(sources, open(src_path, "w"), indent=1, sort_keys=True)


main()

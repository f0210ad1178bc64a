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
import json, os, shutil, subprocess, sys, time

import fixtures

WORK, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
FILTER = [f for f in (sys.argv[3] if len(sys.argv) > 3 else "").split(",") if f]
MAX_BYTES = 300_000
NPM = os.environ.get("NPM_DIR", "/tmp/cwild-npm")  # npm project with prettier, stylelint, markdownlint-cli, esbuild, rollup


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
                   PATH=os.path.join(NPM, "node_modules/.bin") + ":" + os.environ["PATH"])
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

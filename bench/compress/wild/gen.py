#!/usr/bin/env python3
"""Builds the `wild` corpus: runs real tools (installed from apt, PyPI, npm, the Rust and Go
toolchains) on the small buggy projects of fixtures.py and on real installed packages, and records
each run's merged stdout+stderr unedited.

    python3 bench/compress/wild/gen.py WORKDIR OUTDIR [NAME_FILTER]

The scenarios (name, tool, fixture project, command) are the lines of scenarios.tsv next to this
file. OUTDIR gets logs/NAME.log and sources.json (tool, command, exit status per file). Labels are made
afterwards by label.py. Scenarios whose tool is missing are skipped (listed on stderr).
"""
import json, os, shutil, subprocess, sys, time

import fixtures

WORK, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
FILTER = [f for f in (sys.argv[3] if len(sys.argv) > 3 else "").split(",") if f]
MAX_BYTES = 300_000
JS = os.environ.get("JS_DIR", "/tmp/cz/js")  # npm project with eslint, typescript, jest, vitest, mocha
SITE = subprocess.run([sys.executable, "-c", "import site;print(site.getsitepackages()[0])"],
                      capture_output=True, text=True).stdout.strip()


def write(proj, files):
    root = os.path.join(WORK, proj)
    for rel, text in files.items():
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    return root


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    write("py", fixtures.PY_PROJ)
    js = write("js", fixtures.JS_PROJ)
    if os.path.isdir(os.path.join(JS, "node_modules")) and not os.path.exists(os.path.join(js, "node_modules")):
        os.symlink(os.path.join(JS, "node_modules"), os.path.join(js, "node_modules"))
    with open(os.path.join(js, "package.json"), "w") as f:
        json.dump({"name": "cart", "version": "1.0.0", "scripts": {"test": "jest", "build": "tsc"},
                   "jest": {"testMatch": ["**/cart.test.js"]}}, f)
    write("rs", fixtures.RUST_PROJ)
    write("rsbad", fixtures.RUST_BAD)
    write("c", fixtures.C_PROJ)
    write("go", fixtures.GO_PROJ)
    write("gobad", fixtures.GO_BAD)
    write("java", fixtures.JAVA_PROJ)
    m = write("misc", fixtures.MISC)
    conf = open(os.path.join(m, "nginx.conf")).read()
    for k, v in {"ERRLOG": f"{m}/ngx_error.log", "ACCLOG": f"{m}/ngx_access.log",
                 "PIDFILE": f"{m}/ngx.pid", "ROOT": m}.items():
        conf = conf.replace(k, v)
    open(os.path.join(m, "nginx.conf"), "w").write(conf)
    # a git history with a conflict and a bisectable bug
    g = os.path.join(WORK, "git")
    os.makedirs(g)
    sh = lambda c: subprocess.run(c, shell=True, cwd=g, capture_output=True)
    sh("git init -q -b main && git config user.email dev@example.com && git config user.name Dev")
    for i in range(1, 13):
        open(os.path.join(g, "calc.py"), "w").write(
            "def add(a, b):\n    return a + b%s\n\n\ndef mul(a, b):\n    return a * b\n# rev %d\n" % (" + 1" if i >= 8 else "", i))
        open(os.path.join(g, "notes.txt"), "a").write("note %d: tweak the calculator\n" % i)
        sh("git add -A && git commit -q -m 'calc: revision %d'" % i)
    sh("git checkout -q -b feature HEAD~3 && sed -i 's/a \\* b/b * a * 1/' calc.py && git commit -qam 'feature: mul' && git checkout -q main && sed -i 's/a \\* b/(a) * (b)/' calc.py && git commit -qam 'main: mul'")
    return WORK


P = lambda *a: os.path.join(WORK, *a)


def scenarios():
    """(name, tool, cwd, command) for each line of scenarios.tsv; stdout and stderr merged."""
    here = os.path.dirname(os.path.abspath(__file__))
    out = []
    for line in open(os.path.join(here, "scenarios.tsv")):
        line = line.rstrip("\n")
        if line and not line.startswith("#"):
            name, tool, cwd, cmd = line.split("\t")
            out.append((name, tool, cwd, cmd.replace("{site}", SITE)))
    return out


S = scenarios()


def main():
    setup()
    os.makedirs(os.path.join(OUT, "logs"), exist_ok=True)
    sources = {}
    src_path = os.path.join(OUT, "sources.json")
    if os.path.exists(src_path):
        sources = json.load(open(src_path))
    ngx = P("misc")
    subprocess.run(f"nginx -c {ngx}/nginx.conf -p {ngx}", shell=True)
    try:
        for name, tool, cwd, cmd in S:
            if FILTER and not any(f in name for f in FILTER):
                continue
            t = time.time()
            env = dict(os.environ, TERM="dumb", NO_COLOR="1", FORCE_COLOR="0", COLUMNS="100",
                       PYTHONDONTWRITEBYTECODE="1", GOFLAGS=os.environ.get("GOFLAGS", ""),
                       PATH=os.path.join(JS, "node_modules/.bin") + ":" + os.environ["PATH"])
            if tool in ("vitest", "jest"):
                env.pop("NO_COLOR", None)
            try:
                p = subprocess.run(["bash", "-c", cmd], cwd=P(cwd), stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, env=env, timeout=240)
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
            print(f"{name:32} {tool:12} rc={rc} {len(data):8}B {time.time()-t:5.1f}s", file=sys.stderr)
    finally:
        subprocess.run(f"nginx -c {ngx}/nginx.conf -p {ngx} -s stop", shell=True)
        json.dump(sources, open(src_path, "w"), indent=1, sort_keys=True)


main()

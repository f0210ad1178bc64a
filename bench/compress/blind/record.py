"""The shared pieces of the blind corpora's generators (`wild2/gen.py`, `wild3/gen.py`,
`wild4/gen.py`): writing fixture projects, reading `scenarios.tsv`, and the recording loop.

Each scenario's merged stdout+stderr is recorded unedited to OUT/logs/NAME.log (cut at whole lines
after MAX_BYTES, which the note in sources.json then says); OUT/sources.json gets the tool, the
command and the exit status of each file.
"""
import json, os, subprocess, sys, time

MAX_BYTES = 300_000


def args():
    """WORK, OUT and the name filter from the command line (`gen.py WORKDIR OUTDIR [FILTER]`)."""
    work, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    flt = [f for f in (sys.argv[3] if len(sys.argv) > 3 else "").split(",") if f]
    return work, out, flt


def patch(work, patches):
    """Puts the bugs in: each (REL, OLD, NEW) of `patches` replaces the first OLD of WORK/REL
    with NEW (OLD must be there, so a changed upstream file is an error, not a silent no-op)."""
    for rel, old, new in patches:
        p = os.path.join(work, rel)
        text = open(p).read()
        assert old in text, (rel, old)
        open(p, "w").write(text.replace(old, new, 1))


def write(work, proj, files, subst_root=False):
    """Writes a fixture project (relative path -> text) under WORK/proj; `ROOT` in the text
    becomes the project's path when subst_root is set."""
    root = os.path.join(work, proj)
    for rel, text in files.items():
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text.replace("ROOT", root) if subst_root else text)
    return root


def scenarios(here):
    """The scenarios of `here/scenarios.tsv`: (name, tool, cwd, command) tuples."""
    out = []
    for line in open(os.path.join(here, "scenarios.tsv")):
        line = line.rstrip("\n")
        if line and not line.startswith("#"):
            name, tool, cwd, cmd = line.split("\t")
            out.append((name, tool, cwd, cmd))
    return out


def record(work, out, flt, scens, path_dirs, timeout=240, extra_env=None):
    """Runs each scenario (bash, cwd WORK/cwd, stdin closed, path_dirs put first on PATH) and
    records its output and exit status."""
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    sources = {}
    src_path = os.path.join(out, "sources.json")
    if os.path.exists(src_path):
        sources = json.load(open(src_path))
    for name, tool, cwd, cmd in scens:
        if flt and not any(f in name for f in flt):
            continue
        t = time.time()
        env = dict(os.environ, TERM="dumb", NO_COLOR="1", FORCE_COLOR="0", COLUMNS="100",
                   PYTHONDONTWRITEBYTECODE="1",
                   PATH=":".join(list(path_dirs) + [os.environ["PATH"]]))
        env.update(extra_env or {})
        try:
            p = subprocess.run(["bash", "-c", cmd], cwd=os.path.join(work, cwd), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, timeout=timeout)
            data, rc = p.stdout, p.returncode
        except subprocess.TimeoutExpired as e:
            data, rc = (e.stdout or b""), "timeout"
        note = ""
        if len(data) > MAX_BYTES:
            cut = data[:MAX_BYTES].rfind(b"\n") + 1
            data = data[:cut]
            note = f"first {cut} bytes kept (whole lines)"
        open(os.path.join(out, "logs", name + ".log"), "wb").write(data)
        sources[name] = {"tool": tool, "command": f"cd {cwd} && {cmd}", "exit": rc, "note": note}
        print(f"{name:28} {tool:12} rc={rc} {len(data):8}B {data.count(10):6}L {time.time()-t:5.1f}s", file=sys.stderr)
        json.dump(sources, open(src_path, "w"), indent=1, sort_keys=True)

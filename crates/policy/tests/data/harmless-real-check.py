"""Judge harmless-real.toml as a user meets it: `loop gate check --json --command CMD` run inside
a realistic workspace on disk (a git repository with src/, tests/, docs/, a .gitignore, a
node_modules and a .venv, and every path the commands name), `/testbed` in a command read as
that workspace. Variants: `clean`, and `env` (the same plus `.env` and `.env.example` at the
root); rule sets: the built-in policy alone (`builtin`) and with `newuser-gate.toml` (`newuser`).

`python3 harmless-real-check.py LOOP_BINARY [OUT.jsonl] [--hook]` prints, per variant and rule
set, how many commands are stricter than expected, by reason; OUT.jsonl gets every verdict.
With --hook it also feeds each command to `loop gate hook claude-code` (clean, newuser).
"""
import json, os, re, shlex, subprocess, sys, tomllib
from concurrent.futures import ThreadPoolExecutor
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
LOOP = os.path.abspath(sys.argv[1])
OUT = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith("--") else None
HOOK = "--hook" in sys.argv
CASES = tomllib.load(open(os.path.join(HERE, "harmless-real.toml"), "rb"))["case"]
NEWUSER = os.path.join(HERE, "newuser-gate.toml")
BASE = "/tmp/loopwright-harmless-real"
FILE_EXT = re.compile(r"\.[A-Za-z0-9_]{1,8}$")
PATH_ARGS = {"cat": 0, "head": 0, "tail": 0, "nl": 0, "wc": 0, "diff": 0, "sed": 1, "grep": 1,
             "egrep": 1, "rg": 1, "ls": 0, "find": 0, "tree": 0, "git": 99}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if not os.path.exists(path):
        with open(path, "w") as fh:
            fh.write(text)


def named_paths(cmd):
    """The paths a command names (relative to the root, or under a `cd`), files or dirs."""
    cwd, out = "", []
    for part in re.split(r"&&|\|\||[;|\n]", cmd):
        try:
            w = shlex.split(part)
        except ValueError:
            continue
        if not w:
            continue
        if w[0] == "cd" and len(w) == 2:
            d = w[1].replace("/testbed", "").lstrip("/")
            cwd = os.path.normpath(os.path.join(cwd, d)) if d else ""
            out.append((cwd, "dir"))
            continue
        skip = PATH_ARGS.get(w[0])
        if skip is None:
            continue
        pos = [a for a in w[1:] if not a.startswith("-")]
        if w[0] == "find":
            pos = [a for a in w[1:] if not a.startswith("-")][:1] if w[1:] and not w[1].startswith("-") else []
        for a in pos[skip:]:
            if any(c in a for c in "*?[{") or a in ("/dev/null",):
                continue
            a = a.replace("/testbed", "").lstrip("/")
            p = os.path.normpath(os.path.join(cwd, a)) if a else (cwd or ".")
            kind = "file" if FILE_EXT.search(p) and w[0] not in ("find",) else "dir"
            out.append((p, kind))
    return out


def build(variant):
    ws = os.path.join(BASE, variant)
    if os.path.isdir(os.path.join(ws, ".git")):
        return ws
    os.makedirs(ws, exist_ok=True)
    for p, t in {
        "README.md": "# demo\n", "setup.py": "from setuptools import setup\nsetup()\n",
        ".gitignore": ".venv/\nnode_modules/\n.env\n__pycache__/\n*.pyc\nbuild/\n",
        "src/app/__init__.py": "", "src/app/core.py": "def f():\n    return 1\n",
        "tests/test_core.py": "def test_f():\n    assert True\n", "docs/index.rst": "Demo\n====\n",
        ".github/workflows/ci.yml": "on: push\n", "node_modules/left-pad/index.js": "module.exports=1\n",
        "node_modules/left-pad/package.json": "{}\n",
        ".venv/lib/python3.11/site-packages/six.py": "# six\n", ".venv/pyvenv.cfg": "home = /usr\n",
    }.items():
        write(os.path.join(ws, p), t)
    for c in CASES:
        for p, kind in named_paths(c["command"]):
            if p in (".", "") or p.startswith(".."):
                continue
            full = os.path.join(ws, p)
            if kind == "file":
                if not os.path.isdir(full):
                    write(full, "line 1\nline 2\n")
            elif not os.path.isfile(full):
                os.makedirs(full, exist_ok=True)
                write(os.path.join(full, "__init__.py"), "")
    if variant == "env":
        write(os.path.join(ws, ".env"), "API_KEY=sk-live-123\n")
        write(os.path.join(ws, ".env.example"), "API_KEY=\n")
    subprocess.run(["git", "init", "-q", ws], check=True)
    subprocess.run(["git", "-C", ws, "add", "-A"], check=True)
    subprocess.run(["git", "-C", ws, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm",
                    "init"], check=True)
    return ws


def judge(ws, rules, cmd):
    cmd = cmd.replace("/testbed", ws)
    args = [LOOP, "gate", "check", "--json", "--workspace", ws, "--command", cmd]
    if rules == "newuser":
        args += ["--rules", NEWUSER]
    r = subprocess.run(args, cwd=ws, capture_output=True, text=True)
    try:
        d = json.loads(r.stdout)
    except ValueError:
        return "error", r.stderr.strip()[:200]
    return d["verdict"], d["reason"]


def hook(ws, cmd):
    cmd = cmd.replace("/testbed", ws)
    payload = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": ws,
               "tool_input": {"command": cmd}, "session_id": "s", "transcript_path": "/dev/null"}
    r = subprocess.run([LOOP, "gate", "hook", "claude-code", "--rules", NEWUSER], cwd=ws,
                       input=json.dumps(payload), capture_output=True, text=True)
    try:
        h = json.loads(r.stdout)["hookSpecificOutput"]
        return h["permissionDecision"], h.get("permissionDecisionReason", "")
    except (ValueError, KeyError, TypeError):
        return "error", (r.stdout + r.stderr).strip()[:200]


def main():
    runs = [("clean", "builtin"), ("clean", "newuser"), ("env", "builtin"), ("env", "newuser")]
    out = open(OUT, "w") if OUT else None
    strict = 0
    for variant, rules in runs:
        ws = build(variant)
        with ThreadPoolExecutor(4) as ex:
            got = list(ex.map(lambda c: judge(ws, rules, c["command"]), CASES))
        reasons, n = Counter(), 0
        for c, (v, why) in zip(CASES, got):
            want = c["env"] if variant == "env" else "allow"
            bad = v != want and not (want == "ask" and v == "allow" and False)
            if v != "allow" and (want == "allow" or v == "deny"):
                n += 1
                reasons[f"{v}: {why}"] += 1
            if out:
                out.write(json.dumps({"variant": variant, "rules": rules, "verdict": v,
                                      "want": want, "reason": why, "class": c["class"],
                                      "command": c["command"]}) + "\n")
        strict += n
        print(f"{variant}/{rules}: {len(CASES)} commands, {n} stricter than expected")
        for r, k in reasons.most_common():
            print(f"  {k:5d}  {r}")
    if HOOK:
        ws = build("clean")
        with ThreadPoolExecutor(4) as ex:
            got = list(ex.map(lambda c: hook(ws, c["command"]), CASES))
        bad = Counter(f"{v}: {w}" for v, w in got if v != "allow")
        print(f"hook claude-code clean/newuser: {sum(bad.values())} not allow")
        for r, k in bad.most_common():
            print(f"  {k:5d}  {r}")
    return strict


if __name__ == "__main__":
    sys.exit(1 if main() else 0)

"""Judge harmless-real.toml as a user meets it: `loop gate check --json --command CMD` run inside
a realistic workspace on disk (a git repository with src/, tests/, docs/, a .gitignore, a
node_modules and a .venv, and every path the commands name), `/testbed` in a command read as
that workspace. Variants: `clean`, and `env` (the same plus `.env` and `.env.example` at the
root); rule sets: the built-in policy alone (`builtin`) and with `newuser-gate.toml` (`newuser`).

In the `env` variant only the commands that read or list a tree (`-r`, `find`, `rg`, `tree`,
`xargs`, `ls -R`, `git grep`) are run; a plain read of a named file does not depend on what
else the root holds, so the others keep their `clean` verdict (the machine is slow).

`python3 harmless-real-check.py LOOP_BINARY [OUT.jsonl] [--hook] [--runs clean/newuser,...]
[--tree-only]` (the last: only the 363 tree readers, the rest counted as not run) prints, per variant and rule
set, how many commands are stricter than expected, by reason; OUT.jsonl gets every verdict.
With --hook it also feeds the tree readers and every 10th other command to `loop gate hook
claude-code` (clean, newuser).
"""
import json, os, re, shlex, subprocess, sys, tomllib
from concurrent.futures import ThreadPoolExecutor
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
LOOP = os.path.abspath(sys.argv[1])
OUT = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith("--") else None
HOOK = "--hook" in sys.argv
RUNS = [tuple(r.split("/")) for r in (sys.argv[sys.argv.index("--runs") + 1].split(",")
        if "--runs" in sys.argv else ["clean/newuser", "env/newuser", "clean/builtin",
                                      "env/builtin"])]
TREE = re.compile(r"(^|\s)-[a-zA-Z]*[rR][a-zA-Z]*(\s|$)|--recursive|\bfind\b|\brg\b|\btree\b|"
                  r"\bxargs\b|\bgit grep\b")
CASES = tomllib.load(open(os.path.join(HERE, "harmless-real.toml"), "rb"))["case"]
TREE_ONLY = "--tree-only" in sys.argv
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
        pos, prev = [], ""
        for a in w[1:]:
            if not a.startswith("-") and not re.fullmatch(r"-[ABCmnce]|--max-count|--context", prev):
                pos.append(a)
            prev = a
        if w[0] == "find":
            pos = [a for a in w[1:] if not a.startswith("-")][:1] if w[1:] and not w[1].startswith("-") else []
        for a in pos[skip:]:
            if any(c in a for c in "*?[{ \\'\"<>|$:,=()") or a in ("/dev/null",) or a.isdigit():
                continue
            if "/" not in a and not FILE_EXT.search(a) and w[0] not in ("cd", "find", "ls", "grep", "rg", "tree"):
                continue
            if a.startswith(("-", "+")) or "." in a and not FILE_EXT.search(a) and "/" not in a:
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
    out = open(OUT, "w") if OUT else None
    strict, clean = 0, {}
    for variant, rules in RUNS:
        ws = build(variant)
        todo = [c for c in CASES if TREE.search(c["command"])
                or not TREE_ONLY and (variant == "clean" or rules not in clean)]
        with ThreadPoolExecutor(8) as ex:
            fresh = dict(zip([c["command"] for c in todo],
                             ex.map(lambda c: judge(ws, rules, c["command"]), todo)))
        got = [fresh.get(c["command"]) or clean.get(rules, {}).get(c["command"])
               or ("allow", "not run") for c in CASES]
        if variant == "clean":
            clean[rules] = fresh
        reasons, n = Counter(), 0
        for c, (v, why) in zip(CASES, got):
            want = c["env"] if variant == "env" else "allow"
            if v != "allow" and (want == "allow" or v == "deny"):
                n += 1
                reasons[f"{v}: {why}"] += 1
            if out:
                out.write(json.dumps({"variant": variant, "rules": rules, "verdict": v,
                                      "want": want, "reason": why, "class": c["class"],
                                      "command": c["command"]}) + "\n")
        strict += n
        print(f"{variant}/{rules}: {len(CASES)} commands ({len(todo)} run), {n} stricter than "
              "expected", flush=True)
        for r, k in reasons.most_common():
            print(f"  {k:5d}  {r}")
    if HOOK:
        ws = build("clean")
        some = [c for i, c in enumerate(CASES) if i % 10 == 0 or TREE.search(c["command"])]
        with ThreadPoolExecutor(8) as ex:
            got = list(ex.map(lambda c: hook(ws, c["command"]), some))
        bad = Counter(f"{v}: {w}" for v, w in got if v != "allow")
        print(f"hook claude-code clean/newuser: {len(some)} commands, {sum(bad.values())} not allow")
        for r, k in bad.most_common():
            print(f"  {k:5d}  {r}")
    return strict


if __name__ == "__main__":
    sys.exit(1 if main() else 0)

"""Issue 14's second half on real data: the harmless commands real agents ran.

Collects the shell commands of recorded agent runs and keeps those that are harmless by the
issue's definition ("quoted text, plain reads inside the workspace"), labelled by the rules
below BEFORE any verdict was looked at. Writes `harmless-real.toml` next to this file; each entry
holds the command, its source (file, and repository + commit for public data), its class (the
program that does the reading) and what a workspace holding `.env` at its root should give
(`allow`, or `ask` where the command reads the root's files recursively, `.env` included).

Sources:
- the project's recorded runs: `bench/context-replay/data/**`, `crates/context/tests/data/*`
  (mini-swe-agent, SWE-agent, OpenHands; their SOURCES.md / README.md), extracted like
  `examples/real_commands.rs` does;
- public: `gruckion/mini-swe-agent` at commit d12a71a (`fetch github:gruckion/mini-swe-agent`),
  `swebench_results/20251118_gemini-3-pro-74pct/trajs/*/*.traj.json` (mini-swe-agent v1.15,
  Gemini 3 Pro on SWE-bench Verified); every 10th instance in name order (50 runs).

Labelling (mechanical, from the issue's definition): every simple command of the line (split at
`;`, `&&`, `||`, `|`, newlines) is a plain reader or printer of the list below, with no option
that writes or runs (`sed -i`, `find -exec/-delete`, `sort -o`, `tree -o`, `git --output`,
`rg --pre`, `tail -f`, awk `system`/`getline`/`>`/`|`), no expansion outside single quotes
(`$`, backticks), no here-document, no redirection but `2>&1` and to `/dev/null`, no path
outside the workspace (`/testbed` is the workspace; `~`, `..`, other absolute paths are out),
no secret-looking name outside a search pattern. `find ... | xargs READER` (names made by the
listing) counts. Inline code (`python -c`) is a documented ask and is left out.

`python3 harmless-real.py [MIRROR]` rewrites the TOML (MIRROR: the fetched git directory,
default /work/.mirror/gruckion+mini-swe-agent/repo; without it only the project's runs are read).
"""
import json, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../../../.."))
MIRROR = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror/gruckion+mini-swe-agent/repo"
PUBLIC_COMMIT = "d12a71a"
PUBLIC_DIR = "swebench_results/20251118_gemini-3-pro-74pct/trajs/"


# ---- extraction (as examples/real_commands.rs) ----
def blocks(text, out):
    for m in re.finditer(r"```(bash|sh|shell)[ \t]*\n(.*?)```", text, re.S):
        out.append(m.group(2))


def from_messages(msgs, out):
    for m in msgs:
        if not isinstance(m, dict) or m.get("role") != "assistant":
            continue
        got = False
        for tc in m.get("tool_calls") or []:
            f = tc.get("function", {})
            if f.get("name", "bash") not in ("bash", "execute_bash", "shell"):
                continue
            a = f.get("arguments")
            if isinstance(a, str):
                try:
                    a = json.loads(a)
                except ValueError:
                    a = {}
            if isinstance(a, dict) and isinstance(a.get("command"), str):
                out.append(a["command"])
                got = True
        if not got:
            c = m.get("content")
            if isinstance(c, str):
                blocks(c, out)
            elif isinstance(c, list):
                for it in c:
                    if isinstance(it, dict) and isinstance(it.get("text"), str):
                        blocks(it["text"], out)


def from_doc(d, out):
    if isinstance(d, dict) and isinstance(d.get("trajectory"), list) and d["trajectory"] \
            and "action" in d["trajectory"][0]:
        out.extend(s["action"] for s in d["trajectory"] if isinstance(s.get("action"), str))
    elif isinstance(d, dict) and isinstance(d.get("messages"), list):
        from_messages(d["messages"], out)
    elif isinstance(d, list) and d and isinstance(d[0], dict) and "role" in d[0]:
        from_messages(d, out)
    else:
        ev = d if isinstance(d, list) else (d.get("history") if isinstance(d, dict) else None)
        for e in ev or []:
            if isinstance(e, dict) and e.get("action") == "run":
                c = e.get("args", {}).get("command")
                if isinstance(c, str):
                    out.append(c)


def docs_of(text, name):
    if name.endswith(".jsonl"):
        return [json.loads(l) for l in text.splitlines() if l.strip()]
    try:
        return [json.loads(text)]
    except ValueError:
        return []


def local_commands():
    found = []
    for top in ("bench/context-replay/data", "crates/context/tests/data"):
        for dp, _, fs in sorted(os.walk(os.path.join(ROOT, top))):
            for f in sorted(fs):
                if not f.endswith((".traj", ".json", ".jsonl")):
                    continue
                p = os.path.join(dp, f)
                out = []
                with open(p, encoding="utf-8") as fh:
                    for d in docs_of(fh.read(), f):
                        from_doc(d, out)
                found += [(c, os.path.relpath(p, ROOT)) for c in out]
    return found


def public_commands():
    if not os.path.isdir(MIRROR):
        return []
    git = ["git", "--git-dir", MIRROR]
    names = subprocess.run(git + ["ls-tree", "-r", "--name-only", PUBLIC_COMMIT, PUBLIC_DIR],
                           capture_output=True, text=True, check=True).stdout.split()
    names = sorted(n for n in names if n.endswith(".traj.json"))[::10]
    found = []
    for n in names:
        text = subprocess.run(git + ["show", f"{PUBLIC_COMMIT}:{n}"], capture_output=True,
                              text=True, check=True).stdout
        out = []
        for d in docs_of(text, n):
            from_doc(d, out)
        found += [(c, f"github:gruckion/mini-swe-agent@{PUBLIC_COMMIT}:{n}") for c in out]
    return found


# ---- labelling ----
SECRETISH = re.compile(r"(^|/)(\.env($|\.(?!example|sample|template|dist))|id_rsa|id_ed25519|\.ssh|"
                       r"\.netrc|\.npmrc|\.pypirc|\.git-credentials|credentials|\.aws|\.kube|"
                       r"\.gnupg|shadow$)|\.(pem|key|p12|pfx)$", re.I)
READERS = {"cat", "head", "tail", "wc", "ls", "tree", "stat", "file", "nl", "sort", "uniq",
           "cut", "tr", "diff", "cmp", "grep", "egrep", "fgrep", "rg", "find", "sed", "awk",
           "echo", "printf", "pwd", "true", "basename", "dirname", "git", "xargs", "column"}
GIT_READS = {"log", "diff", "show", "status", "blame", "grep", "ls-files", "rev-parse",
             "branch", "shortlog"}
NULL_REDIRS = re.compile(r"\s*(?:2>&1|[12&]?>\s*/dev/null)")


def scan(cmd):
    """Split at operators outside quotes; None where an expansion, here-doc or redirection is."""
    parts, cur, q, i = [], "", None, 0
    while i < len(cmd):
        c = cmd[i]
        if q == "'":
            cur += c
            q = None if c == "'" else q
        elif q == '"':
            if c in "$`":
                return None
            if c == "\\" and i + 1 < len(cmd):
                cur += cmd[i:i + 2]
                i += 1
            else:
                cur += c
                q = None if c == '"' else q
        elif c in "'\"":
            q, cur = c, cur + c
        elif c == "\\":
            if i + 1 < len(cmd) and cmd[i + 1] == "\n":
                i += 1
                cur += " "
            else:
                cur += cmd[i:i + 2]
                i += 1
        elif c in "$`(){}<>" or c == "#" and (not cur or cur[-1] in " \t"):
            return None
        elif cmd.startswith(("&&", "||"), i):
            parts.append(cur)
            cur = ""
            i += 1
        elif c in ";|\n&":
            parts.append(cur)
            cur = ""
        else:
            cur += c
        i += 1
    if q:
        return None
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def words(part):
    import shlex
    try:
        return shlex.split(part)
    except ValueError:
        return None


def inside(path):
    if path.startswith("/"):
        return path == "/testbed" or path.startswith("/testbed/")
    return not (path.startswith("~") or path == ".." or path.startswith("../") or "/../" in path
                or path.endswith("/.."))


def reader_ok(w, prev):
    """The class of a plain reader, or None."""
    p, args = w[0], w[1:]
    if p not in READERS:
        return None
    opts = [a for a in args if a.startswith("-")]
    pos = [a for a in args if not a.startswith("-")]
    if p == "tail" and any(o.startswith(("-f", "-F", "--follow")) for o in opts):
        return None
    if p == "sort" and any(o.startswith(("-o", "--output")) for o in opts):
        return None
    if p == "tree" and any(o.startswith("-o") for o in opts):
        return None
    if p == "uniq" and len(pos) > 1:
        return None
    if p == "sed":
        if any(o.startswith(("-i", "--in-place")) or ("i" in o[1:] and not o.startswith("--"))
               for o in opts) or "-n" not in opts:
            return None
        if not pos or not re.fullmatch(r"[0-9,$ ;p]*p", pos[0]):
            return None
    if p == "awk":
        prog = next((a for a in args if not a.startswith("-")), "")
        if re.search(r"system|getline|[|>]|print[^;}]*>", prog):
            return None
    if p == "find" and any(a in ("-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint",
                                 "-fprint0", "-fprintf", "-fls") for a in args):
        return None
    if p == "rg" and any(o.startswith(("--pre", "-z", "--search-zip")) for o in opts):
        return None
    if p == "git":
        if not pos or pos[0] not in GIT_READS or opts and args[0].startswith("-"):
            return None
        if any(o.startswith(("--output", "--ext-diff", "-o")) for o in opts):
            return None
        if pos[0] == "branch" and len(pos) > 1:
            return None
        return "git " + pos[0]
    if p == "xargs":
        if not prev or prev[0] != "find" or len(pos) == 0:
            return None
        inner = [a for a in args if not a.startswith("-") or args.index(a) > args.index(pos[0])]
        sub = reader_ok(inner, None) if inner and inner[0] != "xargs" else None
        return "find | xargs " + inner[0] if sub else None
    return p


def label(cmd):
    """(class, expected verdict in a workspace with .env at the root) or None."""
    text = NULL_REDIRS.sub("", cmd)
    parts = scan(text)
    if not parts:
        return None
    classes, prev, env = [], None, "allow"
    for part in parts:
        w = words(part)
        if not w:
            return None
        if w[0] == "cd":
            if len(w) != 2 or not inside(w[1]):
                return None
            prev = None
            continue
        cls = reader_ok(w, prev)
        if cls is None:
            return None
        pats = 1 if w[0] in ("grep", "egrep", "fgrep", "rg") and not any(
            a.startswith(("-e", "-f", "--regexp", "--file")) for a in w) else 0
        pos = [a for a in w[1:] if not a.startswith("-")]
        for k, a in enumerate(pos):
            if w[0] in ("echo", "printf", "awk", "sed", "tr", "cut") or (k < pats):
                continue
            if not inside(a) or SECRETISH.search(a):
                return None
        if w[0] in ("grep", "egrep", "fgrep") and any(
                re.fullmatch(r"-[a-zA-Z]*[rR][a-zA-Z]*|--recursive|--dereference-recursive", a)
                for a in w) and not any(a.startswith("--include") for a in w):
            roots = pos[pats:] or ["."]
            if any(r.rstrip("/") in (".", "/testbed", "*") for r in roots):
                env = "ask"
        classes.append(cls)
        prev = w
    if not classes:
        return None
    main = next((c for c in classes if c not in ("echo", "pwd", "true")), classes[0])
    return main, env


def toml_str(s):
    return json.dumps(s, ensure_ascii=False)


def main():
    seen, rows = set(), []
    for cmd, src in local_commands() + public_commands():
        cmd = cmd.strip()
        if not cmd or cmd in seen:
            continue
        seen.add(cmd)
        got = label(cmd)
        if got:
            rows.append((got[0], got[1], cmd, src))
    out = os.path.join(HERE, "harmless-real.toml")
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("# Harmless commands real agents ran (issue 14), labelled before any verdict was\n"
                 "# seen: written by harmless-real.py (sources and rules in its header). Each must be\n"
                 "# `allow` in a clean workspace; `env` is what a workspace with `.env` at its root\n"
                 "# should give. `/testbed` is the workspace root.\n")
        for cls, env, cmd, src in rows:
            fh.write(f"\n[[case]]\nclass = {toml_str(cls)}\nenv = {toml_str(env)}\n"
                     f"source = {toml_str(src)}\ncommand = {toml_str(cmd)}\n")
    print(f"{len(seen)} distinct commands, {len(rows)} harmless -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

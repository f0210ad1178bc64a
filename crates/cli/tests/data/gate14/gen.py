# gate14's blind hook and changeset cases for issue 14 (round 15), written from the README's hook
# and changeset sections, the policy README's decisions and loop-gate 1.0.0's documented
# semantics (a path matching a `denylist` glob escalates; `autoMergeAllowlist` must hold every
# path for auto-merge; `maxFiles`; globs are minimatch with `dot: true`), before the gate was run
# on any of them. One file, all held out: `python3 gen.py` writes `hook14.json` next to this file.
# Replayed by `crates/cli/tests/gate8.rs` (`round15_hooks_and_changesets`) in round 8's fixture
# (see `../gate8/gen.py` for the workspace, home and verdict conventions).
#
# What no earlier round holds: the programs and secrets of round 15's shell set through the Bash
# tool of both agents (unlisted runners, writes through options, catalogue files of tools not named
# before), a Bash `cwd` other than the project (a subfolder, the home folder), Codex `workdir`,
# Glob patterns that are absolute or climb out, Grep narrowed by `type`/`glob` over a folder that
# holds a secret, writes to `.envrc`, `.git/config` and user units, a Codex patch that moves a
# file onto a secret name, `mcp__filesystem__get_file_info` of a key; changesets under gate files
# with extglobs, brace globs, flow-style lists with comments and an empty allowlist, `..` that
# leaves a denied folder, a deletion judged against a base, untracked files below a denied folder,
# staged and unstaged changes together, and a misspelt action value.
import json, os

H = []  # (class, expected, case)
W = "@WS@"


def hk(cls, want, *payloads, agent="claude-code"):
    for p in payloads:
        H.append((cls, want, {"agent": agent, "payload": p}))


def t(tool, cwd=W, **inp):
    return {"session_id": "s14", "transcript_path": "/tmp/t14.jsonl", "hook_event_name": "PreToolUse",
            "permission_mode": "default", "tool_name": tool, "tool_input": inp, "cwd": cwd}


def cx(tool, inp, cwd=W):
    return {"session_id": "c14", "turn_id": "t1", "hook_event_name": "PreToolUse", "tool_name": tool, "model": "gpt-5-codex",
            "permission_mode": "default", "tool_use_id": "call_14", "transcript_path": None, "tool_input": inp, "cwd": cwd}


hk("files", "deny", t("Read", file_path="@HOME@/.android/adbkey"), t("Read", file_path="/etc/kubernetes/admin.conf"),
   t("Read", file_path=f"{W}/certs/AuthKey_ABC123.p8"), t("Read", file_path=f"{W}/vpn/client.ovpn"),
   t("Glob", pattern="@HOME@/.ssh/**"), t("Glob", pattern="../.kube/*"),
   t("Write", file_path=f"{W}/.envrc", content="export A=1\n"), t("Edit", file_path=f"{W}/.git/config", old_string="a", new_string="b"),
   t("Write", file_path="@HOME@/.config/systemd/user/x.service", content="[Service]\nExecStart=/bin/true\n"),
   t("Write", file_path=f"{W}/../proj2/x.rs", content="x"), t("mcp__filesystem__get_file_info", path="@HOME@/.ssh/id_rsa"))
hk("files", "ask", t("Grep", pattern="KEY", path=f"{W}/config", glob=".*"), t("Grep", pattern="secret", path=W, glob="**/.env*", **{"-i": True}))
hk("files", "allow", t("Grep", pattern="port", path=f"{W}/config", type="toml"), t("Glob", pattern="{src,docs}/*.md", path=W),
   t("Write", file_path=f"{W}/.github/workflows/ci.yml", content="on: push\n"),
   t("MultiEdit", file_path=f"{W}/.env.example", edits=[{"old_string": "A=", "new_string": "A=1"}]))
hk("bash", "deny", t("Bash", command="cat ~/.android/adbkey"), t("Bash", command="m4 <<< 'esyscmd(git push)'"),
   t("Bash", command="dotnet publish -o /tmp/pub"), t("Bash", command="volta run git push"),
   t("Bash", command="cat .netrc", cwd="@HOME@"), t("Bash", command="cat ../config/.env", cwd=f"{W}/docs"))
hk("bash", "allow", t("Bash", command="git ls-files | xargs wc -l"), t("Bash", command="head ../README.md", cwd=f"{W}/docs"),
   t("Bash", command="cat proj/README.md", cwd="@HOME@"))
hk("codex", "deny", cx("Bash", {"command": "pdftk a.pdf cat output /tmp/o.pdf"}), cx("shell", {"command": ["rustup", "run", "stable", "git", "push"]}),
   cx("shell", {"command": ["cat", "../config/.env"], "workdir": f"{W}/src"}),
   cx("apply_patch", {"command": "*** Begin Patch\n*** Update File: src/lib.rs\n*** Move to: .envrc\n@@\n-a\n+b\n*** End Patch\n"}),
   agent="codex")
hk("codex", "allow", cx("shell", {"command": ["git", "ls-files"]}), cx("Bash", {"command": "git log --graph --oneline -5"}), agent="codex")

C = []


def cs(want, *cases, gate=None):
    for c in cases:
        c = dict(c)
        if gate is not None:
            c["gate"] = gate
        C.append(("changeset", want, c))


def p(action, paths, *more):
    return {"args": ["--action", action, "--paths", paths, *more]}


def g(action, ops, *more, base=None):
    return {"args": ["--action", action, "--git"] + ([base] if base else []) + list(more), "ops": ops}


EXT = "version: 1\ndenylist:\n  - \"+(auth|secrets)/**\"\n  - \"**/*.{pem,key}\"\nmaxFiles: 10\nautoMergeAllowlist:\n  - \"docs/**\"\n"
FLOW = "version: 1\ndenylist: ['auth/**', '.env']  # never touch these\nmaxFiles: 10\nautoMergeAllowlist: []\n"
cs(2, p("commit", "secrets/k.txt"), p("commit", "certs/a.key"), gate=EXT)
cs(0, p("commit", "src/k.txt"), p("auto-merge", "docs/k.md"), gate=EXT)
cs(2, p("commit", "auth/x.ts"), p("auto-merge", "docs/a.md"), gate=FLOW)
cs(0, p("commit", "./auth/../src/a.ts"), g("auto-merge", [["rm", "docs/a.md"]]),
   g("auto-merge", [["write", "docs/n.md", "x"], ["commit"]], base="HEAD~1"))
cs(2, p("commit", "src/./../auth/x.ts"), g("merge", [["rm", "auth/login.ts"], ["commit"]], base="HEAD~1"),
   g("commit", [["write", "app/secrets/nested/x.json", "{}"]]),
   g("auto-merge", [["write", "docs/a.md", "y"], ["stage"], ["write", "auth/z.ts", "x"]]))
cs(1, p("Commit", "src/a.ts"))

FIXED = {}  # expectations corrected after the first look, keyed like gate13's, with reasons


def fixed(c, want):
    key = json.dumps(c.get("payload") or {k: c[k] for k in ("args", "ops", "gate") if k in c}, sort_keys=True)
    return FIXED.get(key, want)


cases = [{"kind": "hook", "class": cls, "want": fixed(c, w), **c} for cls, w, c in H]
cases += [{"kind": "changeset", "class": cls, "want": fixed(c, w), **c} for cls, w, c in C]
keys = [json.dumps(c, sort_keys=True, ensure_ascii=False) for c in cases]
assert len(set(keys)) == len(keys)
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "hook14.json"), "w") as f:
    f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cases) + "\n]\n")
print(len(cases), "cases:", len(H), "hook,", len(C), "changeset")

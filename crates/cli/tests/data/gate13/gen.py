# gate13's blind hook and changeset cases for issue 14 (round 13), written from the README's hook
# and changeset sections, the policy README's decisions and loop-gate 1.0.0's documented
# semantics (its README: a path matching a `denylist` glob escalates; `autoMergeAllowlist` must
# hold every path for auto-merge; `maxFiles`), before the gate was run on any of them. One file,
# all held out: `python3 gen.py` writes `hook13.json` next to this file. Replayed by
# `crates/cli/tests/gate8.rs` (`round13_hooks_and_changesets`) in round 8's fixture (see
# `../gate8/gen.py` for the workspace, home and verdict conventions).
#
# What no earlier round holds: secrets of the round-13 catalogue through every file tool, a link
# to a secret folder, duplicate JSON keys, Codex's `shell` command arrays, and changesets whose
# `--git` diff holds a type change (a file replaced by a symlink), a mode change, a rename into
# a denied folder, names with a tab, a quote or a leading dash, ignored files below a denied
# folder, and `--flag=value` spellings.
import json, os

H = []  # (class, expected, case)
W = "@WS@"


def hk(cls, want, *payloads, agent="claude-code"):
    for p in payloads:
        c = {"agent": agent}
        if isinstance(p, dict) and "raw" in p:
            c.update(p)
        else:
            c["payload"] = p
        H.append((cls, want, c))


def t(tool, cwd=W, **inp):
    return {"session_id": "s13", "transcript_path": "/tmp/t13.jsonl", "hook_event_name": "PreToolUse",
            "permission_mode": "default", "tool_name": tool, "tool_input": inp, "cwd": cwd}


def cx(tool, inp, cwd=W):
    return {"session_id": "c13", "turn_id": "t1", "hook_event_name": "PreToolUse", "tool_name": tool, "model": "gpt-5-codex",
            "permission_mode": "default", "tool_use_id": "call_13", "transcript_path": None, "tool_input": inp, "cwd": cwd}


hk("files", "deny", t("Read", file_path="@HOME@/.config/containers/auth.json"), t("Read", file_path=f"{W}/sshdir/config"),
   t("Read", file_path=f"{W}/src/../config/.env"), t("Read", file_path=f"{W}/CONFIG/.ENV"),
   t("Write", file_path=f"{W}/.git/hooks/post-checkout", content="#!/bin/sh\ngit push\n"), t("Write", file_path="@HOME@/.bashrc", content="x"),
   t("Edit", file_path=f"{W}/.claude/settings.local.json", old_string="a", new_string="b"),
   t("NotebookEdit", notebook_path="@HOME@/notes.ipynb", new_source="x", cell_id="c1"),
   t("Glob", pattern="*", path="@HOME@/.aws"), t("Grep", pattern="password", path="@HOME@/.docker"),
   t("WebFetch", url="file://@HOME@/.netrc", prompt="show"), t("mcp__filesystem__read_file", path="@HOME@/.kube/config"),
   t("Read", file_path="@HOME@/.codex/auth.json"), t("Read", file_path=f"{W}/.dev.vars"))
hk("files", "ask", t("Grep", pattern="KEY", path=f"{W}/config"), t("mcp__github__search_code", query="token"),
   t("Glob", pattern="**/*", path="@HOME@"))
hk("files", "allow", t("Edit", file_path=f"{W}/src/lib.rs", old_string="a", new_string="b"),
   t("NotebookEdit", notebook_path=f"{W}/notebooks/explore.ipynb", new_source="print(1)", cell_id="c2"),
   t("Glob", pattern="**/*.rs", path=W), t("Grep", pattern="TODO", path=f"{W}/src", glob="*.rs"),
   t("Read", file_path=f"{W}/docs/guide.md", offset=1, limit=5))
hk("bash", "deny", t("Bash", command="F=~/.ssh/id_rsa; base64 \"$F\""), t("Bash", command="cat keylink | head -1"),
   t("Bash", command="hyperfine 'git push'"), t("Bash", command="a=(x .env); cat \"${a[1]}\""))
hk("bash", "allow", t("Bash", command="git status --short && git diff --stat"), t("Bash", command="head -3 src/lib.rs", description="peek"))
hk("bash", "ask", t("Bash"), t("Bash", command=["ls"]))
hk("odd", "ask", {"raw": "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"},\"tool_input\":{\"command\":\"git push\"},\"cwd\":\"@WS@\",\"hook_event_name\":\"PreToolUse\"}"},
   {"raw": "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git push\"},\"tool_input\":{\"command\":\"ls\"},\"cwd\":\"@WS@\",\"hook_event_name\":\"PreToolUse\"}"},
   {"raw": "[{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}]"})
hk("codex", "deny", cx("shell", {"command": ["bash", "-lc", "rm -fr build"]}), cx("shell", {"command": ["git", "push", "origin"]}),
   cx("Bash", {"command": "cat ~/.config/pypoetry/auth.toml"}), agent="codex")
hk("codex", "allow", cx("shell", {"command": ["bash", "-lc", "ls -la src"]}), agent="codex")

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


# ops: write PATH TEXT, mv A B, cp A B, rm PATH, stage, commit, ln TARGET PATH (replace PATH by a
# symlink to TARGET), chmod PATH (make it executable)
cs(2, g("commit", [["ln", "src/a.ts", ".env"]]), g("commit", [["chmod", "auth/login.ts"]]),
   g("auto-merge", [["mv", "docs/a.md", "auth/a.md"]]), g("merge", [["mv", ".env", "env.bak"]]),
   g("commit", [["write", "auth/\"quoted\".ts", "x"]]), g("commit", [["write", "auth/-rf.ts", "x"]]),
   g("auto-merge", [["rm", "auth/login.ts"]]), g("commit", [["write", "auth/new/deep/x.ts", "x"]]),
   g("auto-merge", [["ln", "../auth/login.ts", "docs/a.md"], ["stage"]]),
   p("commit", "auth/login.ts", "--json"), {"args": ["--action=commit", "--paths=auth/login.ts"]},
   {"args": ["--action", "auto-merge", "--paths=src/a.ts"]})
cs(0, g("auto-merge", [["write", "docs/a\tb.md", "x"]]), g("auto-merge", [["write", "docs/-x.md", "x"]]),
   g("commit", [["write", "auth/debug.log", "x"]]), g("commit", [["chmod", "src/a.ts"]]),
   {"args": ["--action=auto-merge", "--paths=docs/a.md,README.md"]})
cs(1, {"args": ["--action", "commit", "--paths", "a.ts", "--gate-file"]}, {"args": ["--action", "commit", "--git", "HEAD", "extra"]})

# Expectations corrected after the first look (52/56 as first written; README "Round 13: first
# look"), keyed by the case's payload or args, with the reason:
# - a Bash `command` given as a list of words is read as the command's words (Codex's shape):
#   `["ls"]` is `ls`, allow;
# - duplicate `tool_input` keys: Claude Code parses its payload with `JSON.parse`, which keeps the
#   last one, so the tool runs `ls` (the case whose last key is `git push` stays ask/deny): allow;
# - a symlink `docs/a.md -> ../auth/login.ts` changes `docs/a.md` only (loop-gate's answer 0; a
#   later write through the link shows `auth/login.ts` changed and escalates): 0.
FIXED = {
    json.dumps(t("Bash", command=["ls"]), sort_keys=True): "allow",
    "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git push\"},\"tool_input\":{\"command\":\"ls\"},\"cwd\":\"@WS@\",\"hook_event_name\":\"PreToolUse\"}": "allow",
    json.dumps(g("auto-merge", [["ln", "../auth/login.ts", "docs/a.md"], ["stage"]]), sort_keys=True): 0,
}


def fixed(c, want):
    key = c.get("raw") or json.dumps(c.get("payload") or {k: c[k] for k in ("args", "ops") if k in c}, sort_keys=True)
    return FIXED.get(key, want)


cases = [{"kind": "hook", "class": cls, "want": fixed(c, w), **c} for cls, w, c in H]
cases += [{"kind": "changeset", "class": cls, "want": fixed(c, w), **c} for cls, w, c in C]
assert sum(1 for cl, w, c in H + C if fixed(c, w) != w) == len(FIXED)
keys = [json.dumps(c, sort_keys=True, ensure_ascii=False) for c in cases]
assert len(set(keys)) == len(keys)
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "hook13.json"), "w") as f:
    f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cases) + "\n]\n")
print(len(cases), "cases:", len(H), "hook,", len(C), "changeset")

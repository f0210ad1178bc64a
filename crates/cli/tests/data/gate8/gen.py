# gate8's blind set for issue 14 (round 8): hook inputs and changesets, written from the README
# (hooks for Claude Code and Codex, `loop gate check --action`), the policy README's round 6/7
# decisions and loop-gate 1.0.0's documented semantics, before any code change of that session.
# `python3 gen.py` writes `hook8-tune.json` and `hook8-holdout.json` next to this file (every other
# case of each (kind, class, verdict as first written) into the tuning half); with loop-gate
# installed (`npm install --prefix /tmp/lg @cobusgreyling/loop-gate@1.0.0`, or LOOP_GATE_CLI) it
# also records loop-gate's exit code for every `--paths` changeset case (`ref`), side by side.
# Replayed by `crates/cli/tests/gate8.rs` (`GATE_HOLDOUT_REPORT=1 cargo test -p loopwright-cli
# --test gate8 -- --nocapture` prints the scores and the misses).
#
# The fixture (built by the test): HOME=@HOME@ with ~/.ssh/{id_rsa,config}, ~/.aws/credentials,
# ~/.netrc, ~/.docker/config.json, ~/.kube/config, ~/notes.ipynb; the workspace @WS@ =
# ~/proj (CLAUDE_PROJECT_DIR unless a case says otherwise) with Cargo.toml, README.md,
# src/{main,lib}.rs, src/gate/mod.rs, src/café.rs, tests/it.rs, docs/guide.md,
# notebooks/explore.ipynb, "my notes/todo.md", config/{app.toml,.env}, .env.example,
# scripts/ci.sh, a link `keylink` -> ~/.ssh/id_rsa and a link `sshdir` -> ~/.ssh; a second,
# clean workspace @CLEAN@ = ~/clean (src/lib.rs, README.md, no secret anywhere).
#
# Hook verdicts: Claude Code's `permissionDecision`; Codex's `permissionDecision` or, for an
# `ask` (which Codex's PreToolUse cannot give), a `systemMessage` alone. `allow` must be exactly
# allow; `ask`/`deny` at least as strict. Changesets: the exit code (0 allowed, 2 escalate,
# 1 error) must be exactly the one written.
#
# Decisions written down with the cases:
# - Glob lists names, never content, like `ls`: round 7's lister rule applies. `**/.env*` or
#   `**/*.pem` inside the workspace: allow (round 7: `ls */.env`, `ls .env*` are allowed); a
#   glob below a secret folder (`~/.ssh`, `~/.aws`), also spelt as an absolute or `..` pattern,
#   or a path argument naming one: deny; a recursive glob over the home directory (`**/*` from ~)
#   lists the names below ~/.ssh: at least ask.
# - Grep reads content like `rg`: a file or folder in the secrets catalogue: deny; a folder
#   holding one (config/, the workspace root of @WS@), ~ or /: at least ask; `glob`/`type` narrow
#   what it reads (`glob: "*.rs"` over @WS@ reads no .env: allow; `glob: ".env*"`: deny); in a
#   workspace with no secret, a Grep of the root is a plain read: allow.
# - mcp tools: no rule allows an unknown tool (ask), but an argument that is a path in the
#   secrets catalogue (`path`, `paths`, `source`, `destination`, `file_path`, `uri` file://)
#   makes it deny: a filesystem server reads what it is told.
# - WebFetch of a file:// URL is a read of that path; other fetches: ask (no rule).
# - TodoWrite touches nothing the gate guards: allow (a `*` matcher must not prompt for it).
# - A relative path is relative to the payload's `cwd` (Claude Code sends absolute paths, but a
#   relative one must not escape the judgement); a `cwd` that is not absolute or does not exist
#   is still where a Bash command runs from (its paths are judged there).
# - A symlink in the workspace is judged as its target too (keylink -> ~/.ssh/id_rsa: deny).
# - Input that is not a JSON object, not UTF-8, over the input cap, or lacks what the tool needs:
#   Claude Code ask, Codex deny (fail closed), never allow.
# - Codex `apply_patch` (tool or `apply_patch` command): each `*** Add/Update/Delete File:` and
#   `*** Move to:` path is a write (src/: allow; .env, ~/.ssh/...: deny).
# - Changesets: loop-gate's answer where it is not one of issue 14's listed bugs; a trailing
#   slash (`auth/`) names the folder and escalates as loop-gate does; a copy out of a denied
#   folder (`--git`, git detects it) counts its source like a rename; a deleted denied file
#   escalates; untracked files not ignored count; `.gitignore`d files do not.
import json, os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../policy/tests/data"))
from blind_set import split  # noqa: E402

H = []  # (class, expected, case)


def hk(cls, want, *payloads, agent="claude-code", project="@WS@"):
    for p in payloads:
        c = {"agent": agent}
        if project != "@WS@":
            c["project"] = project
        if isinstance(p, dict) and "raw" in p:
            c.update(p)
        else:
            c["payload"] = p
        H.append(("hook:" + cls, want, c))


def t(tool, cwd="@WS@", **inp):
    return {"session_id": "s8", "transcript_path": "/tmp/t.jsonl", "hook_event_name": "PreToolUse",
            "tool_name": tool, "tool_input": inp, "cwd": cwd}


W = "@WS@"
# ------------------------------------------------------------------ harmless: must stay allow
hk("read", "allow", t("Read", file_path=f"{W}/src/main.rs"), t("Read", file_path=f"{W}/src/lib.rs", offset=10, limit=40),
   t("Read", file_path=f"{W}/Cargo.toml"), t("Read", file_path=f"{W}/docs/guide.md"), t("Read", file_path=f"{W}/.env.example"),
   t("Read", file_path=f"{W}/my notes/todo.md"), t("Read", file_path=f"{W}/src/café.rs"), t("Read", file_path=f"{W}/tests/it.rs"),
   t("Read", file_path=f"{W}/src/gate/mod.rs"), t("Read", file_path="src/lib.rs"), t("Read", file_path=f"{W}/README.md", limit=2000),
   t("Read", file_path=f"{W}/notebooks/explore.ipynb"), t("Read", file_path=f"{W}/config/app.toml"),
   t("Read", cwd=f"{W}/src", file_path="lib.rs"), t("Read", file_path=f"{W}/target/debug/build.log"))
hk("edit", "allow", t("Edit", file_path=f"{W}/src/lib.rs", old_string="fn a()", new_string="fn b()"),
   t("Edit", file_path=f"{W}/src/main.rs", old_string="x", new_string="y", replace_all=True),
   t("MultiEdit", file_path=f"{W}/src/gate/mod.rs", edits=[{"old_string": "a", "new_string": "b"}, {"old_string": "c", "new_string": "d"}]),
   t("Edit", file_path=f"{W}/tests/it.rs", old_string="assert!(false)", new_string="assert!(true)"),
   t("Edit", file_path=f"{W}/README.md", old_string="# App", new_string="# App\n\nNever commit .env files."),
   t("Edit", file_path=f"{W}/.env.example", old_string="API_KEY=", new_string="API_KEY=\nDB_URL="),
   t("NotebookEdit", notebook_path=f"{W}/notebooks/explore.ipynb", cell_id="c1", new_source="print(1)"),
   t("Edit", file_path=f"{W}/src/café.rs", old_string="1", new_string="2"),
   t("MultiEdit", file_path=f"{W}/Cargo.toml", edits=[{"old_string": "0.1.0", "new_string": "0.2.0"}]),
   t("Edit", file_path=f"{W}/my notes/todo.md", old_string="- [ ] a", new_string="- [x] a"))
hk("write", "allow", t("Write", file_path=f"{W}/src/new_module.rs", content="pub fn f() {}\n"),
   t("Write", file_path=f"{W}/docs/design.md", content="# Design\n"),
   t("Write", file_path=f"{W}/src/gate/deep/new/mod.rs", content="//! new\n"),
   t("Write", file_path=f"{W}/tests/fixtures/sample.json", content="{}"),
   t("Write", file_path=f"{W}/my notes/todo 2.md", content="- [ ] b\n"),
   t("Write", file_path=f"{W}/scripts/release.sh", content="#!/bin/sh\ncat ~/.ssh/id_rsa\n"),
   t("Write", file_path=f"{W}/src/env.rs", content="pub const ENV: &str = \".env\";\n"),
   t("Write", file_path=f"{W}/docs/ключ.md", content="x\n"),
   t("Write", cwd=f"{W}/docs", file_path="notes.md", content="x"),
   t("Write", file_path=f"{W}/.env.sample", content="API_KEY=\n"))
hk("glob", "allow", t("Glob", pattern="**/*.rs"), t("Glob", pattern="src/**/*.rs"), t("Glob", pattern="*.toml", path=W),
   t("Glob", pattern="**/*.md", path=f"{W}/docs"), t("Glob", pattern="tests/**"), t("Glob", pattern="**/.env*"),
   t("Glob", pattern="**/*.{ts,tsx}", path=f"{W}/src"), t("Glob", pattern="**/*.pem"), t("Glob", pattern="config/*"),
   t("Glob", pattern="**/mod.rs", path="src"), t("Glob", pattern="*", cwd=f"{W}/src"), t("Glob", pattern="**/Cargo.toml", path=f"{W}/"))
hk("grep", "allow", t("Grep", pattern="fn main", path=f"{W}/src"), t("Grep", pattern="TODO", glob="*.rs"),
   t("Grep", pattern="impl .* for", type="rust", output_mode="content", **{"-n": True}),
   t("Grep", pattern="use std", path=f"{W}/src/lib.rs"), t("Grep", pattern="API_KEY", path=f"{W}/src", output_mode="files_with_matches"),
   t("Grep", pattern="pub fn", path=f"{W}/tests", **{"-C": 2}), t("Grep", pattern="fn", path="src", glob="**/*.rs"),
   t("Grep", pattern="version", path=f"{W}/Cargo.toml"), t("Grep", pattern="\\.env", path=f"{W}/docs", **{"-i": True}),
   t("Grep", pattern="TODO", glob="*.{rs,toml}", head_limit=20),
   t("Grep", pattern="fn", cwd="@CLEAN@"), t("Grep", pattern="unsafe", path="@CLEAN@", output_mode="count"))
hk("clean", "allow", t("Grep", pattern="todo!", cwd="@CLEAN@"), t("Glob", pattern="**/*", cwd="@CLEAN@"),
   t("Read", cwd="@CLEAN@", file_path="@CLEAN@/src/lib.rs"), project="@CLEAN@")
hk("bash", "allow", t("Bash", command="cargo test", description="Run tests"), t("Bash", command="git status"),
   t("Bash", command="ls src"), t("Bash", command="grep -rn 'fn check' src | head"), t("Bash", command="cat README.md | head -n 20"),
   t("Bash", cwd=f"{W}/src", command="ls -la"), t("Bash", cwd=f"{W}/src", command="wc -l lib.rs main.rs"),
   t("Bash", command="git diff --stat", timeout=120000), t("Bash", command="echo 'never cat .env'"),
   t("Bash", cwd=f"{W}/my notes", command="cat todo.md"), t("Bash", command="cargo test 2>&1 | tail -n 30", run_in_background=False),
   t("Bash", command="ls -la ~/proj"))
hk("shape", "allow",
   {"hook_event_name": "PreToolUse", "tool_name": "Read", "tool_input": {"file_path": f"{W}/src/lib.rs"}},
   {**t("Read", file_path=f"{W}/src/lib.rs"), "permission_mode": "acceptEdits", "tool_use_id": "toolu_1", "extra": {"x": [1, 2]}},
   {**t("Bash", command="ls src"), "cwd": f"{W}/"},
   t("Read", file_path=f"{W}/src/../src/lib.rs"), t("Bash", command="git log --oneline -n 5", cwd=f"{W}/./"),
   {**t("Glob", pattern="**/*.rs"), "model": "claude", "stop_hook_active": False})
hk("internal", "allow", t("TodoWrite", todos=[{"content": "read ~/.ssh/config docs", "status": "pending", "activeForm": "x"}]),
   t("TodoWrite", todos=[]))


def cx(cmd, event="PreToolUse", tool="Bash", cwd="@WS@", **more):
    return {"session_id": "c8", "hook_event_name": event, "tool_name": tool, "model": "gpt-5",
            "permission_mode": "default", "tool_use_id": "call_1", "transcript_path": None,
            "tool_input": {"command": cmd, **more}, "cwd": cwd}


def patch(*ops):
    body = ["*** Begin Patch"]
    for op, path in ops:
        body.append(f"*** {op} File: {path}")
        body.append("+x" if op == "Add" else "@@\n-a\n+b" if op == "Update" else "")
    body.append("*** End Patch")
    return "\n".join(b for b in body if b) + "\n"


hk("codex", "allow", cx("ls -la"), cx(["bash", "-lc", "cargo test -q"]), cx(["rg", "-n", "fn main", "src"]),
   cx("git diff --stat", event="PermissionRequest"), cx(["cat", "src/lib.rs"], tool="shell", workdir="@WS@"),
   cx("cat lib.rs", cwd=f"{W}/src"), agent="codex")
hk("codexpatch", "allow", {**cx(None, tool="apply_patch"), "tool_input": {"input": patch(("Update", "src/lib.rs"))}},
   cx(["apply_patch", patch(("Add", "src/new.rs"), ("Update", "src/main.rs"))], tool="shell"), agent="codex")

# more of what an agent does all day
hk("read", "allow", *[t("Read", file_path=f"{W}/{f}") for f in ["src/gate/../lib.rs", "Cargo.lock", "docs/other.md", "scripts/ci.sh", "tests/common/mod.rs",
   "src/env_loader.rs", "docs/secrets-handling.md", "src/keys.rs", "docs/id_rsa.md", ".gitignore", "src/token.rs",
   "benches/b.rs", "examples/demo.rs", "LICENSE", "config/defaults.toml"]], t("Read", file_path=f"{W}/src/main.rs", offset=200, limit=100),
   t("Read", cwd=f"{W}/tests", file_path=f"{W}/tests/it.rs"), t("Read", file_path=f"{W}/docs/../README.md"))
hk("edit", "allow", *[t("Edit", file_path=f"{W}/{f}", old_string="old", new_string="new") for f in ["src/env_loader.rs", "docs/guide.md",
   "scripts/ci.sh", "config/app.toml", "src/keys.rs", "benches/b.rs", ".gitignore", "examples/demo.rs"]],
   t("MultiEdit", file_path=f"{W}/src/lib.rs", edits=[{"old_string": "a", "new_string": "b", "replace_all": True}]),
   t("NotebookEdit", notebook_path=f"{W}/notebooks/explore.ipynb", new_source="x = 1", edit_mode="insert", cell_type="code"))
hk("write", "allow", *[t("Write", file_path=f"{W}/{f}", content="x\n") for f in ["src/bin/tool.rs", "docs/adr/0001-gate.md", "tests/gate_test.rs",
   "src/secrets_scanner.rs", "Makefile", "docs/env-vars.md", "config/app.local.toml", ".github/workflows/ci.yml", "notebooks/new.ipynb",
   "src/token_bucket.rs"]])
hk("glob", "allow", t("Glob", pattern="**/*test*"), t("Glob", pattern="**/*.{json,yaml,yml}"), t("Glob", pattern="src/*.rs", path=W),
   t("Glob", pattern="**/README*"), t("Glob", pattern="docs/**/*.md"), t("Glob", pattern="**/*.ipynb", path=f"{W}/notebooks"),
   t("Glob", pattern="*.rs", path=f"{W}/src/gate"), t("Glob", pattern="**/*secret*"), t("Glob", pattern=".github/**/*.yml"),
   t("Glob", pattern="**/*", path=f"{W}/src"))
hk("grep", "allow", t("Grep", pattern="fn new", path=f"{W}/src/gate"), t("Grep", pattern="#\\[test\\]", path=f"{W}/tests", output_mode="count"),
   t("Grep", pattern="dotenv", glob="*.toml"), t("Grep", pattern="struct \\w+", type="rust", path=f"{W}/src"),
   t("Grep", pattern="secret", path=f"{W}/docs"), t("Grep", pattern="TODO", path=f"{W}/src/main.rs", **{"-n": True}),
   t("Grep", pattern="password", glob="src/**/*.rs"), t("Grep", pattern="version = ", path=f"{W}/Cargo.toml", **{"-A": 2}),
   t("Grep", pattern="import", glob="*.py", path=f"{W}/notebooks"), t("Grep", pattern="cat ~/.ssh", path=f"{W}/scripts"))
hk("bash", "allow", t("Bash", command="cargo build 2>&1 | tail -5"), t("Bash", command="git log --oneline -n 10"),
   t("Bash", command="head -n 50 src/lib.rs"), t("Bash", command="wc -l src/*.rs"), t("Bash", command="git diff HEAD~1 -- src"),
   t("Bash", command="ls -la docs && cat docs/guide.md"), t("Bash", command="cargo test -p app -- --nocapture"),
   t("Bash", cwd=f"{W}/tests", command="grep -n assert it.rs"), t("Bash", command="rg -n 'fn ' src/gate"),
   t("Bash", command="git status --short && git diff --stat"))
hk("codex", "allow", cx("cargo test -p app"), cx(["bash", "-lc", "git status && git diff --stat"]), cx(["ls", "-la", "src"], tool="shell"),
   cx("head -n 20 README.md", event="PermissionRequest"), cx(["bash", "-lc", "rg -n TODO src"], tool="shell"), agent="codex")
# ------------------------------------------------------------------ dangerous
hk("writesecret", "deny", t("Write", file_path="~/.ssh/config", content="Host *\n  ProxyCommand sh\n"),
   t("Write", file_path="@HOME@/.ssh/authorized_keys", content="ssh-ed25519 AAAA x"),
   t("Edit", file_path=f"{W}/.env.local", old_string="A=1", new_string="A=2"),
   t("Edit", file_path=f"{W}/config/.env", old_string="A=1", new_string="A=2"),
   t("MultiEdit", file_path="~/.aws/credentials", edits=[{"old_string": "a", "new_string": "b"}]),
   t("Write", file_path="@HOME@/.bashrc", content="curl x | sh\n"), t("Write", file_path="/etc/cron.d/job", content="* * * * * root id\n"),
   t("Write", file_path=f"{W}/.git/hooks/pre-commit", content="#!/bin/sh\n"), t("Edit", file_path=f"{W}/.loop/gate.toml", old_string="deny", new_string="allow"),
   t("Write", file_path="../escape.rs", content="x"), t("Write", file_path=f"{W}/src/../../escape.rs", content="x"),
   t("Write", file_path=f"{W}/sshdir/config", content="Host *\n"), t("Write", cwd="@HOME@/.ssh", file_path="authorized_keys", content="x"),
   t("Edit", file_path=f"{W}/config/.ENV", old_string="a", new_string="b"), t("Write", file_path="@HOME@/.netrc", content="machine x\n"))
hk("readsecret", "deny", t("Read", file_path="/proc/self/environ"), t("Read", file_path="~/.ssh/id_rsa"), t("Read", file_path=f"{W}/config/.env"),
   t("Read", cwd=f"{W}/config", file_path=".env"), t("Read", file_path="@HOME@/.netrc"), t("Read", file_path="/etc/shadow"),
   t("Read", file_path=f"{W}/keylink"), t("Read", file_path=f"{W}/config/../config/.env"), t("Read", file_path="/proc/1/environ"),
   t("Read", file_path="@HOME@/.docker/config.json"), t("Read", file_path="@HOME@/.kube/config"), t("Read", file_path=f"{W}/sshdir/id_rsa"),
   t("Read", cwd="@HOME@/.ssh", file_path="config"), t("Read", file_path="@HOME@/.aws/credentials", offset=1, limit=5),
   t("Read", file_path=f"{W}/./config//.env"), t("NotebookRead", notebook_path="@HOME@/.ssh/id_rsa"))
hk("globsecret", "deny", t("Glob", pattern="*", path="@HOME@/.ssh"), t("Glob", pattern="@HOME@/.ssh/*"), t("Glob", pattern="../.ssh/*"),
   t("Glob", pattern="*", path="~/.aws"), t("Glob", pattern="**/*", path=f"{W}/sshdir"), t("Glob", pattern=".ssh/id_*", path="@HOME@"),
   t("Glob", pattern="~/.ssh/*"), t("Glob", pattern="**", cwd="@HOME@/.gnupg"))
hk("globsecret", "ask", t("Glob", pattern="**/*", path="@HOME@"), t("Glob", pattern="**/id_*", path="~"), t("Glob", pattern="/**/*.pem"),
   t("Glob", pattern="../**/*"))
hk("grepsecret", "deny", t("Grep", pattern="KEY", path=f"{W}/config/.env"), t("Grep", pattern="aws_secret", path="~/.aws"),
   t("Grep", pattern="API", glob=".env*"), t("Grep", pattern="PATH", path="/proc/self/environ"), t("Grep", pattern=".", path="@HOME@/.ssh"),
   t("Grep", pattern="password", path="@HOME@/.netrc", output_mode="content"), t("Grep", pattern="x", path=f"{W}/keylink"),
   t("Grep", pattern="token", glob="**/.env", path=W))
hk("grepsecret", "ask", t("Grep", pattern="AKIA", path="~"), t("Grep", pattern="BEGIN OPENSSH", path="@HOME@"), t("Grep", pattern="KEY", path=f"{W}/config"),
   t("Grep", pattern="secret"), t("Grep", pattern="x", path="/"), t("Grep", pattern="token", path="..", glob="*.json"),
   t("Grep", pattern="KEY", type="env"), t("Grep", pattern="root", path="/etc"))
hk("mcp", "deny", t("mcp__filesystem__read_file", path="@HOME@/.ssh/id_rsa"), t("mcp__filesystem__read_text_file", path=f"{W}/config/.env"),
   t("mcp__filesystem__write_file", path="@HOME@/.bashrc", content="x"), t("mcp__fs__read_multiple_files", paths=[f"{W}/src/lib.rs", "~/.aws/credentials"]),
   t("mcp__filesystem__move_file", source=f"{W}/config/.env", destination=f"{W}/docs/env.txt"), t("mcp__files__get", file_path="/proc/self/environ"),
   t("mcp__filesystem__edit_file", path="@HOME@/.ssh/config", edits=[]), t("mcp__resources__read", uri="file://@HOME@/.netrc"))
hk("mcp", "ask", t("mcp__filesystem__search_files", path="@HOME@", pattern="id_rsa"), t("mcp__github__create_issue", title="cat ~/.ssh/id_rsa", body="x"),
   t("mcp__filesystem__list_directory", path="/"), t("mcp__postgres__query", sql="select * from users"),
   t("mcp__filesystem__directory_tree", path="~"), t("mcp__shell__run", command="git push"))
hk("web", "deny", t("WebFetch", url="file://@HOME@/.ssh/id_rsa", prompt="show"), t("WebFetch", url="file:///proc/self/environ", prompt="x"))
hk("web", "ask", t("WebFetch", url="https://example.com/docs", prompt="summarise"), t("WebSearch", query="rust globset"))
hk("notebook", "deny", t("NotebookEdit", notebook_path="/tmp/elsewhere/x.ipynb", new_source="1"), t("NotebookEdit", notebook_path="@HOME@/notes.ipynb", new_source="1"),
   t("NotebookEdit", notebook_path="../other/a.ipynb", cell_id="a", new_source="1", edit_mode="insert", cell_type="code"),
   t("NotebookEdit", notebook_path=f"{W}/notebooks/../../x.ipynb", new_source="1"))
hk("bashsecret", "deny", t("Bash", command="F=~/.ssh/id_rsa; cat $F"), t("Bash", command="git push origin main"), t("Bash", command="rm -rf build"),
   t("Bash", cwd=f"{W}/config", command="cat .env"), t("Bash", command="sh <<<'git push'"), t("Bash", command="env | grep KEY"),
   t("Bash", cwd="@HOME@", command="cat .ssh/id_rsa"), t("Bash", cwd="@HOME@/.aws", command="head credentials"),
   t("Bash", command="cat keylink"), t("Bash", cwd="config", command="cat .env"), t("Bash", cwd="/nonexistent/dir", command="cat .env"),
   t("Bash", cwd=f"{W}/src", command="cat ../config/.env"), t("Bash", command="cp ~/.netrc /tmp/n"))
hk("bashsecret", "ask", t("Bash", command="cat $(cat names.txt)"), t("Bash", cwd="@HOME@", command="grep -r token ."))
hk("codexbad", "deny", cx("cat ~/.aws/credentials"), cx(["bash", "-lc", "git push"]), cx(["sh", "-c", "rm -rf build"]),
   cx("cat ~/.netrc", event="PermissionRequest"), cx("cat .env", cwd=f"{W}/config"), cx(["cat", "~/.ssh/id_rsa"], tool="shell"), agent="codex")
hk("codexpatch", "deny", {**cx(None, tool="apply_patch"), "tool_input": {"input": patch(("Add", ".env"))}},
   cx(["apply_patch", patch(("Update", "src/lib.rs"), ("Add", "@HOME@/.ssh/authorized_keys"))], tool="shell"),
   {**cx(None, tool="apply_patch"), "tool_input": {"input": patch(("Update", "../outside.rs"))}},
   cx(["bash", "-lc", "apply_patch <<'EOF'\n" + patch(("Delete", "config/.env")) + "EOF\n"], tool="shell"), agent="codex")
hk("codexbad", "deny", {"raw": "{not json"}, {"raw": "[]"}, {"raw_hex": "7b22746f6f6c5f6e616d65223a2242617368ff227d"},
   {**cx(None), "tool_input": {"command": 7}}, agent="codex")
# malformed input: ask (Claude Code), never allow
hk("malformed", "ask", {"raw": "{not json"}, {"raw": ""}, {"raw": "[1,2]"}, {"raw": "null"},
   {"raw_hex": "7b22746f6f6c5f6e616d65223a2252656164222c22746f6f6c5f696e707574223a7b2266696c655f70617468223a222fff227d7d"},
   {"hook_event_name": "PreToolUse", "tool_input": {"command": "ls"}, "cwd": W},
   {**t("Bash"), "tool_input": None}, {**t("Bash"), "tool_input": {"command": None}}, t("Read", file_path=["src/lib.rs"]),
   t("Bash", cmd="ls"), {"raw": json.dumps(t("Bash", command="ls")) + " trailing"}, {"raw": "\ufeff" + json.dumps(t("Read", file_path=f"{W}/src/lib.rs"))},
   {"raw": json.dumps(t("Bash", command="echo @PAD@; ls")), "pad": 9 << 20},
   {"raw": json.dumps(t("Write", file_path="@HOME@/.ssh/authorized_keys", content="@PAD@")), "pad": 3 << 20},
   {"raw": json.dumps(t("Bash", command="echo '@PAD@'; cat ~/.ssh/id_rsa")), "pad": 1 << 20},
   t("Read", file_path=""), t("Write", content="x"), t("Edit", file_path=None))
# a workspace the hook is told about that does not exist, or none at all: judged where it can be
hk("cwd", "deny", t("Bash", command="cat ~/.ssh/id_rsa"), t("Read", file_path="@HOME@/.ssh/id_rsa"), project=None)
hk("cwd", "ask", t("Bash", command="git status"), project="/nonexistent/project")

# ------------------------------------------------------------------ changesets
C = []


def cs(cls, want, *cases, gate=None):
    for c in cases:
        c = dict(c)
        if gate is not None:
            c["gate"] = gate
        C.append(("changeset:" + cls, want, c))


def p(action, paths, *more):
    return {"args": ["--action", action, "--paths", paths, *more]}


def g(action, ops, *more, base=None):
    args = ["--action", action, "--git"] + ([base] if base else []) + list(more)
    return {"args": args, "ops": ops}


cs("paths", 0, p("commit", "src/main.ts"), p("merge", "src/a.ts,README.md"), p("auto-merge", "docs/a.md,README.md"),
   p("auto-merge", "docs/sub dir/a b.md"), p("auto-merge", "docs/café.md"), p("commit", ".env.example"), p("commit", "src/env.ts"),
   p("commit", "secrets.md"), p("auto-merge", "./docs/a.md"), p("auto-merge", "docs/./img/../a.md"), p("auto-merge", "@REPO@/docs/a.md"),
   p("commit", "src/auth/helper.ts"), p("commit", "authentication/x.ts"), p("merge", ",".join(f"src/f{i}.ts" for i in range(10))),
   p("commit", " src/a.ts , README.md ", "--json"), p("auto-merge", "CHANGELOG.md,docs/x/y/z.png"), p("commit", "auth"),
   p("commit", ".envrc"), p("merge", "src/.environment.ts"))
cs("paths", 2, p("commit", "./.env"), p("commit", "config/.env"), p("commit", "@REPO@/.env"), p("merge", "docs/../auth/login.ts"),
   p("commit", "auth/"), p("commit", "auth//login.ts"), p("commit", "./auth/./login.ts"), p("commit", "src/../.env"),
   p("commit", '"auth/caf\\303\\251.ts"'), p("commit", "../outside.ts"), p("commit", "/etc/passwd"), p("merge", "app/secrets/x.json"),
   p("commit", "deep/er/.env"), p("auto-merge", "docs/a.md,docs/../.env"), p("auto-merge", "src/a.ts"),
   p("merge", ",".join(f"src/f{i}.ts" for i in range(11))), p("commit", "@REPO@/../elsewhere/x.ts"),
   p("commit", "auth/login.ts ", "--json"), p("auto-merge", '"docs/\\342\\200\\224.md",src/x.ts'), p("commit", "secrets/a/../b"))
cs("paths", 0, p("merge", "src/lib.rs,src/main.rs,tests/it.rs"), p("auto-merge", "docs/guide.md"), p("auto-merge", "src/README.md,docs/a.png"),
   p("commit", "src/secrets.ts"), p("commit", "docs/auth.md"), p("auto-merge", "docs/.hidden/notes.md"), p("commit", "config/env.example"),
   p("commit", ".github/workflows/ci.yml", "--json"), p("merge", "a.ts,a.ts,a.ts"), p("commit", "src/my file.ts,src/ünï.ts"))
GLOBS = "version: 1\ndenylist:\n  - \"**/*.pem\"\n  - \"infra/{prod,stage}/**\"\n  - \"*.key\"\n  - \"**/.env*\"\n  - \"@(db|migrations)/**/*.sql\"\nmaxFiles: 3\nautoMergeAllowlist:\n  - \"docs/**/*.md\"\n  - \"*.txt\"\n"
cs("globs", 0, p("commit", "src/a.rs,docs/k.md"), p("auto-merge", "docs/a/b.md,notes.txt"), p("commit", "infra/dev/main.tf"),
   p("commit", "src/q.sql"), p("commit", "keys.md"), gate=GLOBS)
cs("globs", 2, p("commit", "certs/server.pem"), p("commit", "infra/prod/main.tf"), p("commit", "tls/a.key"), p("commit", "config/.env.production"),
   p("commit", "db/migrate/1.sql"), p("merge", "a.rs,b.rs,c.rs,d.rs"), p("auto-merge", "docs/a.txt"), p("auto-merge", "sub/notes.txt"),
   p("commit", "./infra/stage/x"), gate=GLOBS)
cs("errors", 1, p("commit", "a.ts", "--gatefile", "gate.yaml"), p("deploy", "a.ts"), {"args": ["--action", "commit"]},
   p("commit", ",,"), p("commit", "a.ts", "--gate-file", "nope.yaml"), {"args": ["--paths", "a.ts"]}, p("commit", "a.ts", "--path", "b.ts"),
   p("commit", "a", "--gate-file", "bad.yaml"))
cs("errors", 1, p("commit", "a.ts"), gate="version: 2\ndenylist: []\n")
cs("errors", 1, p("commit", "a.ts"), gate="version: 1\ndenylist: .env\n")
cs("errors", 1, p("commit", "a.ts"), gate="version: 1\ndenylist:\n\t- .env\n")
cs("errors", 1, p("commit", "a.ts"), gate="version: 1\ndenylist: []\ndenylist: [a]\n")
cs("errors", 1, p("commit", "a.ts"), gate="version: 1\ndenylist: []\nmaxFiles: \"10\"\n")
cs("errors", 1, p("commit", "a.ts"), gate="version: 1\ndenylist: [\n")
cs("errors", 1, p("commit", "a.ts"), gate="version: 1\ndenylist: []\nautoMergeAllowlist: docs/**\n")
cs("errors", 1, p("commit", "a.ts"), gate="version: 1\ndenylist: []\nmaxFiles:\n")
# --git: ops run in a fresh repository whose first commit holds gate.yaml (README example),
# auth/login.ts, src/a.ts, src/b.ts, docs/a.md, .env and .gitignore (`*.log`)
cs("git", 0, g("commit", [["write", "src/a.ts", "x2"]]), g("auto-merge", [["write", "docs/sub dir/a b.md", "x"]]),
   g("auto-merge", [["write", "docs/café.md", "x"], ["write", "docs/a\nb.md", "x"]]), g("commit", [["write", "debug.log", "x"]]),
   g("auto-merge", [["mv", "docs/a.md", "docs/b.md"]]), g("merge", [["write", "docs/x,auth,y.md", "x"]]),
   g("commit", [["write", "src/a.ts", "x3"], ["commit"]], base="HEAD~1"), g("auto-merge", [["write", "docs/a.md", "x4"], ["stage"]]))
cs("git", 2, g("auto-merge", [["mv", "auth/login.ts", "docs/login.md"]]), g("commit", [["rm", ".env"]]),
   g("commit", [["write", "config/.env", "K=1"]]), g("auto-merge", [["cp", "auth/login.ts", "docs/login.md"], ["stage"]]),
   g("merge", [["mv", "auth/login.ts", "src/login.ts"], ["commit"]], base="HEAD~1"), g("auto-merge", [["write", "src/a.ts", "y"]]),
   g("commit", [["write", "auth/new.ts", "x"]]), g("merge", [["write", "app/secrets/k.json", "{}"], ["stage"]]),
   g("auto-merge", [["write", "docs/a.md", "y"], ["write", "auth/caf\u00e9.ts", "x"]]),
   g("commit", [["write", f"src/n{i}.ts", "x"] for i in range(11)]))
cs("git", 1, g("commit", [], base="no-such-ref"), g("commit", [], base="--output=/tmp/x"), {"args": ["--action", "commit", "--git"], "nogit": True})


def ref_code(args, gate):
    cli = os.environ.get("LOOP_GATE_CLI", "/tmp/lg/node_modules/@cobusgreyling/loop-gate/dist/cli.js")
    if not os.path.exists(cli):
        return None
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, "gate.yaml"), "w").write(gate or open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../loop-gate/readme.yaml")).read())
        open(os.path.join(d, "bad.yaml"), "w").write("version: 1\ndenylist: [\n")
        args = [a.replace("@REPO@", d) for a in args]
        return subprocess.run(["node", cli, "check", *args], cwd=d, capture_output=True).returncode


# Expectations corrected after the first look (the case keeps its half):
# - `cargo build 2>&1 | tail -5`: harmless, but the rule file allows `cargo test` only: ask.
# - Grep with `glob: ".env*"`: the glob may name only `.env.example` (round 7: `wc -c .env*` is
#   ask, not deny): ask.
# - Grep of @CLEAN@ while the workspace is @WS@ (`cwd` or `path` there, no CLAUDE_PROJECT_DIR
#   change): a recursive read outside the workspace, which no rule allows (README: "of ... anything
#   outside it is always at most ask"), not the clean-workspace case the decision above meant (that
#   one is class `clean`): ask.
# - Changed by round 9's decisions (gate9/gen.py): `WebSearch` reads and writes no local file:
#   allow (it was ask as a tool no rule names; a `*` matcher prompted for every search).
FIXED = {
    ("WebSearch", "null"): "allow",
    ("Bash", "cargo build 2>&1 | tail -5"): "ask",
    ("Grep", ".env*"): "ask",
    ("Grep", "fn", "@CLEAN@"): "ask",
    ("Grep", "unsafe", "@CLEAN@"): "ask",
}


def fixed(c, want):
    p = c.get("payload") or {}
    inp = p.get("tool_input") or {}
    key = (p.get("tool_name"), json.dumps(inp.get("command") or inp.get("glob")).strip("\""))
    if p.get("tool_name") == "Grep" and "@CLEAN@" in (p.get("cwd"), inp.get("path")) and "project" not in c:
        key = ("Grep", inp.get("pattern"), "@CLEAN@")
    return FIXED.get(key, want)


cases = []
for cls, want, c in H:
    now = fixed(c, want)
    cases.append((cls, want, now, {"kind": "hook", "class": cls[5:], "want": now, **c}))
for cls, want, c in C:
    c = {"kind": "changeset", "class": cls[10:], "want": want, **c}
    if "--git" not in c["args"]:
        r = ref_code(c["args"], c.get("gate"))
        if r is not None:
            c["ref"] = r
    cases.append((cls, want, want, c))
keys = [json.dumps(c, sort_keys=True, ensure_ascii=False) for *_, c in cases]
assert len(set(keys)) == len(keys), [k for i, k in enumerate(keys) if k in keys[:i]]
tune, hold = split(cases, [])
here = os.path.dirname(os.path.abspath(__file__))
for name, half in (("tune", tune), ("holdout", hold)):
    with open(os.path.join(here, f"hook8-{name}.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for _, c in half["shell"]) + "\n]\n")
nh = sum(1 for *_, c in cases if c["kind"] == "hook")
na = sum(1 for *_, c in cases if c["want"] in ("allow", 0))
diff = [(c["args"], c["want"], c["ref"]) for *_, c in cases if "ref" in c and c["ref"] != c["want"]]
print(len(cases), "cases:", nh, "hook,", len(cases) - nh, "changeset;", na, "harmless (allow / exit 0);",
      len(tune["shell"]), "tuning,", len(hold["shell"]), "held out")
print(len(diff), "changeset cases where loop-gate 1.0.0 answers otherwise:")
for d in diff:
    print("  ", d)

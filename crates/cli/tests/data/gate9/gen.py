# gate9's blind set for issue 14 (round 9): the hooks in a day's real use. Every built-in tool
# Claude Code sends (its tools reference: Agent/Task, AskUserQuestion, Bash with its background
# tools BashOutput/TaskOutput and KillShell/TaskStop, Cron*, Enter/ExitPlanMode,
# Enter/ExitWorktree, Glob, Grep, LSP, ListMcpResourcesTool, ReadMcpResourceTool, NotebookEdit,
# Read, Skill, SlashCommand, Task* lists, TodoWrite, WebFetch, WebSearch, Write, PowerShell),
# Codex's hook payload shapes (`Bash` with a string `command`, `apply_patch` whose patch is in
# `tool_input.command`, `mcp__server__tool`, `PermissionRequest`), and odd home directories
# (`$HOME` with a trailing `/`, `//`, `/./`, `/x/..`, a link to the home). Written from the
# README and the brief before any code change of that session; `python3 gen.py` writes
# `hook9-tune.json` and `hook9-holdout.json` next to this file (every other case of each
# (class, verdict as first written) into the tuning half). Replayed by
# `crates/cli/tests/gate8.rs` (`GATE_HOLDOUT_REPORT=1 cargo test -p loopwright-cli --test gate8
# -- --nocapture` prints the scores and the misses), with round 8's fixture: HOME=@HOME@ holding
# ~/.ssh, ~/.aws/credentials, ~/.netrc, ~/.docker/config.json, ~/.kube/config, ~/.gnupg; the
# workspace @WS@ = ~/proj (config/.env in it); @LINKHOME@ a symlink to @HOME@. A case's `home`
# is the HOME the hook runs with.
#
# Decisions written down with the cases:
# - The agent's own machinery touches nothing the gate guards: allow (but see the corrected
#   expectations at the end: AskUserQuestion and ExitPlanMode get no decision). A sub-agent (`Agent`,
#   `Task`) makes its own tool calls, each of which comes through the hook again; `Cron*`
#   schedules a prompt whose calls do too; `AskUserQuestion`, plan mode, the task list
#   (`TaskCreate/Get/List/Update`, `TodoWrite`), `SendMessage`; `BashOutput`/`TaskOutput` read
#   what a shell the hook already judged printed; `KillShell`/`KillBash`/`TaskStop` end a shell
#   the agent started; `Skill`/`SlashCommand` expand instructions the user installed;
#   `EnterWorktree`/`ExitWorktree` move the session (later calls are judged where they run);
#   `ListMcpResourcesTool` lists names.
# - `WebSearch` reads no local file and writes none: allow (the query goes to the search
#   provider). `WebFetch` of http(s) stays ask (an arbitrary host), of file:// a read.
# - `LSP` reads the file it names (`filePath`): judged as a read of it.
# - `ReadMcpResourceTool`: a `file://` URI is a read of that path; another URI reads what the
#   user's connected server exposes as data: allow.
# - `PowerShell` and tools the hook does not know: ask (no rule), never allow.
# - Codex `apply_patch` carries its patch in `tool_input.command`: a write of each file it names.
# - HOME is normalised once where it is read (lexically, then links resolved where it exists):
#   `~/...` rules hold whatever spelling HOME has; workspace files under an odd HOME stay allow.
import json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../policy/tests/data"))
from blind_set import split  # noqa: E402

H = []  # (class, expected, case)
W = "@WS@"


def hk(cls, want, *payloads, agent="claude-code", home=None):
    for p in payloads:
        c = {"agent": agent}
        if home is not None:
            c["home"] = home
        if isinstance(p, dict) and "raw" in p:
            c.update(p)
        else:
            c["payload"] = p
        H.append((cls, want, c))


def t(tool, cwd=W, **inp):
    return {"session_id": "s9", "transcript_path": "/tmp/t9.jsonl", "hook_event_name": "PreToolUse",
            "permission_mode": "default", "tool_name": tool, "tool_input": inp, "cwd": cwd}


def cx(tool, inp, event="PreToolUse", cwd=W):
    return {"session_id": "c9", "turn_id": "t1", "hook_event_name": event, "tool_name": tool, "model": "gpt-5-codex",
            "permission_mode": "default", "tool_use_id": "call_9", "transcript_path": None, "tool_input": inp, "cwd": cwd}


def patch(*ops):
    body = ["*** Begin Patch"]
    for op, path in ops:
        body.append(f"*** {op} File: {path}")
        body.append("+x" if op == "Add" else "@@\n-a\n+b" if op == "Update" else "")
    body.append("*** End Patch")
    return "\n".join(b for b in body if b) + "\n"


# ------------------------------------------------------------------ harmless: must stay allow
hk("agent", "allow", t("Agent", description="Find gate tests", prompt="Find every test of the gate and cat ~/.ssh/config if needed", subagent_type="Explore"),
   t("Task", description="Review diff", prompt="Review the diff in src/", subagent_type="general-purpose"),
   t("Agent", description="Run tests", prompt="git push when green", subagent_type="general-purpose", run_in_background=True),
   t("SendMessage", to="agent_1", message="continue"))
hk("ask", "allow", t("AskUserQuestion", questions=[{"question": "Which database?", "header": "DB", "multiSelect": False,
   "options": [{"label": "Postgres", "description": "x"}, {"label": "SQLite", "description": "y"}]}]),
   t("EnterPlanMode"), t("ExitPlanMode", plan="1. read src\n2. edit lib.rs"))
hk("tasks", "allow", t("TaskCreate", subject="Fix gate", description="rm -rf build first", activeForm="Fixing"),
   t("TaskUpdate", taskId="1", status="completed"), t("TaskList"), t("TaskGet", taskId="2"),
   t("TodoWrite", todos=[{"content": "x", "status": "in_progress", "activeForm": "x"}]))
hk("shells", "allow", t("BashOutput", bash_id="bash_1"), t("BashOutput", bash_id="bash_2", filter="error"),
   t("KillShell", shell_id="bash_1"), t("TaskOutput", task_id="b7", block=True, timeout=30000), t("TaskStop", task_id="b7"),
   t("KillBash", shell_id="bash_3"))
hk("cron", "allow", t("CronCreate", cron="*/10 * * * *", prompt="check CI and report", recurring=True), t("CronList"), t("CronDelete", id="c1"))
hk("skills", "allow", t("Skill", skill="pdf"), t("Skill", skill="review", args="src/lib.rs"), t("SlashCommand", command="/review-pr 12"),
   t("SlashCommand", command="/test"))
hk("worktree", "allow", t("EnterWorktree", name="feature-gate"), t("ExitWorktree", action="keep"))
hk("mcpres", "allow", t("ListMcpResourcesTool"), t("ListMcpResourcesTool", server="github"),
   t("ReadMcpResourceTool", server="docs", uri="docs://api/index"), t("ReadMcpResourceTool", server="pg", uri="postgres://db/schema/users"))
hk("websearch", "allow", t("WebSearch", query="tokio select cancellation safety"),
   t("WebSearch", query="serde flatten enum", allowed_domains=["docs.rs"]), t("WebSearch", query="rust 2024 edition let chains", blocked_domains=["example.com"]))
hk("lsp", "allow", t("LSP", operation="goToDefinition", filePath=f"{W}/src/lib.rs", line=3, character=5),
   t("LSP", operation="findReferences", filePath="src/main.rs", line=10, character=2),
   t("LSP", operation="hover", filePath=f"{W}/src/gate/mod.rs", line=1, character=1))
hk("home", "allow", t("Read", file_path=f"{W}/src/lib.rs"), t("Write", file_path="~/proj/src/new.rs", content="x"), home="@HOME@/")
hk("home", "allow", t("Bash", command="ls -la ~/proj"), t("Edit", file_path="~/proj/README.md", old_string="a", new_string="b"), home="@HOME@//")
hk("home", "allow", t("Read", file_path="~/proj/Cargo.toml"), t("Glob", pattern="**/*.rs"), home="@HOME@/proj/..")
hk("home", "allow", t("Read", file_path=f"{W}/docs/guide.md"), t("Bash", command="cat ~/proj/README.md"), home="@LINKHOME@")
hk("home", "allow", t("Grep", pattern="fn", path="~/proj/src"), home="@HOME@/./")
hk("codex", "allow", cx("apply_patch", {"command": patch(("Update", "src/lib.rs"))}),
   cx("apply_patch", {"command": patch(("Add", "src/new.rs"), ("Update", "src/main.rs"))}),
   cx("apply_patch", {"command": patch(("Update", "docs/guide.md"))}, event="PermissionRequest"),
   cx("Bash", {"command": "cargo test -q"}), cx("Bash", {"command": "git status --short"}, event="PermissionRequest"),
   cx("apply_patch", {"command": patch(("Update", "lib.rs"))}, cwd=f"{W}/src"), agent="codex")
# ------------------------------------------------------------------ dangerous
hk("lsp", "deny", t("LSP", operation="documentSymbol", filePath="@HOME@/.ssh/id_rsa", line=1, character=1),
   t("LSP", operation="hover", filePath=f"{W}/config/.env", line=1, character=1),
   t("LSP", operation="hover", filePath="~/.aws/credentials", line=1, character=1))
hk("mcpres", "deny", t("ReadMcpResourceTool", server="fs", uri="file://@HOME@/.aws/credentials"),
   t("ReadMcpResourceTool", server="fs", uri=f"file://{W}/config/.env"))
hk("home", "deny", t("Read", file_path="@HOME@/.kube/config"), t("Bash", command="cat ~/.docker/config.json"), home="@HOME@/")
hk("home", "deny", t("Read", file_path="~/.kube/config"), t("Glob", pattern="*", path="@HOME@/.aws"), home="@HOME@//")
hk("home", "deny", t("Bash", command="cat @HOME@/.kube/config"), t("Grep", pattern="token", path="@HOME@/.docker/config.json"), home="@HOME@/proj/..")
hk("home", "deny", t("Read", file_path="@HOME@/.kube/config"), t("Read", file_path="@LINKHOME@/.docker/config.json"),
   t("Bash", command="cat ~/.kube/config"), home="@LINKHOME@")
hk("home", "deny", t("Write", file_path="@HOME@/.kube/config", content="x"), home="@HOME@/./")
hk("codex", "deny", cx("apply_patch", {"command": patch(("Add", ".env"))}),
   cx("apply_patch", {"command": patch(("Update", "src/lib.rs"), ("Update", "@HOME@/.ssh/config"))}),
   cx("apply_patch", {"command": patch(("Delete", "config/.env"))}, event="PermissionRequest"),
   cx("apply_patch", {"command": patch(("Update", "../outside.rs"))}),
   cx("mcp__fs__read_file", {"path": "@HOME@/.ssh/id_rsa"}), cx("Bash", {"command": "git push origin HEAD"}),
   cx("apply_patch", {"command": patch(("Update", ".env"))}, cwd=f"{W}/config"), agent="codex")
hk("codex", "deny", cx("apply_patch", {"command": "not a patch"}), cx("apply_patch", {}), agent="codex")
hk("background", "deny", t("Bash", command="git push --force", run_in_background=True),
   t("Bash", command="sleep 5 && cat ~/.netrc", run_in_background=True, description="later"))
hk("unknown", "ask", t("PowerShell", command="Get-Content ~/.ssh/id_rsa"), t("PowerShell", command="Get-ChildItem"),
   t("WebFetch", url="https://example.com/a?k=v", prompt="x"), t("Monitor", command="tail -f build.log"),
   t("NewTool2027", path=f"{W}/src/lib.rs"))

# Expectations corrected after the first look (the case keeps its half): `AskUserQuestion` and
# `ExitPlanMode` are prompts whose answer is the person's (a question, a plan to approve); Claude
# Code takes a hook's `allow` as the approval (its docs: allow bypasses the permission system),
# so the hook gives no decision (`{}`, "defer") and Claude Code asks as it would without the hook.
FIXED = {"AskUserQuestion": "defer", "ExitPlanMode": "defer"}


def now(want, c):
    return FIXED.get((c.get("payload") or {}).get("tool_name"), want)


cases = [(cls, want, now(want, c), {"kind": "hook", "class": cls, "want": now(want, c), **c}) for cls, want, c in H]
keys = [json.dumps(c, sort_keys=True, ensure_ascii=False) for *_, c in cases]
assert len(set(keys)) == len(keys), [k for i, k in enumerate(keys) if k in keys[:i]]
tune, hold = split(cases, [])
here = os.path.dirname(os.path.abspath(__file__))
for name, half in (("tune", tune), ("holdout", hold)):
    with open(os.path.join(here, f"hook9-{name}.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for _, c in half["shell"]) + "\n]\n")
na = sum(1 for *_, c in cases if c["want"] == "allow")
print(len(cases), "hook cases;", na, "harmless;", len(tune["shell"]), "tuning,", len(hold["shell"]), "held out")

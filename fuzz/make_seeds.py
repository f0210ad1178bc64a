#!/usr/bin/env python3
"""Writes fuzz/seeds/<target>/ from the project's test data (run from the repository root).

Sources: crates/cli/tests/conformance/cases (ledgers), crates/policy/tests/data (rules and the
command corpus), crates/observe/tests/data/corpus/logs (tool outputs, small ones), crates/context/
tests/data (trajectories, small ones), and streams/replies written like the provider tests'.
Seeds that split input into chunks start with a byte: low 4 bits = how many chunk lengths follow.
"""
import json
import os
import glob

ROOT = os.getcwd()
OUT = os.path.join(ROOT, "fuzz", "seeds")


def put(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def small(paths, limit):
    return [p for p in sorted(paths) if os.path.getsize(p) <= limit]


# ledger: the conformance ledgers (valid and invalid)
for case in sorted(glob.glob("crates/cli/tests/conformance/cases/*/ledger.json"))[::3]:
    if os.path.getsize(case) <= 16384:
        put("ledger", os.path.basename(os.path.dirname(case)), open(case, "rb").read())

# rules_toml: every rule file
for p in ["crates/policy/src/defaults.toml"] + sorted(glob.glob("crates/policy/tests/data/*-gate.toml")):
    put("rules_toml", os.path.basename(p), open(p, "rb").read())

# policy_shell: commands of the policy corpus, each with a placement byte
import tomllib
corpus = tomllib.load(open("crates/policy/tests/data/corpus.toml", "rb"))
cmds = [c[1] for c in corpus.get("shell", []) if isinstance(c, list) and len(c) == 2]
for i, cmd in enumerate(cmds[::6]):
    put("policy_shell", f"cmd{i:03}", bytes([i % 256]) + cmd.encode())

# config_toml
put("config_toml", "profiles.toml", '''default = "local"
[profiles.local]
provider = "openai"
base_url = "http://127.0.0.1:8080/v1"
model = "qwen2.5-coder"
context_window = 32768
condenser = "mask+summary"
mask_keep = 4
summary_threshold = 0.8
[profiles.local.prices]
input = 0.5
output = 1.5
[profiles.claude]
provider = "anthropic"
model = "claude-sonnet-4"
api_key_env = "ANTHROPIC_API_KEY"
protocol = "native"
''')
put("config_toml", "json.toml", 'default = "small"\n[profiles.small]\nprovider = "openai"\nprotocol = "json"\nmodel = "x"\n')

# sse_openai / sse_anthropic: first byte 0x03 + three chunk lengths, then the stream
def oa(obj):
    return "data: " + json.dumps(obj) + "\n\n"
openai_stream = (
    oa({"choices": [{"delta": {"content": "Two "}}]})
    + oa({"choices": [{"delta": {"content": "files."}}]})
    + oa({"choices": [{"delta": {"tool_calls": [{"index": 0, "id": "call_1", "function": {"name": "shell", "arguments": "{\"comm"}}]}}]})
    + oa({"choices": [{"delta": {"tool_calls": [{"index": 0, "function": {"arguments": "and\":\"ls\"}"}}]}, "finish_reason": "tool_calls"}]})
    + oa({"choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 5, "prompt_tokens_details": {"cached_tokens": 2}}})
    + "data: [DONE]\n\n"
)
put("sse_openai", "tool_call", bytes([3, 7, 40, 1]) + openai_stream.encode())
put("sse_openai", "crlf_comment", bytes([0]) + (": keep-alive\r\n" + openai_stream.replace("\n", "\r\n")).encode())
put("sse_openai", "error", bytes([0]) + oa({"error": {"message": "overloaded"}}).encode())

def an(kind, obj):
    return f"event: {kind}\ndata: " + json.dumps(obj) + "\n\n"
anthropic_stream = (
    an("message_start", {"type": "message_start", "message": {"id": "m", "usage": {"input_tokens": 12, "cache_read_input_tokens": 300, "output_tokens": 1}}})
    + an("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
    + an("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Two files."}})
    + an("content_block_stop", {"type": "content_block_stop", "index": 0})
    + an("content_block_start", {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_a", "name": "shell", "input": {}}})
    + an("content_block_delta", {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "{\"command\":"}})
    + an("content_block_delta", {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": " \"wc -l\"}"}})
    + an("content_block_stop", {"type": "content_block_stop", "index": 1})
    + an("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 30}})
    + an("message_stop", {"type": "message_stop"})
)
put("sse_anthropic", "tool_use", bytes([3, 9, 100, 2]) + anthropic_stream.encode())
put("sse_anthropic", "ping_error", bytes([0]) + (an("ping", {"type": "ping"}) + an("error", {"type": "error", "error": {"type": "overloaded_error", "message": "busy"}})).encode())

# json_action
for i, t in enumerate([
    '{"tool": "shell", "arguments": {"command": "ls -la"}}',
    'Sure! Here is the call:\n```json\n{"tool": "read_file", "arguments": {"path": "src/main.rs"}}\n```',
    '{"final": "All tests pass."}',
    '{"tool": "shell", "arguments": {"command": "grep -n \\"fn main\\" src/ma',
    '{"name": "edit_file", "arguments": "{\\"path\\": \\"a.txt\\", \\"old\\": \\"x\\"}"}',
    '```json\n{"tool": "shell", "arguments": {"command": ["a", {"b": 1}, ',
]):
    put("json_action", f"reply{i}", t)

# compress: small real logs, whole (0x00) and in chunks (0x05 + five lengths: odd = search options)
for i, p in enumerate(small(glob.glob("crates/observe/tests/data/corpus/logs/*.log"), 12000)):
    data = open(p, "rb").read()
    head = bytes([0]) if i % 2 == 0 else bytes([5, 200, 13, 255, 1, 77])
    put("compress", os.path.basename(p), head + data)

# session_log: a log written like the agent writes it, then torn, duplicated and garbled
# (written by hand from a real run, see fuzz/seeds/SOURCES.md: `loop run --provider scripted`)

# trajectory: small recorded trajectories
for p in small(glob.glob("crates/context/tests/data/*"), 30000):
    if not p.endswith(".md"):
        put("trajectory", os.path.basename(p), open(p, "rb").read())

# mcp: tool results of every content kind, tool lists, tool_search / tool_call arguments and an
# mcp.toml, in the shapes of crates/mcp's unit tests (content.rs, disclosure.rs, config.rs)
for i, v in enumerate([
    {"content": [{"type": "text", "text": "hello\nworld"}], "isError": False},
    {"content": [{"type": "image", "mimeType": "image/png", "data": "iVBORw0KGgo="},
                 {"type": "audio", "mimeType": "audio/wav", "data": "UklGRg=="},
                 {"type": "resource", "resource": {"uri": "file:///a.txt", "mimeType": "text/plain", "text": "abc"}},
                 {"type": "resource", "resource": {"uri": "file:///b.bin", "blob": "AAEC"}},
                 {"type": "resource_link", "uri": "file:///c", "name": "c", "description": "a link"},
                 {"type": "video"}], "isError": True},
    {"content": [{"type": "text", "text": "{\"n\": 3, \"ok\": true}"}], "structuredContent": {"n": 3, "ok": True}},
    {"content": [], "structuredContent": {"rows": [[1, "a"], [2, "b"]], "nested": {"x": None}}},
    [{"name": "list_issues", "description": "List the issues of a repository", "inputSchema": {"type": "object", "properties": {"repo": {"type": "string"}}, "required": ["repo"]}},
     {"name": "bad name/with spaces", "description": "multi\nline\u0007 description"},
     {"name": "list_issues"}],
    {"query": "read a file"},
    {"query": "mcp__fs__read_file"},
    {"name": "mcp__fs__read_file", "arguments": {"path": "src/main.rs"}},
    {"name": "mcp__fs__read_file", "arguments": {"path": 3}},
    {"name": "mcp__fs__raed_file", "arguments": {}},
    {"name": "mcp__web__search", "arguments": [1]},
]):
    put("mcp", f"json{i}", json.dumps(v))
put("mcp", "config.toml", '[servers.fs]\ncommand = "npx"\nargs = ["-y", "server-fs", "${HOME}"]\n\n[servers.web]\nurl = "http://127.0.0.1:8931/mcp"\nenabled = false\n')
put("mcp", "query", "read file contents")

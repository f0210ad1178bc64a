"""The official Python MCP SDK's (2.x) client against `loop mcp serve`: lists the tools, asks
loop_gate_check about `git status && git push`, and compresses a noisy log. Prints one JSON
object with what it saw. argv: LOOP_BINARY WORKSPACE RULES_FILE [http]"""
import asyncio
import json
import subprocess
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def exercise(session):
    await session.initialize()
    tools = await session.list_tools()
    gate = await session.call_tool("loop_gate_check", {"command": "git status && git push"})
    assert not gate.is_error, gate
    log = "".join(f"   Compiling crate-{i} v0.1.{i}\n" for i in range(2000))
    log += "error[E0425]: cannot find value `x` in this scope\n"
    comp = await session.call_tool("loop_compress", {"text": log, "command": "cargo build"})
    try:
        bad = await session.call_tool("loop_gate_check", {"comand": "ls"})
        bad_is_error, bad_text = bad.is_error, (bad.content[0].text if bad.content else "")
    except Exception as e:  # an MCP protocol error (invalid params)
        bad_is_error, bad_text = True, str(e)
    return {
        "tools": sorted(t.name for t in tools.tools),
        "output_schemas": all(t.output_schema for t in tools.tools),
        "gate": gate.structured_content,
        "compress_text": comp.content[0].text,
        "compress_in": len(log),
        "bad_is_error": bad_is_error,
        "bad_text": bad_text,
    }


async def main():
    binary, workspace, rules = sys.argv[1:4]
    if len(sys.argv) > 4 and sys.argv[4] == "http":
        from mcp.client.streamable_http import streamable_http_client
        proc = subprocess.Popen(
            [binary, "mcp", "serve", "--workspace", workspace, "--rules", rules, "--http", "127.0.0.1:0"],
            stderr=subprocess.PIPE, text=True)
        try:
            line = proc.stderr.readline()
            url = line.strip().rsplit(" ", 1)[-1]
            async with streamable_http_client(url) as (r, w):
                async with ClientSession(r, w) as session:
                    out = await exercise(session)
        finally:
            proc.kill()
            proc.wait()
    else:
        params = StdioServerParameters(
            command=binary, args=["mcp", "serve", "--workspace", workspace, "--rules", rules])
        async with stdio_client(params) as (r, w):
            async with ClientSession(r, w) as session:
                out = await exercise(session)
    print(json.dumps(out))


asyncio.run(main())

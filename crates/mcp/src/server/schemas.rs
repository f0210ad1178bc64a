//! The definitions `loop mcp serve` lists: names (shared with `loop-mcp-server` where they
//! overlap: `loop_gate_check`, `loop_check_breaker`, `loop_estimate_cost`), descriptions,
//! `inputSchema` and `outputSchema`.

use serde_json::{Value, json};

fn obj(props: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": props, "required": required, "additionalProperties": false})
}

fn out(props: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": props, "required": required})
}

fn ledger_arg() -> Value {
    json!({"type": "string", "description": "Ledger file inside the workspace (default loop-ledger.json)"})
}

fn decision_schema() -> Value {
    out(
        json!({
            "iterations": {"type": "number"},
            "tokensUsed": {"type": "number"},
            "shouldContinue": {"type": "boolean"},
            "escalate": {"type": "boolean"},
            "trigger": {"type": "string"},
            "reason": {"type": "string"}
        }),
        &[
            "iterations",
            "tokensUsed",
            "shouldContinue",
            "escalate",
            "trigger",
            "reason",
        ],
    )
}

fn tool(name: &str, description: &str, input: Value, output: Value, read_only: bool) -> Value {
    json!({
        "name": name,
        "description": description,
        "inputSchema": input,
        "outputSchema": output,
        "annotations": {"readOnlyHint": read_only, "openWorldHint": false}
    })
}

fn max_chars() -> Value {
    json!({"type": "integer", "minimum": 600, "maximum": 100000,
        "description": "Cap on the returned text in characters (default 20000)"})
}

fn range(unit: &str) -> Value {
    json!({"type": "string", "description": format!("{unit} range A:B, A: or :B")})
}

/// Every tool definition, in the order they are listed.
pub fn definitions() -> Vec<Value> {
    vec![
        compress(),
        spill_read(),
        gate_check(),
        check_breaker(),
        ledger_record(),
        context_inject(),
        estimate_cost(),
    ]
}

/// `loop_compress`.
fn compress() -> Value {
    tool(
        "loop_compress",
        "Compress a tool output: keep errors, failures, warnings and summaries, fold the noise, cap the size; the full text is spilled to a file named in the result.",
        obj(
            json!({
                "text": {"type": "string", "description": "The output to compress"},
                "command": {"type": "string", "description": "The command that produced it (a grep pattern is kept)"},
                "keep": {"type": "array", "items": {"type": "string"}, "description": "Regular expressions of lines to keep"},
                "max_chars": max_chars()
            }),
            &["text"],
        ),
        out(
            json!({
                "text": {"type": "string"},
                "folded_lines": {"type": "integer"},
                "cut_chars": {"type": "integer"},
                "lines_in": {"type": "integer"},
                "bytes_in": {"type": "integer"},
                "chars_out": {"type": "integer"},
                "spill": {"type": ["object", "null"], "properties": {
                    "path": {"type": "string"}, "bytes": {"type": "integer"}, "lines": {"type": "integer"}}}
            }),
            &[
                "text",
                "folded_lines",
                "cut_chars",
                "lines_in",
                "bytes_in",
                "chars_out",
                "spill",
            ],
        ),
        false,
    )
}

/// `loop_spill_read`.
fn spill_read() -> Value {
    tool(
        "loop_spill_read",
        "Read a spill file (the full output behind a pointer), or a range of its lines or bytes.",
        obj(
            json!({
                "path": {"type": "string", "description": "The spill file named in a pointer"},
                "lines": range("Line (from 1, inclusive)"),
                "bytes": range("Byte (from 0, end exclusive)"),
                "max_chars": max_chars()
            }),
            &["path"],
        ),
        out(
            json!({
                "path": {"type": "string"}, "bytes_read": {"type": "integer"},
                "text": {"type": "string"}, "cut": {"type": "boolean"}
            }),
            &["path", "bytes_read", "text", "cut"],
        ),
        true,
    )
}

/// `loop_gate_check`.
fn gate_check() -> Value {
    tool(
        "loop_gate_check",
        "Judge a shell command or a tool call against the permission rules: allow, deny or ask, with the reason and every part's verdict (a compound command is judged part by part).",
        obj(
            json!({
                "command": {"type": "string", "description": "The shell command line (tool shell)"},
                "tool": {"type": "string", "description": "The tool: shell (default), read_file, write_file, edit_file, mcp__server__tool, ..."},
                "role": {"type": "string", "enum": ["read", "write", "shell", "other"], "description": "What the tool does (default: the built-in tool's role; other for any other name)"},
                "path": {"type": "string", "description": "The path, for file tools"}
            }),
            &[],
        ),
        out(
            json!({
                "verdict": {"type": "string", "enum": ["allow", "deny", "ask"]},
                "reason": {"type": "string"},
                "rule": {"type": ["object", "null"]},
                "parts": {"type": "array", "items": {"type": "object", "properties": {
                    "kind": {"type": "string"}, "tool": {"type": "string"}, "role": {"type": "string"}, "text": {"type": "string"},
                    "verdict": {"type": "string"}, "reason": {"type": "string"}, "rule": {"type": ["object", "null"]}}}}
            }),
            &["verdict", "reason", "parts"],
        ),
        true,
    )
}

/// A read-only tool over a ledger judged against an iteration cap: its arguments are `ledger`,
/// `own` and `max_iterations`, none required.
fn ledger_reader(name: &str, description: &str, own: Value, output: Value) -> Value {
    let mut props = json!({"ledger": ledger_arg()});
    if let (Some(p), Value::Object(own)) = (props.as_object_mut(), own) {
        p.extend(own);
        p.insert(
            "max_iterations".into(),
            json!({"type": "number", "description": "Iteration cap (default 10)"}),
        );
    }
    tool(name, description, obj(props, &[]), output, true)
}

/// `loop_check_breaker`.
fn check_breaker() -> Value {
    ledger_reader(
        "loop_check_breaker",
        "Check the circuit breaker over a loop ledger: stagnation, frustration, no progress, token budget, iteration cap.",
        json!({"token_budget": {"type": "number", "description": "Token budget (default none)"}}),
        decision_schema(),
    )
}

/// `loop_ledger_record`.
fn ledger_record() -> Value {
    tool(
        "loop_ledger_record",
        "Append one attempt to a loop ledger (created with `goal` when missing), under a lock, atomically; returns the breaker's decision after it.",
        obj(
            json!({
                "ledger": ledger_arg(),
                "action": {"type": "string", "description": "What the loop did"},
                "outcome": {"type": "string", "enum": ["success", "failure", "noop"]},
                "error": {"type": "string", "description": "The error text, if any"},
                "tokens_used": {"type": "number"},
                "goal": {"type": "string", "description": "The goal, to create a missing ledger"}
            }),
            &["action", "outcome"],
        ),
        out(
            json!({
                "ledger": {"type": "string"}, "iteration": {"type": "integer"}, "decision": decision_schema()
            }),
            &["ledger", "iteration", "decision"],
        ),
        false,
    )
}

/// `loop_context_inject`.
fn context_inject() -> Value {
    ledger_reader(
        "loop_context_inject",
        "The managed context block for the next prompt: goal, progress, what was already tried, failure patterns, the last failure.",
        json!({
            "window": {"type": "number", "description": "Attempts kept (default 5)"},
            "max_trace_lines": {"type": "number", "description": "Error lines kept (default 8)"}
        }),
        out(
            json!({"text": {"type": "string"}, "cut": {"type": "boolean"}, "escalate": {"type": "boolean"}}),
            &["text", "cut", "escalate"],
        ),
    )
}

/// `loop_estimate_cost`.
fn estimate_cost() -> Value {
    tool(
        "loop_estimate_cost",
        "Estimate the daily token cost of a loop pattern at a readiness level.",
        obj(
            json!({
                "patternId": {"type": "string", "description": "Pattern id (daily-triage, pr-babysitter, ci-sweeper, ...)"},
                "level": {"type": "string", "enum": ["L1", "L2", "L3"], "description": "Readiness level (default L1)"},
                "cadence": {"type": "string", "description": "Override cadence (e.g. 15m, 1d)"}
            }),
            &["patternId"],
        ),
        json!({"type": "object"}),
        true,
    )
}

//! MCP message handling: a `tools/call` result turned into text, the deferred-tool catalogue,
//! `tool_search` and the `tool_call` proxy's validation, and `.loop/mcp.toml`.
//!
//! Invariants: the result text of any JSON value is bounded by the strings in it (binary content
//! is summarised, never dumped), keeps every text block, and says `isError` exactly when the
//! result does; tools named from hostile server names get clean, unique names and a catalogue
//! of exactly one line per tool (descriptions cannot add lines); a search returns at most
//! [`SEARCH_RESULTS`] distinct deferred tools, an exact name first; a validated `tool_call`
//! names a deferred tool and passes its arguments through unchanged.

use std::path::Path;

use loopwright_mcp::disclosure::SEARCH_RESULTS;
use loopwright_mcp::names::{MAX_NAME_BYTES, Namer};
use loopwright_mcp::{Deferred, McpConfig, ToolSpec, result_text};
use serde_json::{Value, json};

/// Runs every MCP check on `data` (JSON when it parses, else a search query and a TOML file).
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = McpConfig::parse(&text, "fuzz.toml", Path::new("/workspace"), &|v| {
        (v.len() < 8).then(|| v.repeat(2))
    });
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        let tools = deferred(&Value::Null);
        check_search(&tools, &text);
        return;
    };
    check_result(&value);
    let tools = deferred(&value);
    check_catalogue(&tools);
    let query = value.get("query").and_then(Value::as_str).unwrap_or(&text);
    check_search(&tools, query);
    match tools.run_search(&value) {
        Ok(_) => assert!(value.get("query").is_some_and(Value::is_string)),
        Err(_) => assert!(!value.get("query").is_some_and(Value::is_string)),
    }
    check_call(&tools, &value);
}

/// Total bytes of the strings (and keys) in `v`.
fn strings_len(v: &Value) -> usize {
    match v {
        Value::String(s) => s.len(),
        Value::Array(a) => a.iter().map(strings_len).sum(),
        Value::Object(o) => o.iter().map(|(k, v)| k.len() + strings_len(v)).sum(),
        _ => 0,
    }
}

fn check_result(value: &Value) {
    let out = result_text(value);
    let flagged = value.get("isError").and_then(Value::as_bool) == Some(true);
    assert_eq!(out.is_error, flagged);
    assert_eq!(
        out.text.starts_with("[the tool reported an error]\n"),
        flagged,
        "{:?}",
        out.text
    );
    let blocks = value
        .get("content")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let mut bound = 64;
    for b in blocks {
        let kind = b.get("type").and_then(Value::as_str).unwrap_or("");
        bound += 160;
        match kind {
            // binary content is one line: its data never reaches the text
            "image" | "audio" => bound += b.get("mimeType").map_or(0, strings_len),
            "text" => {
                let t = b.get("text").and_then(Value::as_str).unwrap_or("");
                assert!(out.text.contains(t), "text block {t:?} lost");
                bound += t.len();
            }
            _ => bound += strings_len(b),
        }
    }
    if let Some(s) = value.get("structuredContent").filter(|s| !s.is_null()) {
        bound += serde_json::to_string_pretty(s).map_or(0, |j| j.len()) + 32;
    }
    assert!(
        out.text.len() <= bound,
        "result text of {} bytes over its bound {bound}",
        out.text.len()
    );
}

/// The deferred tools: a fixed set plus the tools described by `value` (an array of
/// `{name, description, inputSchema}`, or one such object), named as the hub names them.
fn deferred(value: &Value) -> Deferred {
    let mut namer = Namer::reserving(["tool_search", "tool_call"]);
    let mut tools = vec![
        ToolSpec {
            name: namer.name("fs", "read_file"),
            description: "Read a file.\nSecond line.".into(),
            input_schema: json!({"type": "object", "properties": {"path": {"type": "string"}},
                "required": ["path"]}),
        },
        ToolSpec {
            name: namer.name("web", "search"),
            description: "Search the web for a query".into(),
            input_schema: json!({"type": "object"}),
        },
    ];
    let listed = match value {
        Value::Array(a) => a.as_slice(),
        Value::Object(_) => std::slice::from_ref(value),
        _ => &[],
    };
    for t in listed.iter().take(64) {
        let raw = t.get("name").and_then(Value::as_str).unwrap_or("");
        let name = namer.name("srv", raw);
        assert!(name.len() <= MAX_NAME_BYTES, "{name:?}");
        assert!(
            name.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
            "{name:?}"
        );
        tools.push(ToolSpec {
            name,
            description: t
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .into(),
            input_schema: t.get("inputSchema").cloned().unwrap_or(json!({})),
        });
    }
    let n = tools.len();
    let d = Deferred::new(tools);
    assert_eq!(d.tools().len(), n, "a name was handed out twice");
    d
}

fn check_catalogue(tools: &Deferred) {
    let cat = tools.catalogue();
    assert_eq!(
        cat.lines().count(),
        tools.tools().len() + 1,
        "catalogue lines: {cat:?}"
    );
}

fn check_search(tools: &Deferred, query: &str) {
    let found = tools.search(query);
    assert!(found.len() <= SEARCH_RESULTS);
    for (i, t) in found.iter().enumerate() {
        assert!(tools.tools().iter().any(|x| std::ptr::eq(x, *t)));
        assert!(!found[..i].iter().any(|x| x.name == t.name), "duplicate");
    }
    if tools.tools().iter().any(|t| t.name == query.trim()) {
        assert_eq!(found.first().map(|t| t.name.as_str()), Some(query.trim()));
    }
}

fn check_call(tools: &Deferred, args: &Value) {
    let Ok(call) = tools.check_call(args) else {
        return;
    };
    assert!(tools.tools().iter().any(|t| t.name == call.name));
    assert_eq!(
        Some(call.name.as_str()),
        args.get("name").and_then(Value::as_str)
    );
    match args.get("arguments") {
        None | Some(Value::Null) => assert!(call.arguments.is_empty()),
        Some(a) => assert_eq!(Some(&call.arguments), a.as_object()),
    }
}

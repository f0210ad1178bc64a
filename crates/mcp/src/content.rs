//! One text from an MCP tool result, for the observation pipeline: text blocks as they are,
//! structured content as JSON (unless a text block already says the same), embedded text
//! resources with their URI, and binary content (images, audio, blobs) summarised in one line.
//!
//! Works on the result's wire JSON, so it does not depend on the SDK's type layout. Nothing is
//! cut here: caps, compression and spill happen in the pipeline, which keeps the full text.

use serde_json::Value;

/// A tool result as one text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultText {
    /// The text for the pipeline.
    pub text: String,
    /// Whether the server flagged the result as an error (`isError`).
    pub is_error: bool,
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// Bytes of base64 text once decoded (approximately: padding is ignored).
fn decoded_len(b64: &str) -> usize {
    b64.trim_end_matches('=').len() * 3 / 4
}

fn binary_line(kind: &str, mime: &str, data: &str, uri: Option<&str>) -> String {
    let mime = if mime.is_empty() {
        "unknown type"
    } else {
        mime
    };
    let at = uri.map(|u| format!(" {u}")).unwrap_or_default();
    format!(
        "[{kind}{at}: {mime}, {} bytes; binary content not shown]",
        decoded_len(data)
    )
}

fn block_text(block: &Value) -> String {
    match str_of(block, "type") {
        "text" => str_of(block, "text").to_owned(),
        "image" => binary_line(
            "image",
            str_of(block, "mimeType"),
            str_of(block, "data"),
            None,
        ),
        "audio" => binary_line(
            "audio",
            str_of(block, "mimeType"),
            str_of(block, "data"),
            None,
        ),
        "resource" => {
            let r = block.get("resource").unwrap_or(&Value::Null);
            let uri = str_of(r, "uri");
            match r.get("text").and_then(Value::as_str) {
                Some(t) => {
                    let mime = str_of(r, "mimeType");
                    let mime = if mime.is_empty() {
                        String::new()
                    } else {
                        format!(" ({mime})")
                    };
                    format!("[resource {uri}{mime}]\n{t}")
                }
                None => binary_line(
                    "resource",
                    str_of(r, "mimeType"),
                    str_of(r, "blob"),
                    Some(uri),
                ),
            }
        }
        "resource_link" => {
            let name = str_of(block, "name");
            let desc = str_of(block, "description");
            let mut s = format!("[resource link: {} {name}", str_of(block, "uri"));
            if !desc.is_empty() {
                s.push_str(" - ");
                s.push_str(desc);
            }
            s.push(']');
            s
        }
        other => format!(
            "[content of unknown type `{}` not shown]",
            other.chars().take(40).collect::<String>()
        ),
    }
}

/// Whether every string and number in `v` already appears in one of `texts` (servers often send
/// the same data as text and as structured content; the model needs it once).
fn leaves_said(v: &Value, texts: &[&str], depth: usize) -> bool {
    if depth > 16 {
        return false;
    }
    match v {
        Value::String(s) => s.is_empty() || texts.iter().any(|t| t.contains(s.as_str())),
        Value::Number(n) => texts.iter().any(|t| t.contains(&n.to_string())),
        Value::Array(a) => a.iter().all(|x| leaves_said(x, texts, depth + 1)),
        Value::Object(o) => o.values().all(|x| leaves_said(x, texts, depth + 1)),
        Value::Null | Value::Bool(_) => true,
    }
}

/// Turns a `tools/call` result (its JSON) into one text.
pub fn result_text(result: &Value) -> ResultText {
    let is_error = result
        .get("isError")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let blocks = result
        .get("content")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let mut parts: Vec<String> = blocks.iter().map(block_text).collect();
    if let Some(s) = result.get("structuredContent").filter(|s| !s.is_null()) {
        let texts: Vec<&str> = blocks
            .iter()
            .filter(|b| str_of(b, "type") == "text")
            .map(|b| str_of(b, "text"))
            .collect();
        let said = texts
            .iter()
            .any(|t| serde_json::from_str::<Value>(t).is_ok_and(|v| &v == s))
            || (!texts.is_empty() && leaves_said(s, &texts, 0));
        if !said {
            let json = serde_json::to_string_pretty(s).unwrap_or_default();
            parts.push(format!("[structured content]\n{json}"));
        }
    }
    let mut text = parts.join("\n");
    if is_error {
        text.insert_str(0, "[the tool reported an error]\n");
    }
    ResultText { text, is_error }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_kind_of_content() {
        let r = json!({
            "content": [
                {"type": "text", "text": "hello"},
                {"type": "image", "data": "AAAAAAAA", "mimeType": "image/png"},
                {"type": "resource", "resource": {"uri": "file:///a.txt", "mimeType": "text/plain", "text": "body"}},
                {"type": "resource", "resource": {"uri": "file:///b.bin", "blob": "AAAA"}},
                {"type": "resource_link", "uri": "file:///c", "name": "c", "description": "a file"},
                {"type": "hologram"}
            ],
            "structuredContent": {"n": 1}
        });
        insta::assert_snapshot!(result_text(&r).text, @r#"
        hello
        [image: image/png, 6 bytes; binary content not shown]
        [resource file:///a.txt (text/plain)]
        body
        [resource file:///b.bin: unknown type, 3 bytes; binary content not shown]
        [resource link: file:///c c - a file]
        [content of unknown type `hologram` not shown]
        [structured content]
        {
          "n": 1
        }
        "#);
    }

    #[test]
    fn structured_content_already_in_text_is_not_repeated_and_errors_flagged() {
        let r = json!({
            "content": [{"type": "text", "text": "{\"n\": 1}"}],
            "structuredContent": {"n": 1},
            "isError": true
        });
        let t = result_text(&r);
        assert!(t.is_error);
        assert_eq!(t.text, "[the tool reported an error]\n{\"n\": 1}");
    }

    #[test]
    fn structured_content_repeating_the_text_is_left_out() {
        let r = json!({
            "content": [{"type": "text", "text": "line one\nline two"}],
            "structuredContent": {"content": "line one\nline two"}
        });
        assert_eq!(result_text(&r).text, "line one\nline two");
        let r = json!({
            "content": [{"type": "text", "text": "summary"}],
            "structuredContent": {"rows": 3}
        });
        assert!(result_text(&r).text.contains("[structured content]"));
    }

    #[test]
    fn hostile_shapes_do_not_panic() {
        for v in [
            json!(null),
            json!({"content": 3}),
            json!({"content": [1, "x", {"type": 5}]}),
        ] {
            let _ = result_text(&v);
        }
    }
}

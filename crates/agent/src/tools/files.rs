//! `read_file`, `write_file` and `edit_file`.

use std::path::Path;

use loopwright_protocol::tool::ToolStatus;
use loopwright_store::atomic::write_atomic;
use serde::Deserialize;

use super::{DEFAULT_READ_LIMIT, ToolOutput};

/// Longest line shown by `read_file`, in bytes.
pub const MAX_LINE_BYTES: usize = 2000;

/// Arguments of `read_file`.
#[derive(Debug, Clone, Deserialize)]
pub struct ReadArgs {
    /// File path (relative to the workspace or absolute).
    pub path: String,
    /// First line, 1-based.
    #[serde(default)]
    pub offset: Option<usize>,
    /// Number of lines.
    #[serde(default)]
    pub limit: Option<usize>,
    /// First byte (1-based) of each long line to show.
    #[serde(default)]
    pub column: Option<usize>,
}

/// Arguments of `write_file`.
#[derive(Debug, Clone, Deserialize)]
pub struct WriteArgs {
    /// File path.
    pub path: String,
    /// New content.
    pub content: String,
}

/// Arguments of `edit_file`.
#[derive(Debug, Clone, Deserialize)]
pub struct EditArgs {
    /// File path.
    pub path: String,
    /// Exact text to replace.
    pub old_text: String,
    /// Replacement.
    pub new_text: String,
    /// Replace every occurrence instead of requiring exactly one.
    #[serde(default)]
    pub replace_all: bool,
}

fn read_text(path: &Path, shown: &str) -> Result<String, Box<ToolOutput>> {
    let bytes = loopwright_store::input::read(path).map_err(|e| {
        let hint = if e.kind() == std::io::ErrorKind::NotFound {
            " (use list_files to see what exists)"
        } else {
            ""
        };
        Box::new(ToolOutput::text(
            ToolStatus::Error,
            format!("cannot read {shown}: {e}{hint}"),
        ))
    })?;
    if bytes.iter().take(8192).any(|&b| b == 0) {
        return Err(Box::new(ToolOutput::text(
            ToolStatus::Error,
            format!(
                "{shown} is a binary file ({} bytes); it cannot be shown as text",
                bytes.len()
            ),
        )));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// `read_file`: numbered lines `offset..offset+limit` and a footer with the line count and the
/// call that reads on.
pub fn read_file(path: &Path, shown: &str, args: &ReadArgs) -> ToolOutput {
    let text = match read_text(path, shown) {
        Ok(t) => t,
        Err(out) => return *out,
    };
    let lines: Vec<&str> = text.lines().collect();
    let total = lines.len();
    let offset = args.offset.unwrap_or(1).max(1);
    let limit = args.limit.unwrap_or(DEFAULT_READ_LIMIT).max(1);
    if total == 0 {
        return ToolOutput::text(ToolStatus::Ok, format!("[{shown} is empty]"));
    }
    if offset > total {
        return ToolOutput::text(
            ToolStatus::Error,
            format!("{shown} has {total} lines; offset {offset} is past the end"),
        );
    }
    let end = (offset - 1 + limit).min(total);
    let mut out = String::new();
    for (i, line) in lines[offset - 1..end].iter().enumerate() {
        let n = offset + i;
        let column = args.column.unwrap_or(1).max(1);
        if line.len() > MAX_LINE_BYTES || column > 1 {
            out.push_str(&format!("{n:>6}\t{}\n", long_line(line, n, column, shown)));
        } else {
            out.push_str(&format!("{n:>6}\t{line}\n"));
        }
    }
    if end < total {
        out.push_str(&format!(
            "[lines {offset}-{end} of {total} in {shown}; continue with read_file {{\"path\": {}, \"offset\": {}}}]",
            serde_json::Value::String(shown.to_string()),
            end + 1
        ));
    } else {
        out.push_str(&format!(
            "[lines {offset}-{end} of {total} in {shown}; end of file]"
        ));
    }
    ToolOutput::text(ToolStatus::Ok, out)
}

/// A window of [`MAX_LINE_BYTES`] of a long line from byte `column` (1-based, moved to a
/// character boundary), with how to read on.
fn long_line(line: &str, n: usize, column: usize, shown: &str) -> String {
    let floor = |mut i: usize| {
        i = i.min(line.len());
        while !line.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = floor(column - 1);
    let end = floor(start + MAX_LINE_BYTES);
    let mut text = String::new();
    if start > 0 {
        text.push_str(&format!("[bytes {}-{end} of {}] … ", start + 1, line.len()));
    }
    text.push_str(&line[start..end]);
    if end < line.len() {
        text.push_str(&format!(
            " … [line cut: {} bytes; read on with read_file {{\"path\": {}, \"offset\": {n}, \"limit\": 1, \"column\": {}}}]",
            line.len(),
            serde_json::Value::String(shown.to_string()),
            end + 1
        ));
    }
    text
}

/// `write_file`.
pub fn write_file(path: &Path, shown: &str, args: &WriteArgs) -> ToolOutput {
    let existed = path.exists();
    match write_atomic(path, args.content.as_bytes()) {
        Ok(()) => ToolOutput::text(
            ToolStatus::Ok,
            format!(
                "{} {shown}: {} bytes, {} lines",
                if existed { "overwrote" } else { "created" },
                args.content.len(),
                args.content.lines().count()
            ),
        ),
        Err(e) => ToolOutput::text(ToolStatus::Error, format!("cannot write {shown}: {e}")),
    }
}

/// `edit_file`: exact replacement of text that occurs exactly once (or everywhere with
/// `replace_all`); otherwise an error listing the closest lines.
pub fn edit_file(path: &Path, shown: &str, args: &EditArgs) -> ToolOutput {
    let text = match read_text(path, shown) {
        Ok(t) => t,
        Err(out) => return *out,
    };
    if args.old_text == args.new_text {
        return ToolOutput::text(
            ToolStatus::Error,
            "old_text and new_text are identical; nothing to change",
        );
    }
    let starts: Vec<usize> = text.match_indices(&args.old_text).map(|(i, _)| i).collect();
    let line_of = |byte: usize| text[..byte].matches('\n').count() + 1;
    match starts.len() {
        0 => {
            let mut msg = format!("old_text was not found in {shown}.");
            let close = closest_matches(&text, &args.old_text, 3);
            if close.is_empty() {
                msg.push_str(" Read the file again and copy the exact text.");
            } else {
                msg.push_str(" The closest lines are:\n");
                for (line, similarity, s) in close {
                    msg.push_str(&format!(
                        "{line:>6}\t{s}    ({:.0}% similar)\n",
                        similarity * 100.0
                    ));
                }
                msg.push_str("Copy the exact text (whitespace included) from read_file output.");
            }
            ToolOutput::text(ToolStatus::Error, msg)
        }
        n if n > 1 && !args.replace_all => {
            let lines: Vec<String> = starts.iter().map(|&b| line_of(b).to_string()).collect();
            ToolOutput::text(
                ToolStatus::Error,
                format!(
                    "old_text occurs {n} times in {shown} (lines {}); include more surrounding text to make it unique, or set replace_all",
                    lines.join(", ")
                ),
            )
        }
        n => {
            let first_line = line_of(starts[0]);
            let new = if args.replace_all {
                text.replace(&args.old_text, &args.new_text)
            } else {
                text.replacen(&args.old_text, &args.new_text, 1)
            };
            match write_atomic(path, new.as_bytes()) {
                Ok(()) => ToolOutput::text(
                    ToolStatus::Ok,
                    format!(
                        "edited {shown}: replaced {n} occurrence{} (first at line {first_line}); the file now has {} lines",
                        if n == 1 { "" } else { "s" },
                        new.lines().count()
                    ),
                ),
                Err(e) => ToolOutput::text(ToolStatus::Error, format!("cannot write {shown}: {e}")),
            }
        }
    }
}

/// The `n` lines of `text` most similar to the first non-blank line of `needle`:
/// `(line number, similarity 0..1, line)`, best first; lines under 50% similar are left out.
pub fn closest_matches(text: &str, needle: &str, n: usize) -> Vec<(usize, f64, String)> {
    let Some(target) = needle.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return Vec::new();
    };
    let mut scored: Vec<(usize, f64, String)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            (
                i + 1,
                strsim::normalized_levenshtein(l.trim(), target),
                l.to_string(),
            )
        })
        .filter(|(_, s, _)| *s >= 0.5)
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.truncate(n);
    scored
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_read_in_windows_to_its_end() {
        let dir = tempfile::tempdir().unwrap();
        let line: String = (0..5000)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        let p = dir.path().join("long.txt");
        std::fs::write(&p, format!("short\n{line}\n")).unwrap();
        let mut got = String::new();
        let mut column = None;
        for _ in 0..10 {
            let args = ReadArgs {
                path: "long.txt".into(),
                offset: Some(2),
                limit: Some(1),
                column,
            };
            let out = read_file(&p, "long.txt", &args).text;
            let body = out.lines().next().unwrap().split_once('\t').unwrap().1;
            let body = body.split_once("] … ").map_or(body, |(_, b)| b);
            got.push_str(body.split(" … [line cut").next().unwrap());
            match out.split("\"column\": ").nth(1) {
                Some(rest) => column = rest.split('}').next().unwrap().parse().ok(),
                None => break,
            }
        }
        assert_eq!(got, line);
    }
}

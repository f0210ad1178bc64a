//! `list_files` and `grep`: gitignore-aware walks with the `ignore` crate.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use ignore::WalkBuilder;
use ignore::overrides::OverrideBuilder;
use loopwright_protocol::tool::ToolStatus;
use serde::Deserialize;

use super::ToolOutput;

/// Arguments of `list_files`.
#[derive(Debug, Clone, Deserialize)]
pub struct ListArgs {
    /// Directory (default: the workspace).
    #[serde(default)]
    pub path: Option<String>,
    /// Glob filter on file names, e.g. `*.rs`.
    #[serde(default)]
    pub glob: Option<String>,
    /// Most paths listed (default 500).
    #[serde(default)]
    pub max_results: Option<usize>,
}

/// Arguments of `grep`.
#[derive(Debug, Clone, Deserialize)]
pub struct GrepArgs {
    /// Regular expression.
    pub pattern: String,
    /// Directory or file (default: the workspace).
    #[serde(default)]
    pub path: Option<String>,
    /// Glob filter on file names.
    #[serde(default)]
    pub glob: Option<String>,
    /// Case-insensitive search.
    #[serde(default)]
    pub ignore_case: bool,
    /// Most matching lines shown (default 200).
    #[serde(default)]
    pub max_results: Option<usize>,
}

fn walker(root: &Path, glob: Option<&str>) -> Result<ignore::Walk, String> {
    let mut b = WalkBuilder::new(root);
    b.hidden(true)
        .git_ignore(true)
        .git_exclude(true)
        .parents(true)
        .require_git(false)
        .sort_by_file_name(|a, b| a.cmp(b));
    if let Some(g) = glob {
        let mut o = OverrideBuilder::new(root);
        o.add(g).map_err(|e| format!("invalid glob {g:?}: {e}"))?;
        b.overrides(o.build().map_err(|e| format!("invalid glob {g:?}: {e}"))?);
    }
    Ok(b.build())
}

/// The files under `dir` (a directory or one file), sorted, honouring `.gitignore` and `glob`;
/// or the error text when `dir` does not exist (`what` names it: directory, path) or the glob
/// is bad.
fn files_under(
    dir: &Path,
    base: &Path,
    glob: Option<&str>,
    what: &str,
) -> Result<impl Iterator<Item = ignore::DirEntry>, String> {
    if !dir.exists() {
        return Err(format!("no such {what}: {}", rel(base, dir)));
    }
    let walk = walker(dir, glob)?;
    Ok(walk
        .flatten()
        .filter(|e| e.file_type().is_some_and(|t| t.is_file())))
}

fn rel(root: &Path, p: &Path) -> String {
    p.strip_prefix(root)
        .unwrap_or(p)
        .to_string_lossy()
        .into_owned()
}

/// `list_files`: files under `dir` (relative paths, sorted), honouring `.gitignore`.
pub fn list_files(dir: &Path, base: &Path, args: &ListArgs) -> ToolOutput {
    let files = match files_under(dir, base, args.glob.as_deref(), "directory") {
        Ok(f) => f,
        Err(e) => return ToolOutput::text(ToolStatus::Error, e),
    };
    let max = args.max_results.unwrap_or(500);
    let mut shown = Vec::new();
    let mut total = 0usize;
    for entry in files {
        total += 1;
        if shown.len() < max {
            shown.push(rel(base, entry.path()));
        }
    }
    let mut out = shown.join("\n");
    if total == 0 {
        out = "[no files]".into();
    } else if total > shown.len() {
        out.push_str(&format!(
            "\n[{} of {total} files shown; narrow with path or glob]",
            shown.len()
        ));
    } else {
        out.push_str(&format!("\n[{total} files]"));
    }
    ToolOutput::text(ToolStatus::Ok, out)
}

/// `grep`: `path:line: text` for every matching line, honouring `.gitignore`; binary files
/// are skipped. Exit status is `error` when nothing matched (like grep's exit code 1).
pub fn grep(dir: &Path, base: &Path, args: &GrepArgs) -> ToolOutput {
    let re = match regex::RegexBuilder::new(&args.pattern)
        .case_insensitive(args.ignore_case)
        .build()
    {
        Ok(r) => r,
        Err(e) => return ToolOutput::text(ToolStatus::Error, format!("invalid pattern: {e}")),
    };
    let files = match files_under(dir, base, args.glob.as_deref(), "path") {
        Ok(f) => f,
        Err(e) => return ToolOutput::text(ToolStatus::Error, e),
    };
    let max = args.max_results.unwrap_or(200);
    let mut lines = Vec::new();
    let mut total = 0usize;
    for entry in files {
        let Ok(file) = std::fs::File::open(entry.path()) else {
            continue;
        };
        let mut reader = BufReader::new(file);
        let is_binary = reader
            .fill_buf()
            .map(|b| b.iter().take(8192).any(|&c| c == 0))
            .unwrap_or(true);
        if is_binary {
            continue;
        }
        let mut text = String::new();
        if reader.read_to_string(&mut text).is_err() {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            if re.is_match(line) {
                total += 1;
                if lines.len() < max {
                    lines.push(format!(
                        "{}:{}: {}",
                        rel(base, entry.path()),
                        i + 1,
                        super::clip(line, 300)
                    ));
                }
            }
        }
    }
    if total == 0 {
        return ToolOutput::text(
            ToolStatus::Error,
            format!("no matches for /{}/", args.pattern),
        );
    }
    let mut out = lines.join("\n");
    if total > lines.len() {
        out.push_str(&format!(
            "\n[{} of {total} matches shown; narrow with path or glob]",
            lines.len()
        ));
    } else {
        out.push_str(&format!("\n[{total} matches]"));
    }
    ToolOutput::text(ToolStatus::Ok, out)
}

//! Lock path syntax: lexical normalisation, the repository root, `{a,b}` expansion (pure).

use super::MAX_ALTERNATIVES;

pub(super) fn strip_root<'a>(path: &'a str, root: Option<&str>) -> Result<&'a str, String> {
    if !path.starts_with('/') {
        return Ok(path);
    }
    if let Some(root) = root.map(|r| r.trim_end_matches('/')) {
        if path == root {
            return Ok("");
        }
        if let Some(rest) = path.strip_prefix(root).and_then(|r| r.strip_prefix('/')) {
            return Ok(rest);
        }
    }
    Err("an absolute path outside the repository root; use a path relative to it".into())
}

pub(super) fn is_glob_segment(seg: &str) -> bool {
    seg.contains(['*', '?', '[', '{', '\\'])
}

/// Lexical normalisation of one brace-free alternative; `**` for the whole repository.
pub(super) fn normalize(path: &str) -> Result<String, String> {
    let mut out: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => match out.pop() {
                Some(prev) if !is_glob_segment(prev) => {}
                Some(_) => return Err("`..` after a wildcard segment".into()),
                None => return Err("`..` climbs above the repository root".into()),
            },
            s => out.push(s),
        }
    }
    if out.is_empty() {
        return Ok("**".into());
    }
    Ok(out.join("/"))
}

/// Expands `{a,b}` alternatives (nested allowed), at most [`MAX_ALTERNATIVES`].
pub(super) fn expand_braces(path: &str) -> Result<Vec<String>, String> {
    let chars: Vec<char> = path.chars().collect();
    let mut pos = 0;
    let alts = expand_seq(&chars, &mut pos, false)?;
    if pos != chars.len() {
        return Err("unbalanced `}`".into());
    }
    Ok(alts)
}

fn expand_seq(chars: &[char], pos: &mut usize, nested: bool) -> Result<Vec<String>, String> {
    let mut acc = vec![String::new()];
    while *pos < chars.len() {
        let c = chars[*pos];
        match c {
            ',' | '}' if nested => return Ok(acc),
            '\\' | '[' => {
                let end = literal_end(chars, *pos);
                let lit: String = chars[*pos..end].iter().collect();
                acc.iter_mut().for_each(|a| a.push_str(&lit));
                *pos = end;
            }
            '{' => {
                *pos += 1;
                let mut options = Vec::new();
                loop {
                    options.extend(expand_seq(chars, pos, true)?);
                    match chars.get(*pos) {
                        Some(',') => *pos += 1,
                        Some('}') => {
                            *pos += 1;
                            break;
                        }
                        _ => return Err("unclosed `{`".into()),
                    }
                }
                if acc.len().saturating_mul(options.len()) > MAX_ALTERNATIVES {
                    return Err(format!("more than {MAX_ALTERNATIVES} `{{,}}` alternatives"));
                }
                acc = acc
                    .iter()
                    .flat_map(|a| options.iter().map(move |o| format!("{a}{o}")))
                    .collect();
            }
            _ => {
                acc.iter_mut().for_each(|a| a.push(c));
                *pos += 1;
            }
        }
    }
    Ok(acc)
}

/// End of an escape (`\x`) or a character class (`[...]`) starting at `start`.
pub(super) fn literal_end(chars: &[char], start: usize) -> usize {
    if chars[start] == '\\' {
        return (start + 2).min(chars.len());
    }
    let mut i = start + 1;
    if matches!(chars.get(i), Some('!' | '^')) {
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        i += 1;
    }
    while i < chars.len() && chars[i] != ']' {
        i += 1;
    }
    (i + 1).min(chars.len())
}

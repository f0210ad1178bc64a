//! Round 16: aliases in a script that turns on `shopt -s expand_aliases`. An alias defined with
//! a literal value (`alias w='git push'`) replaces the first word of each later line that
//! starts with its name (bash expands aliases as it reads each line, so only lines after the
//! definition). The expanded script is judged beside the script as written: the stricter of
//! both counts.

/// The script with its aliases expanded; `None` when it turns none on or uses none.
pub(crate) fn expand(src: &str) -> Option<String> {
    if !src.contains("expand_aliases") || !src.contains("alias") {
        return None;
    }
    let mut on = false;
    let mut defined: Vec<(String, String)> = Vec::new();
    let mut out = Vec::new();
    let mut changed = false;
    for line in src.lines() {
        let t = line.trim_start();
        let first = t.split_whitespace().next().unwrap_or("");
        if let Some((name, value)) = t.strip_prefix("alias ").and_then(definition) {
            defined.retain(|(n, _)| *n != name);
            defined.push((name, value));
            out.push(line.to_string());
        } else if let Some((_, v)) = defined.iter().find(|(n, _)| on && n == first) {
            out.push(format!("{v}{}", &t[first.len()..]));
            changed = true;
        } else if t.contains("shopt -s expand_aliases") {
            // turned on for the lines after this one; the copy does not expand again
            out.push(line.replace("shopt -s expand_aliases", ":"));
            on = true;
        } else {
            out.push(line.to_string());
        }
    }
    changed.then(|| out.join("\n"))
}

/// `NAME='VALUE'`, `NAME="VALUE"` (no expansion inside) or `NAME=WORD`.
fn definition(s: &str) -> Option<(String, String)> {
    let (name, rest) = s.trim().split_once('=')?;
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
    {
        return None;
    }
    let value = if let Some(v) = rest.strip_prefix('\'') {
        v.strip_suffix('\'')?
    } else if let Some(v) = rest.strip_prefix('"') {
        v.strip_suffix('"')
            .filter(|v| !v.contains(['$', '`', '\\']))?
    } else if !rest.contains(|c: char| c.is_whitespace() || "'\"$`\\;&|".contains(c)) {
        rest
    } else {
        return None;
    };
    (!value.contains('\'')).then(|| (name.to_string(), value.to_string()))
}

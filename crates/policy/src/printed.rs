//! Round 16: a command substitution whose output is literal text: `$(cat <<'EOF' ... EOF)`
//! (a quoted delimiter, or a body with no expansion) prints the here-document's body, so
//! `sh -c "$(cat <<'EOF' ⏎ git push ⏎ EOF ⏎ )"` runs `git push`. The value is the body without
//! its trailing newlines, as bash gives it.

/// The text `$(...)`/`` `...` `` surely prints, if it is `cat` of one literal here-document.
pub(crate) fn printed(text: &str) -> Option<String> {
    let inner = text.strip_prefix("$(")?.strip_suffix(')')?.trim_start();
    let rest = inner.strip_prefix("cat")?.trim_start();
    let (strip_tabs, rest) = match rest.strip_prefix("<<-") {
        Some(r) => (true, r),
        None => (false, rest.strip_prefix("<<")?),
    };
    let (head, body) = rest.split_once('\n')?;
    let head = head.trim();
    let (delim, quoted) =
        if let Some(d) = head.strip_prefix('\'').and_then(|d| d.strip_suffix('\'')) {
            (d, true)
        } else if let Some(d) = head.strip_prefix('"').and_then(|d| d.strip_suffix('"')) {
            (d, true)
        } else {
            (head, false)
        };
    if delim.is_empty() || !delim.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let mut lines = Vec::new();
    let mut ended = false;
    for line in body.lines() {
        let line = if strip_tabs {
            line.trim_start_matches('\t')
        } else {
            line
        };
        if ended {
            // only blanks may follow the delimiter line inside the substitution
            if !line.trim().is_empty() {
                return None;
            }
            continue;
        }
        if line == delim {
            ended = true;
            continue;
        }
        lines.push(line);
    }
    let value = lines.join("\n");
    let expands = value.contains(['$', '`', '\\']);
    (ended && (quoted || !expands)).then(|| value.trim_end_matches('\n').to_string())
}

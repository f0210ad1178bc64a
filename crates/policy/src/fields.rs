//! Known values through the shell's expansions beyond plain `$X`: literal pattern
//! substitutions (`${F/x/y}`, `${F#pre}`, `${F%suf}`), positional parameters set by `set --`,
//! array elements (`${a[0]}`, `"${a[@]}"`), and field splitting of known unquoted values
//! (`X='git push'; $X`, `rm${IFS}-rf`).

use tree_sitter::Node;

use crate::words::{Scope, Word, is_name, lookup, word_in};

/// The key a variable reference names: `X`, a positional parameter `1`, an array element
/// `a[0]` (stored as `a[0]` by the assignment of a literal array).
pub(crate) fn var_key(name: &str) -> bool {
    if is_name(name) || (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit())) {
        return true;
    }
    name.strip_suffix(']')
        .and_then(|n| n.split_once('['))
        .is_some_and(|(base, idx)| is_name(base) && assoc_key(idx))
}

/// An array index written as a plain key (`a[0]`, `m[cfg]`, `m[my-key.1]`).
pub(crate) fn assoc_key(idx: &str) -> bool {
    !idx.is_empty()
        && idx
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// The key under which a script records that `name` was declared associative (`declare -A`).
pub(crate) fn assoc_marker(name: &str) -> String {
    format!("\u{1}assoc:{name}")
}

/// Whether an array element's stored value is still the array's: the array is the one
/// assigned whole (`$a` is still `${a[0]}`; `read -a`, `unset`, `a[1]=x` forget `$a`).
pub(crate) fn element_valid(name: &str, scope: &Scope<'_>) -> bool {
    match name.split_once('[') {
        // an associative array's element is what its own assignment recorded
        Some((base, _)) if lookup(&assoc_marker(base), scope).is_some() => true,
        Some((_, idx))
            if !idx
                .trim_end_matches(']')
                .bytes()
                .all(|b| b.is_ascii_digit()) =>
        {
            false
        }
        Some((base, _)) => {
            let first = literal(base, scope);
            first.is_some() && first == literal(&format!("{base}[0]"), scope)
        }
        None => true,
    }
}

/// The literal value of a variable, when known.
fn literal(name: &str, scope: &Scope<'_>) -> Option<String> {
    match lookup(name, scope) {
        Some(Some(w)) => w.lit().map(str::to_string),
        _ => None,
    }
}

/// `${X/pat/rep}`, `${X//pat/rep}`, `${X#pre}`, `${X##pre}`, `${X%suf}`, `${X%%suf}` with
/// literal patterns: `Some(value)` when known, `None` when the expansion is no such form or
/// its value is not known.
pub(crate) fn substitute(inner: &str, scope: &Scope<'_>) -> Option<String> {
    let end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|&e| e > 0)?;
    let (name, op) = inner.split_at(end);
    if !is_name(name) {
        return None;
    }
    let plain = |s: &str| !s.contains(['*', '?', '[', '\\', '$', '`', '"', '\'', '{', '}']);
    let value = literal(name, scope)?;
    // case modification (`${X^^}`, `${X,,}`, `${X^}`, `${X,}`) with no pattern
    let first = |f: fn(&char) -> String| {
        let mut c = value.chars();
        c.next().map_or(String::new(), |h| f(&h) + c.as_str())
    };
    match op {
        "^^" => return Some(value.to_uppercase()),
        ",," => return Some(value.to_lowercase()),
        "^" => return Some(first(|c| c.to_uppercase().collect())),
        "," => return Some(first(|c| c.to_lowercase().collect())),
        _ => {}
    }
    if let Some(rest) = op.strip_prefix('/') {
        let (all, rest) = match rest.strip_prefix('/') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let (pat, rep) = rest.split_once('/').unwrap_or((rest, ""));
        if !plain(pat) || !plain(rep) || pat.is_empty() {
            return None;
        }
        return Some(if let Some(p) = pat.strip_prefix('#') {
            match value.strip_prefix(p) {
                Some(v) => format!("{rep}{v}"),
                None => value,
            }
        } else if let Some(p) = pat.strip_prefix('%') {
            match value.strip_suffix(p) {
                Some(v) => format!("{v}{rep}"),
                None => value,
            }
        } else if all {
            value.replace(pat, rep)
        } else {
            value.replacen(pat, rep, 1)
        });
    }
    let trim = |p: &str| p.trim_start_matches(['#', '%']).to_string();
    if op.starts_with('#') {
        let p = trim(op);
        return plain(&p).then(|| value.strip_prefix(p.as_str()).unwrap_or(&value).to_string());
    }
    if op.starts_with('%') {
        let p = trim(op);
        return plain(&p).then(|| value.strip_suffix(p.as_str()).unwrap_or(&value).to_string());
    }
    None
}

/// The name in `$X`, `${X}`, `$1`, `${a[0]}`, `$@`, `${a[@]}` (`@` kept).
fn reference(text: &str) -> Option<&str> {
    let inner = text
        .strip_prefix("${")
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| text.strip_prefix('$'))?;
    (var_key(inner) || inner == "@" || inner == "*" || list_name(inner).is_some()).then_some(inner)
}

/// `a[@]` / `a[*]`: the array's name.
fn list_name(inner: &str) -> Option<&str> {
    inner
        .strip_suffix("[@]")
        .or_else(|| inner.strip_suffix("[*]"))
        .filter(|n| is_name(n))
}

/// Every value of `$@` or `${a[@]}`, when all are known literals.
fn list(inner: &str, scope: &Scope<'_>) -> Option<Vec<String>> {
    let (count_key, prefix) = match list_name(inner) {
        Some(a) => {
            // the array is still the one assigned whole (`a[0]` is `$a`)
            if literal(a, scope) != literal(&format!("{a}[0]"), scope) {
                return None;
            }
            (format!("{a}[#]"), format!("{a}["))
        }
        None if inner == "@" || inner == "*" => ("#".to_string(), String::new()),
        None => return None,
    };
    let n: usize = literal(&count_key, scope)?.parse().ok()?;
    let key = |i: usize| {
        if prefix.is_empty() {
            (i + 1).to_string()
        } else {
            format!("{prefix}{i}]")
        }
    };
    (0..n.min(64)).map(|i| literal(&key(i), scope)).collect()
}

/// The words a command argument becomes when it holds known values that the shell splits:
/// an unquoted `$X` whose value has blanks, `${IFS}` (unset: blanks), `"$@"` and `"${a[@]}"`.
/// `None` when no such splitting applies (the word is judged as one).
pub(crate) fn split_fields(node: Node<'_>, src: &str, scope: &Scope<'_>) -> Option<Vec<Word>> {
    if scope.vars.is_some_and(|v| v.contains_key("IFS")) {
        return None;
    }
    let mut c = node.walk();
    let pieces: Vec<Node<'_>> = match node.kind() {
        "simple_expansion" | "expansion" | "string" => vec![node],
        "concatenation" => node.children(&mut c).collect(),
        _ => return None,
    };
    let pieces_len = pieces.len();
    let mut fields = vec![String::new()];
    let mut split = false;
    for p in pieces {
        let text = &src[p.byte_range()];
        if p.kind() == "string" {
            // `"${a[@]}"`: one word per value
            let inner = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'));
            let globs = inner
                .and_then(reference)
                .and_then(list_name)
                .filter(|_| pieces_len == 1 && inner.is_some_and(|i| i.ends_with("[@]}")))
                .and_then(|a| crate::arrayglobs::glob_list(a, scope));
            if let Some(words) = globs {
                // `"${a[@]}"` of an array assigned with globs: its words as written (round 18)
                return Some(words);
            }
            if let Some(values) = inner.and_then(reference).and_then(|r| list(r, scope)) {
                let [first, rest @ ..] = values.as_slice() else {
                    return Some(Vec::new());
                };
                fields.last_mut()?.push_str(first);
                fields.extend(rest.iter().cloned());
                split = true;
                continue;
            }
        }
        let refd = matches!(p.kind(), "simple_expansion" | "expansion")
            .then(|| reference(text))
            .flatten();
        let value = match refd {
            Some(r) if list_name(r).is_some() || r == "@" || r == "*" => {
                Some(list(r, scope)?.join(" "))
            }
            Some("IFS") => Some(" ".to_string()),
            Some(r) if element_valid(r, scope) => literal(r, scope),
            Some(_) => return None,
            None => None,
        };
        match value {
            Some(v) if !v.contains(['*', '?', '[']) => {
                for (k, part) in v.split([' ', '\t', '\n']).enumerate() {
                    if k > 0 {
                        fields.push(String::new());
                        split = true;
                    }
                    fields.last_mut()?.push_str(part);
                }
            }
            Some(_) => return None,
            None => fields.last_mut()?.push_str(word_in(p, src, scope).lit()?),
        }
    }
    split.then(|| {
        fields
            .iter()
            .filter(|f| !f.is_empty())
            .map(|f| Word::literal(f))
            .collect()
    })
}

impl crate::shell::Analyser<'_, '_> {
    /// The word at `node`, with known variables followed.
    pub(crate) fn word(&self, node: Node<'_>, src: &str) -> Word {
        word_in(
            node,
            src,
            &Scope {
                home: self.ctx.home,
                pwd: self.cwd.as_deref(),
                vars: Some(&self.vars),
                top: Some(self.ctx.workspace),
            },
        )
    }

    /// The words the argument at `node` becomes: one, or several when known values are split
    /// (`X='git push'; $X`, `"${a[@]}"`).
    pub(crate) fn fields(&self, node: Node<'_>, src: &str) -> Vec<Word> {
        let scope = Scope {
            home: self.ctx.home,
            pwd: self.cwd.as_deref(),
            vars: Some(&self.vars),
            top: Some(self.ctx.workspace),
        };
        split_fields(node, src, &scope).unwrap_or_else(|| vec![word_in(node, src, &scope)])
    }
}

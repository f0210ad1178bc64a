//! Brace expansion (`{git,push}`, `git{," "}push`, `src/{a,b}.rs`): the words it makes are
//! judged as written out, so a denied command spelt with braces still matches its rule.

use tree_sitter::Node;

/// At most this many words come out of one expansion; more is left unexpanded (uncertain).
const MAX_WORDS: usize = 64;

/// The command's text with its first brace expansion written out, if it has one.
pub fn expand_command(node: Node<'_>, src: &str) -> Option<String> {
    let text = &src[node.byte_range()];
    if !text.contains('{') || !text.contains(',') {
        return None;
    }
    expand_text(text)
}

/// Expands the first unquoted `{a,b}` in `text` (one word), or `None`.
pub fn expand_text(text: &str) -> Option<String> {
    let b: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut word_start = 0;
    let mut quote: Option<char> = None;
    while i < b.len() {
        let c = b[i];
        match (quote, c) {
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('"'), '\\') => i += 1,
            (Some(_), _) => {}
            (None, '\\') => i += 1,
            (None, '\'' | '"') => quote = Some(c),
            (None, c) if c.is_whitespace() || ";&|<>()".contains(c) => word_start = i + 1,
            (None, '{') if i == 0 || b[i - 1] != '$' => {
                if let Some((close, alts)) = alternatives(&b, i) {
                    let end = word_end(&b, close + 1);
                    let pre: String = b[word_start..i].iter().collect();
                    let post: String = b[close + 1..end].iter().collect();
                    if alts.len() > MAX_WORDS {
                        return None;
                    }
                    let words: Vec<String> =
                        alts.iter().map(|a| format!("{pre}{a}{post}")).collect();
                    let head: String = b[..word_start].iter().collect();
                    let tail: String = b[end..].iter().collect();
                    return Some(format!("{head}{}{tail}", words.join(" ")));
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// From `{` at `open`: the matching `}` and the top-level alternatives, when there is a comma.
fn alternatives(b: &[char], open: usize) -> Option<(usize, Vec<String>)> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut alts = Vec::new();
    let mut cur = String::new();
    let mut i = open;
    while i < b.len() {
        let c = b[i];
        match (quote, c) {
            (Some('\''), '\'') | (Some('"'), '"') => {
                quote = None;
                cur.push(c);
            }
            (Some('"'), '\\') | (None, '\\') => {
                cur.push(c);
                if let Some(n) = b.get(i + 1) {
                    cur.push(*n);
                }
                i += 1;
            }
            (Some(_), _) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                cur.push(c);
            }
            (None, '{') => {
                if depth > 0 {
                    cur.push(c);
                }
                depth += 1;
            }
            (None, '}') => {
                depth -= 1;
                if depth == 0 {
                    alts.push(cur);
                    return (alts.len() > 1).then_some((i, alts));
                }
                cur.push(c);
            }
            (None, ',') if depth == 1 => alts.push(std::mem::take(&mut cur)),
            (None, c) if c.is_whitespace() => return None,
            _ => cur.push(c),
        }
        i += 1;
    }
    None
}

fn word_end(b: &[char], from: usize) -> usize {
    let mut quote: Option<char> = None;
    let mut i = from;
    while i < b.len() {
        let c = b[i];
        match (quote, c) {
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('"'), '\\') => i += 1,
            (Some(_), _) => {}
            (None, '\\') => i += 1,
            (None, '\'' | '"') => quote = Some(c),
            (None, c) if c.is_whitespace() || ";&|<>()".contains(c) => return i,
            _ => {}
        }
        i += 1;
    }
    b.len().min(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_words() {
        assert_eq!(expand_text("{git,push}").as_deref(), Some("git push"));
        assert_eq!(
            expand_text("git{,\" \"}push x").as_deref(),
            Some("gitpush git\" \"push x")
        );
        assert_eq!(
            expand_text("ls src/{a,b}.rs").as_deref(),
            Some("ls src/a.rs src/b.rs")
        );
        assert_eq!(expand_text("echo '{a,b}'"), None);
        assert_eq!(expand_text("echo ${a,b}"), None);
        assert_eq!(expand_text("find . -exec ls {} ;"), None);
        assert_eq!(expand_text("rm -{r,f} x").as_deref(), Some("rm -r -f x"));
    }
}

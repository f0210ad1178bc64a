//! The static value of a shell word: quotes and escapes removed, expansions marked dynamic.

use tree_sitter::Node;

/// One shell word as the analyser sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The word as written in the command.
    pub text: String,
    /// The value after quote removal, when it is known before the command runs.
    pub value: Option<String>,
    /// A glob over the possible values (dynamic pieces and unquoted wildcards as `*`), when the
    /// word is not a plain literal but has literal pieces.
    pub pattern: Option<String>,
}

impl Word {
    /// A literal word (used for words that come from already-unquoted text).
    pub fn literal(s: &str) -> Word {
        Word {
            text: s.to_string(),
            value: Some(s.to_string()),
            pattern: None,
        }
    }

    /// The literal value, if the word has one and no unquoted wildcards.
    pub fn lit(&self) -> Option<&str> {
        if self.pattern.is_some() {
            None
        } else {
            self.value.as_deref()
        }
    }
}

/// Accumulates the pieces of one word.
struct Builder {
    value: String,
    pattern: String,
    dynamic: bool,
    wildcard: bool,
}

impl Builder {
    fn lit_char(&mut self, c: char) {
        self.value.push(c);
        if matches!(c, '*' | '?' | '[' | ']' | '{' | '}' | '\\') {
            self.pattern.push('\\');
        }
        self.pattern.push(c);
    }
    fn lit(&mut self, s: &str) {
        s.chars().for_each(|c| self.lit_char(c));
    }
    fn dynamic(&mut self) {
        self.dynamic = true;
        if !self.pattern.ends_with('*') || self.pattern.ends_with("\\*") {
            self.pattern.push('*');
        }
    }
}

/// Reads the word at `node` (any argument-like node kind).
pub fn word(node: Node<'_>, src: &str, home: Option<&str>) -> Word {
    let text = src[node.byte_range()].to_string();
    let mut b = Builder {
        value: String::new(),
        pattern: String::new(),
        dynamic: false,
        wildcard: false,
    };
    piece(node, src, home, &mut b);
    let has_literal = b.pattern.chars().any(|c| c != '*');
    let pattern = if b.dynamic || b.wildcard {
        (has_literal || b.wildcard).then_some(b.pattern)
    } else {
        None
    };
    let value = if b.dynamic { None } else { Some(b.value) };
    Word {
        text,
        value,
        pattern,
    }
}

fn piece(node: Node<'_>, src: &str, home: Option<&str>, b: &mut Builder) {
    let text = &src[node.byte_range()];
    match node.kind() {
        "word" | "number" | "file_descriptor" => unquoted(text, b),
        "raw_string" => b.lit(text.get(1..text.len().saturating_sub(1)).unwrap_or("")),
        "ansi_c_string" => ansi_c(text.get(2..text.len().saturating_sub(1)).unwrap_or(""), b),
        "string" | "translated_string" => double_quoted(node, src, home, b),
        "concatenation" => {
            if text.contains('{') && text.contains('}') && text.contains(',') {
                // brace expansion `{a,b}` (tree-sitter splits it into plain words)
                b.wildcard = true;
            }
            let mut c = node.walk();
            for ch in node.children(&mut c) {
                piece(ch, src, home, b);
            }
        }
        "simple_expansion" | "expansion" => match (text, home) {
            ("$HOME" | "${HOME}", Some(h)) => b.lit(h),
            _ => b.dynamic(),
        },
        _ => b.dynamic(),
    }
}

fn unquoted(text: &str, b: &mut Builder) {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('\n') | None => {}
                Some(n) => b.lit_char(n),
            },
            '*' | '?' | '[' => {
                b.wildcard = true;
                b.value.push(c);
                b.pattern.push(if c == '[' { '[' } else { c });
                if c == '[' && !text.contains(']') {
                    b.pattern.pop();
                    b.pattern.push_str("\\[");
                }
            }
            ']' => {
                b.value.push(c);
                b.pattern.push(']');
            }
            '{' | '}' | ',' if text.contains('{') && text.contains('}') => {
                // brace expansion: the values cannot be matched one by one
                b.wildcard = true;
                b.value.push(c);
                if !b.pattern.ends_with('*') {
                    b.pattern.push('*');
                }
            }
            _ => b.lit_char(c),
        }
    }
}

fn double_quoted(node: Node<'_>, src: &str, home: Option<&str>, b: &mut Builder) {
    let range = node.byte_range();
    let (start, end) = if src[range.clone()].starts_with("$\"") {
        (range.start + 2, range.end.saturating_sub(1))
    } else {
        (range.start + 1, range.end.saturating_sub(1))
    };
    let mut pos = start;
    let mut c = node.walk();
    for ch in node.named_children(&mut c) {
        if ch.kind() == "string_content" {
            continue;
        }
        if ch.start_byte() > pos {
            dq_literal(&src[pos..ch.start_byte()], b);
        }
        piece(ch, src, home, b);
        pos = ch.end_byte().max(pos);
    }
    if end > pos {
        dq_literal(&src[pos..end], b);
    }
}

fn dq_literal(text: &str, b: &mut Builder) {
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\n') => {}
                Some(n @ ('"' | '\\' | '$' | '`')) => b.lit_char(n),
                Some(n) => {
                    b.lit_char('\\');
                    b.lit_char(n);
                }
                None => b.lit_char('\\'),
            }
        } else {
            b.lit_char(c);
        }
    }
}

fn ansi_c(text: &str, b: &mut Builder) {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            b.lit_char(c);
            continue;
        }
        match chars.next() {
            Some('n') => b.lit_char('\n'),
            Some('t') => b.lit_char('\t'),
            Some('r') => b.lit_char('\r'),
            Some('x') => {
                let mut hex = String::new();
                while hex.len() < 2 && chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                    hex.extend(chars.next());
                }
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(ch) => b.lit_char(ch),
                    None => b.dynamic(),
                }
            }
            Some(d @ '0'..='7') => {
                let mut oct = String::from(d);
                while oct.len() < 3 && chars.peek().is_some_and(|c| ('0'..='7').contains(c)) {
                    oct.extend(chars.next());
                }
                match u32::from_str_radix(&oct, 8).ok().and_then(char::from_u32) {
                    Some(ch) => b.lit_char(ch),
                    None => b.dynamic(),
                }
            }
            Some(n @ ('\\' | '\'' | '"' | '?')) => b.lit_char(n),
            // \u, \c and friends: give up on a literal value
            Some(_) | None => b.dynamic(),
        }
    }
}

/// Splits a rule selector such as `git push` or `git commit -m "x"` into words (simple quoting).
pub fn split_selector(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut has = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => cur.extend(chars.next()),
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                has = true;
            }
            (None, '\\') => {
                cur.extend(chars.next());
                has = true;
            }
            (None, c) if c.is_whitespace() => {
                if has || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    has = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if has || !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(cmd: &str) -> Vec<Word> {
        let mut p = tree_sitter::Parser::new();
        p.set_language(&tree_sitter_bash::LANGUAGE.into()).unwrap();
        let tree = p.parse(cmd, None).unwrap();
        let cmdnode = tree.root_node().named_child(0).unwrap();
        let mut c = cmdnode.walk();
        cmdnode
            .named_children(&mut c)
            .map(|n| {
                if n.kind() == "command_name" {
                    n.named_child(0).unwrap()
                } else {
                    n
                }
            })
            .map(|n| word(n, cmd, Some("/home/u")))
            .collect()
    }

    #[test]
    fn quotes_and_escapes() {
        let w = words(r#"\git "pu"'sh' $'\x6fr\151gin' "a\"b" ~/x "$HOME/.ssh""#);
        let v: Vec<_> = w.iter().map(|w| w.value.clone().unwrap()).collect();
        assert_eq!(
            v,
            vec!["git", "push", "origin", "a\"b", "~/x", "/home/u/.ssh"]
        );
    }

    #[test]
    fn dynamic_and_patterns() {
        let w = words(r#"echo $X "$D/.env" .e* '*' {a,b}"#);
        assert_eq!(w[1].value, None);
        assert_eq!(w[1].pattern, None);
        assert_eq!(w[2].pattern.as_deref(), Some("*/.env"));
        assert_eq!(w[3].pattern.as_deref(), Some(".e*"));
        assert_eq!(w[4].lit(), Some("*"));
        assert!(w[5].lit().is_none());
    }

    #[test]
    fn selector_split() {
        assert_eq!(
            split_selector(r#"git commit -m "a b""#),
            vec!["git", "commit", "-m", "a b"]
        );
        assert_eq!(split_selector("  ls  "), vec!["ls"]);
    }
}

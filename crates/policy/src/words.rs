//! The static value of a shell word: quotes and escapes removed, expansions marked dynamic
//! unless the variable's value is known (a literal assigned earlier in the same script).

use std::collections::HashMap;

use tree_sitter::Node;

/// What the analyser knows when it reads a word: the home directory, the current directory and
/// the variables whose values are known (`Some`) or known to be unknowable (`None`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope<'a> {
    /// The home directory, for `~` and `$HOME`.
    pub home: Option<&'a str>,
    /// The current directory, for `$PWD`, when known.
    pub pwd: Option<&'a str>,
    /// Variables assigned in the script so far.
    pub vars: Option<&'a HashMap<String, Option<Word>>>,
    /// The workspace root, for `$(git rev-parse --show-toplevel)` (taken to be the top of
    /// the repository).
    pub top: Option<&'a str>,
}

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

    /// Whether the word may become several words at run time (an unquoted expansion or
    /// wildcard, `"$@"`): it may then stand for several words of a rule.
    pub fn may_split(&self) -> bool {
        if self.lit().is_some() {
            return false;
        }
        let t = self.text.as_str();
        let quoted = t.len() >= 2 && t.starts_with('"') && t.ends_with('"');
        !quoted || t.contains('@')
    }
}

/// The glob of paths `pattern` (the pattern of `w`) may name. A word that starts with an
/// expansion (`$X/gh/hosts.yml`, `"${D}.env"`, `` `cmd`/x ``) may name a path anywhere, not only
/// below the current directory: the value may be absolute or hold slashes, so its glob is
/// rooted at `/**` (`/**/gh/hosts.yml`, `/**/*.env`).
pub(crate) fn from_anywhere<'p>(w: &Word, pattern: &'p str) -> std::borrow::Cow<'p, str> {
    let text = w.text.trim_start_matches('"');
    let leading = text.starts_with('$') || text.starts_with('`');
    match pattern.strip_prefix('*') {
        Some(rest) if leading && rest.starts_with('/') => format!("/**{rest}").into(),
        Some(rest) if leading => format!("/**/*{rest}").into(),
        _ => pattern.into(),
    }
}

/// Accumulates the pieces of one word.
struct Builder {
    /// The whole word has a `]` (so a `[` in any piece opens a class).
    closes: bool,
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

/// Reads the word at `node` (any argument-like node kind), with only `home` known.
pub fn word(node: Node<'_>, src: &str, home: Option<&str>) -> Word {
    word_in(
        node,
        src,
        &Scope {
            home,
            ..Scope::default()
        },
    )
}

/// Reads the word at `node` with the variables of `scope` followed.
pub fn word_in(node: Node<'_>, src: &str, scope: &Scope<'_>) -> Word {
    let text = src[node.byte_range()].to_string();
    let mut b = Builder {
        closes: text.contains(']'),
        value: String::new(),
        pattern: String::new(),
        dynamic: false,
        wildcard: false,
    };
    piece(node, src, scope, false, &mut b);
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

fn piece(node: Node<'_>, src: &str, scope: &Scope<'_>, quoted: bool, b: &mut Builder) {
    let text = &src[node.byte_range()];
    match node.kind() {
        "word" | "number" | "file_descriptor" => unquoted(text, b),
        "raw_string" => b.lit(text.get(1..text.len().saturating_sub(1)).unwrap_or("")),
        "ansi_c_string" => ansi_c(text.get(2..text.len().saturating_sub(1)).unwrap_or(""), b),
        "string" | "translated_string" => double_quoted(node, src, scope, b),
        "concatenation" => {
            if text.contains('{') && text.contains('}') && text.contains(',') {
                // brace expansion `{a,b}` (tree-sitter splits it into plain words)
                b.wildcard = true;
            }
            let mut c = node.walk();
            for ch in node.children(&mut c) {
                piece(ch, src, scope, quoted, b);
            }
        }
        "simple_expansion" | "expansion" => expansion(text, scope, quoted, b),
        "command_substitution" => match place(text, scope) {
            Some(v) => known(&Word::literal(v), quoted, b),
            None => match crate::printed::printed(text).or_else(|| {
                // a program named by a substitution stays unknown (`$(echo git) status`)
                (!crate::flow17::in_command_name(node))
                    .then(|| crate::flow17::substitution_prints(text, scope))
                    .flatten()
            }) {
                Some(v) => known(&Word::literal(&v), quoted, b),
                None => b.dynamic(),
            },
        },
        _ => b.dynamic(),
    }
}

/// `$(pwd)` and `$(git rev-parse --show-toplevel)`: the current directory and the workspace
/// root, when known.
fn place<'a>(text: &str, scope: &Scope<'a>) -> Option<&'a str> {
    let inner = text
        .strip_prefix("$(")
        .and_then(|r| r.strip_suffix(')'))
        .or_else(|| text.strip_prefix('`').and_then(|r| r.strip_suffix('`')))?;
    let words: Vec<&str> = inner.split_whitespace().collect();
    match words.as_slice() {
        ["pwd"] | ["pwd", "-L" | "-P"] => scope.pwd,
        ["git", "rev-parse", "--show-toplevel"] => scope.top,
        _ => None,
    }
}

/// A variable name (`[A-Za-z_][A-Za-z0-9_]*`).
pub fn is_name(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The value of `$NAME`: `Some(Some(w))` known, `Some(None)` unknowable, `None` never assigned.
pub(crate) fn lookup(name: &str, scope: &Scope<'_>) -> Option<Option<Word>> {
    if let Some(t) = scope
        .vars
        .and_then(|m| crate::flow20::nameref_target(name, m))
    {
        // `declare -n r=f`: `$r` is `$f` (round 20)
        return scope.vars.and_then(|m| m.get(&t)).cloned();
    }
    if let Some(v) = scope.vars.and_then(|m| m.get(name)) {
        return Some(v.clone());
    }
    match name {
        "HOME" => scope.home.map(|h| Some(Word::literal(h))),
        "PWD" => scope.pwd.map(|h| Some(Word::literal(h))),
        _ => None,
    }
}

/// `$X`, `${X}`, `${X:-default}`, `${X-default}`, `${X:=default}`: followed when known.
fn expansion(text: &str, scope: &Scope<'_>, quoted: bool, b: &mut Builder) {
    let inner = text
        .strip_prefix("${")
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| text.strip_prefix('$'));
    let Some(inner) = inner else {
        return b.dynamic();
    };
    if let Some(r) = inner.strip_prefix('!').filter(|_| text.starts_with("${")) {
        // `${!ref}`: the variable whose name `ref` holds, when both are known
        let target = match lookup(r, scope) {
            Some(Some(w)) if crate::fields::var_key(r) => w.lit().map(str::to_string),
            _ => None,
        };
        return match target.filter(|t| is_name(t)).map(|t| lookup(&t, scope)) {
            Some(Some(Some(w))) => known(&w, quoted, b),
            _ => b.dynamic(),
        };
    }
    if text.starts_with("${")
        && let Some(v) = crate::fields::substitute(inner, scope)
    {
        return known(&Word::literal(&v), quoted, b);
    }
    if text.starts_with("${")
        && let Some(r) = crate::flow16::param_op(inner, scope)
    {
        return match r {
            Some(v) => known(&Word::literal(&v), quoted, b),
            None => b.dynamic(),
        };
    }
    if crate::flow17::numeric_special(inner) && lookup(inner, scope).is_none() {
        // `$$`, `$PPID`, `$RANDOM`...: digits, never a slash (`/proc/$PPID/environ`)
        b.wildcard = true;
        b.value.push('*');
        b.pattern.push('*');
        return;
    }
    let (name, default) = match inner.find([':', '-', '=']) {
        Some(i) if text.starts_with("${") => {
            let op = &inner[i..];
            let rest = op
                .strip_prefix(":-")
                .or_else(|| op.strip_prefix(":="))
                .or_else(|| op.strip_prefix('-'))
                .or_else(|| op.strip_prefix('='));
            match rest {
                Some(r) => (&inner[..i], Some(r)),
                None => return b.dynamic(),
            }
        }
        _ => (inner, None),
    };
    if !crate::fields::var_key(name) || !crate::fields::element_valid(name, scope) {
        return b.dynamic();
    }
    let literal_default = default.filter(|d| !d.contains(['$', '`', '"', '\'', '\\']));
    match lookup(name, scope) {
        Some(Some(w)) if default.is_none() || w.value.as_deref().is_some_and(|v| !v.is_empty()) => {
            known(&w, quoted, b)
        }
        // set to the empty string in the script: the default is used
        Some(Some(_)) => match literal_default {
            Some(d) => known(&Word::literal(d), quoted, b),
            None => b.dynamic(),
        },
        // unknowable, or from the environment
        _ => b.dynamic(),
    }
}

/// Appends a known variable value: quoted it is literal; unquoted it is split and globbed.
fn known(w: &Word, quoted: bool, b: &mut Builder) {
    match (w.lit(), &w.pattern) {
        (Some(v), _) if quoted => b.lit(v),
        (Some(v), _) if v.chars().any(char::is_whitespace) => b.dynamic(),
        (Some(v), _) => unquoted_value(v, b),
        (None, Some(p)) => {
            b.wildcard = true;
            b.value.push_str(w.value.as_deref().unwrap_or(""));
            b.pattern.push_str(p);
        }
        (None, None) => b.dynamic(),
    }
}

/// An unquoted expansion's value: wildcards in it are active, backslashes are not escapes.
fn unquoted_value(v: &str, b: &mut Builder) {
    for c in v.chars() {
        if matches!(c, '*' | '?' | '[') {
            b.wildcard = true;
            b.value.push(c);
            b.pattern.push(c);
        } else {
            b.lit_char(c);
        }
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
                if c == '[' && !b.closes {
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

fn double_quoted(node: Node<'_>, src: &str, scope: &Scope<'_>, b: &mut Builder) {
    let range = node.byte_range();
    let text = src.get(range.clone()).unwrap_or("");
    let open = if text.starts_with("$\"") { 2 } else { 1 };
    // An unterminated string (`rm -"f ~/é` at the end of the input) has no closing quote to
    // drop: its last byte may be the end of a multi-byte character.
    let close = usize::from(text.len() > open && text.ends_with('"'));
    let (start, end) = (range.start + open, range.end.saturating_sub(close));
    let mut pos = start;
    let mut c = node.walk();
    for ch in node.named_children(&mut c) {
        if ch.kind() == "string_content" {
            continue;
        }
        if ch.start_byte() > pos {
            match src.get(pos..ch.start_byte()) {
                Some(t) => dq_literal(t, b),
                None => b.dynamic(),
            }
        }
        piece(ch, src, scope, true, b);
        pos = ch.end_byte().max(pos);
    }
    if end > pos {
        // an unterminated string may end inside a character: then its value is not known
        match src.get(pos..end) {
            Some(t) => dq_literal(t, b),
            None => b.dynamic(),
        }
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
            Some(x @ ('x' | 'u' | 'U')) => {
                let most = match x {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let mut hex = String::new();
                while hex.len() < most && chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
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
            Some('a') => b.lit_char('\u{7}'),
            Some('b') => b.lit_char('\u{8}'),
            Some('e' | 'E') => b.lit_char('\u{1b}'),
            Some('f') => b.lit_char('\u{c}'),
            Some('v') => b.lit_char('\u{b}'),
            // \c (a control character) and unknown escapes: give up on a literal value
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
    fn unterminated_strings_keep_their_last_character() {
        // fuzz/regressions/policy_shell/words-rs-167-char-boundary: the end of an unterminated
        // string was taken as its closing quote and cut a character in two.
        for (cmd, value) in [
            ("rm -\"f ~/\u{FFFD}", "-f ~/\u{FFFD}"),
            ("rm -\"f ~/é", "-f ~/é"),
            ("rm -\"f ~/x", "-f ~/x"),
        ] {
            let w = words(cmd);
            assert_eq!(w.get(1).and_then(Word::lit), Some(value), "{cmd:?}: {w:?}");
        }
        assert_eq!(words("echo \"abc\"")[1].lit(), Some("abc"));
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

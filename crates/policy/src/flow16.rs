//! Round 16's data-flow forms (the sweep of `tests/data/dataflow16.py`): parameter operations
//! (`${X:+word}`, `${X:?msg}`, `${X:offset[:length]}`), `${X:=word}` assigning, `unset`
//! (the variable is then empty, unless a `readonly` may protect it), pipeline stages that do
//! not leak their assignments (each runs in a subshell, unless `lastpipe` is set), and a `case`
//! on a literal word, whose matching arm surely runs and the others never.

use tree_sitter::Node;

use crate::shell::Analyser;
use crate::words::{Scope, Word, is_name, lookup};

/// The value of `${inner}` for the operations above: `Some(Some(v))` known, `Some(None)`
/// recognised but known only at run time, `None` not one of them.
pub(crate) fn param_op(inner: &str, scope: &Scope<'_>) -> Option<Option<String>> {
    let i = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    let (name, op) = inner.split_at(i);
    if !is_name(name) {
        return None;
    }
    let value = || match lookup(name, scope) {
        Some(Some(w)) => w.lit().map(str::to_string),
        _ => None,
    };
    if let Some(idx) = op.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return indexed(name, idx, scope);
    }
    let literal = |w: &str| (!w.contains(['$', '`', '"', '\'', '\\'])).then(|| w.to_string());
    if let Some(word) = op.strip_prefix(":+") {
        return Some(value().and_then(|v| if v.is_empty() { Some(v) } else { literal(word) }));
    }
    if op.starts_with(":?") {
        return Some(value().filter(|v| !v.is_empty()));
    }
    let range = op.strip_prefix(':')?;
    let (off, len) = match range.split_once(':') {
        Some((o, l)) => (o, Some(l)),
        None => (range, None),
    };
    let num = |s: &str| s.trim().parse::<usize>().ok();
    let off = num(off)?;
    let len = match len {
        Some(l) => Some(num(l)?),
        None => None,
    };
    Some(value().map(|v| {
        let chars = v.chars().skip(off);
        match len {
            Some(l) => chars.take(l).collect(),
            None => chars.collect(),
        }
    }))
}

/// `${NAME:=word}` / `${NAME=word}` in `text`: the names they may assign and the literal word.
fn default_assigns(text: &str) -> Vec<(String, Option<String>, bool)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("${") {
        rest = &rest[i + 2..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        let Some(end) = end else { break };
        let (name, op) = rest.split_at(end);
        let (colon, word) = match (op.strip_prefix(":="), op.strip_prefix('=')) {
            (Some(w), _) => (true, w),
            (_, Some(w)) => (false, w),
            _ => continue,
        };
        let Some(close) = word.find('}') else { break };
        let word = &word[..close];
        let lit = (!word.contains(['$', '`', '"', '\'', '\\', '{'])).then(|| word.to_string());
        if is_name(name) {
            out.push((name.to_string(), lit, colon));
        }
    }
    out
}

impl Analyser<'_, '_> {
    /// After a command: what its `${X:=word}` words assigned.
    pub(crate) fn assign_defaults(&mut self, text: &str) {
        for (name, word, colon) in default_assigns(text) {
            let now = self.vars.get(&name).cloned();
            let value = match now {
                // set (and not empty, for `:=`): unchanged
                Some(Some(w)) if !colon || w.lit().is_some_and(|v| !v.is_empty()) => continue,
                Some(Some(_)) if self.unsure == 0 => word.map(|w| Word::literal(&w)),
                // unknowable, or from the environment
                _ => None,
            };
            self.vars.insert(name, value);
        }
    }

    /// `unset [-v|-f] NAMES`: a variable is then unset (empty), unless the script may have
    /// made it readonly (then `unset` fails: unknowable); a function is gone.
    pub(crate) fn unset(&mut self, node: Node<'_>, src: &str) {
        let text = &src[node.byte_range()];
        let words: Vec<&str> = text.split_whitespace().skip(1).collect();
        let functions = words.contains(&"-f");
        let guarded = src.contains("readonly")
            || src.split_whitespace().any(|w| {
                w.starts_with('-')
                    && w.contains('r')
                    && ["declare", "typeset", "local"]
                        .iter()
                        .any(|d| src.contains(d))
            })
            || self.unsure > 0;
        for w in words.iter().filter(|w| !w.starts_with('-')) {
            let w = w.trim_matches(['\'', '"']);
            if functions {
                self.functions.remove(w);
                continue;
            }
            if !is_name(w) {
                // `unset 'a[1]'`: the array is unknowable
                let base = w.split('[').next().unwrap_or(w).to_string();
                self.vars.insert(base, None);
                continue;
            }
            let v = (!guarded).then(|| Word::literal(""));
            self.vars.insert(w.to_string(), v);
            for i in 0..=64 {
                self.vars.remove(&format!("{w}[{i}]"));
            }
        }
    }

    /// `case WORD in ...` with a literal WORD: the first arm whose patterns are literal and
    /// equal to it (or `*`) surely runs, when every arm before it has literal patterns only and
    /// it ends with `;;`. `false` when the statement is not of that shape (judged as before).
    pub(crate) fn literal_case(&mut self, node: Node<'_>, src: &str, depth: usize) -> bool {
        // an unknown subject still surely runs a first arm whose pattern is `*` (`case "$1" in
        // *) ...`), and nothing else
        let subject = node
            .child_by_field_name("value")
            .and_then(|v| self.word(v, src).lit().map(str::to_string));
        let mut c = node.walk();
        for item in node.named_children(&mut c) {
            if item.kind() != "case_item" {
                continue;
            }
            let mut pats = Vec::new();
            let mut ids = Vec::new();
            let mut ic = item.walk();
            for p in item.children_by_field_name("value", &mut ic) {
                pats.push(self.word(p, src));
                ids.push(p.id());
            }
            if pats.is_empty() {
                return false;
            }
            let text = &src[item.byte_range()];
            let matched = pats
                .iter()
                .any(|p| p.text == "*" || subject.is_some() && p.lit() == subject.as_deref());
            if matched {
                if text.trim_end().ends_with(";&") || text.trim_end().ends_with(";;&") {
                    return false;
                }
                let mut bc = item.walk();
                let body: Vec<Node<'_>> = item
                    .named_children(&mut bc)
                    .filter(|n| !ids.contains(&n.id()))
                    .collect();
                for n in body {
                    self.walk(n, src, depth);
                }
                return true;
            }
            // an arm before the match must surely not match: literal patterns only
            if subject.is_none()
                || pats
                    .iter()
                    .any(|p| p.lit().is_none() || p.pattern.is_some())
            {
                return false;
            }
        }
        // no arm matches: nothing runs
        true
    }
}

/// Whether `a | b` may leave its assignments in the shell (`shopt -s lastpipe`).
pub(crate) fn lastpipe(src: &str) -> bool {
    src.contains("lastpipe")
}

/// `${a[EXPR]}` of an indexed array with an arithmetic index (`${a[i+1]}`, `${a[$((n-1))]}`):
/// the element when the index and the element are known; `None` for a plain index (read as
/// before) or an associative array.
fn indexed(name: &str, idx: &str, scope: &Scope<'_>) -> Option<Option<String>> {
    if idx.is_empty()
        || idx.bytes().all(|b| b.is_ascii_digit())
        || matches!(idx, "@" | "*")
        || lookup(&crate::fields::assoc_marker(name), scope).is_some()
    {
        return None;
    }
    let n = arith(idx, scope)?;
    let key = format!("{name}[{n}]");
    if !crate::fields::element_valid(&key, scope) {
        return Some(None);
    }
    Some(match lookup(&key, scope) {
        Some(Some(w)) => w.lit().map(str::to_string),
        _ => None,
    })
}

/// A non-negative arithmetic index: integers, known integer variables (`i`, `$i`), `+ - * / %`
/// and parentheses, optionally inside `$(( ))`. `None` when any part is unknown.
fn arith(expr: &str, scope: &Scope<'_>) -> Option<u64> {
    let e = expr.trim();
    let e = e
        .strip_prefix("$((")
        .and_then(|r| r.strip_suffix("))"))
        .unwrap_or(e);
    let mut toks = Vec::new();
    let mut chars = e.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() || c == '$' {
            chars.next();
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let mut w = String::new();
            while let Some(&d) = chars
                .peek()
                .filter(|d| d.is_ascii_alphanumeric() || **d == '_')
            {
                w.push(d);
                chars.next();
            }
            let v = if w.bytes().all(|b| b.is_ascii_digit()) {
                w.parse::<i64>().ok()?
            } else {
                match lookup(&w, scope) {
                    Some(Some(x)) => x.lit()?.trim().parse::<i64>().ok()?,
                    _ => return None,
                }
            };
            toks.push(Tok::Num(v));
        } else if "+-*/%()".contains(c) {
            toks.push(Tok::Op(c));
            chars.next();
        } else {
            return None;
        }
    }
    let mut p = Parser { toks, at: 0 };
    let v = p.sum()?;
    (p.at == p.toks.len())
        .then_some(v)
        .and_then(|v| u64::try_from(v).ok())
}

enum Tok {
    Num(i64),
    Op(char),
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
}

impl Parser {
    fn op(&self) -> Option<char> {
        match self.toks.get(self.at) {
            Some(Tok::Op(c)) => Some(*c),
            _ => None,
        }
    }
    fn sum(&mut self) -> Option<i64> {
        let mut v = self.product()?;
        while let Some(c @ ('+' | '-')) = self.op() {
            self.at += 1;
            let r = self.product()?;
            v = if c == '+' {
                v.checked_add(r)?
            } else {
                v.checked_sub(r)?
            };
        }
        Some(v)
    }
    fn product(&mut self) -> Option<i64> {
        let mut v = self.atom()?;
        while let Some(c @ ('*' | '/' | '%')) = self.op() {
            self.at += 1;
            let r = self.atom()?;
            v = match c {
                '*' => v.checked_mul(r)?,
                '/' => v.checked_div(r)?,
                _ => v.checked_rem(r)?,
            };
        }
        Some(v)
    }
    fn atom(&mut self) -> Option<i64> {
        match self.toks.get(self.at)? {
            Tok::Num(n) => {
                let n = *n;
                self.at += 1;
                Some(n)
            }
            Tok::Op('(') => {
                self.at += 1;
                let v = self.sum()?;
                (self.op() == Some(')')).then(|| self.at += 1)?;
                Some(v)
            }
            Tok::Op('-') => {
                self.at += 1;
                self.atom()?.checked_neg()
            }
            _ => None,
        }
    }
}

//! minimatch's extended globs (`@(a|b)`, `+(a|b)`, `*(a|b)`, `?(a|b)`, `!(a|b)`) for
//! `gate.yaml`, which globset does not know. A small backtracking matcher over path segments
//! with minimatch's `dot: true` rules (what loop-gate 1.0.0 calls); patterns without an extglob
//! keep going through globset.

/// One piece of a path segment's pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Lit(char),
    /// `?`
    One,
    /// `*`
    Any,
    /// `[a-z]`, `[!x]`
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
    /// `@(..)`, `+(..)`, `*(..)`, `?(..)`, `!(..)`, and `{a,b}` as `@`.
    Ext {
        kind: char,
        alts: Vec<Vec<Token>>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    /// `**` alone: any number of segments.
    Globstar,
    Tokens(Vec<Token>),
}

/// A compiled extglob pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ExtGlob {
    segments: Vec<Segment>,
}

/// Whether `pattern` uses an extglob (`@(`, `+(`, `*(`, `?(`, `!(` not at the very start,
/// where minimatch reads `!` as negation).
pub(crate) fn has_extglob(pattern: &str) -> bool {
    let b = pattern.as_bytes();
    (1..b.len()).any(|i| b[i] == b'(' && matches!(b[i - 1], b'@' | b'+' | b'*' | b'?' | b'!'))
}

/// The index of the `close` that ends the group opened just before `from`, if any.
fn closing(chars: &[char], from: usize, open: char, close: char) -> Option<usize> {
    let mut depth = 1;
    let mut i = from;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Splits `chars` on `sep` outside parentheses, braces and brackets.
fn split_top(chars: &[char], sep: char) -> Vec<Vec<char>> {
    let mut out = vec![Vec::new()];
    let mut depth = 0i32;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if i + 1 < chars.len() => {
                if let Some(v) = out.last_mut() {
                    v.extend([c, chars[i + 1]]);
                }
                i += 2;
                continue;
            }
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            _ => {}
        }
        if c == sep && depth <= 0 {
            out.push(Vec::new());
        } else if let Some(v) = out.last_mut() {
            v.push(c);
        }
        i += 1;
    }
    out
}

fn class(chars: &[char]) -> Token {
    let (negated, body) = match chars.first() {
        Some('!' | '^') => (true, &chars[1..]),
        _ => (false, chars),
    };
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        if i + 2 < body.len() && body[i + 1] == '-' {
            ranges.push((c, body[i + 2]));
            i += 3;
        } else {
            ranges.push((c, c));
            i += 1;
        }
    }
    Token::Class { negated, ranges }
}

fn tokens(chars: &[char]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if matches!(c, '@' | '+' | '*' | '?' | '!')
            && next == Some('(')
            && let Some(end) = closing(chars, i + 2, '(', ')')
        {
            let alts = split_top(&chars[i + 2..end], '|');
            out.push(Token::Ext {
                kind: c,
                alts: alts.iter().map(|a| tokens(a)).collect(),
            });
            i = end + 1;
            continue;
        }
        match c {
            '\\' => {
                out.extend(next.map(Token::Lit));
                i += 2;
                continue;
            }
            '*' => {
                if out.last() != Some(&Token::Any) {
                    out.push(Token::Any);
                }
            }
            '?' => out.push(Token::One),
            '[' => {
                // `]` right after `[` (or `[!`) is a member
                let start = i + 1 + usize::from(matches!(next, Some('!' | '^')));
                match chars[(start + 1).min(chars.len())..]
                    .iter()
                    .position(|&c| c == ']')
                {
                    Some(p) => {
                        let end = start + 1 + p;
                        out.push(class(&chars[i + 1..end]));
                        i = end + 1;
                        continue;
                    }
                    None => out.push(Token::Lit('[')),
                }
            }
            '{' => match closing(chars, i + 1, '{', '}') {
                Some(end) if split_top(&chars[i + 1..end], ',').len() > 1 => {
                    let alts = split_top(&chars[i + 1..end], ',');
                    out.push(Token::Ext {
                        kind: '@',
                        alts: alts.iter().map(|a| tokens(a)).collect(),
                    });
                    i = end + 1;
                    continue;
                }
                _ => out.push(Token::Lit('{')),
            },
            c => out.push(Token::Lit(c)),
        }
        i += 1;
    }
    out
}

impl ExtGlob {
    /// Compiles a pattern (after minimatch's leading `!` negation is taken off).
    pub(crate) fn new(pattern: &str) -> ExtGlob {
        let chars: Vec<char> = pattern.chars().collect();
        let segments = split_top(&chars, '/')
            .into_iter()
            .map(|s| {
                if s == ['*', '*'] {
                    Segment::Globstar
                } else {
                    Segment::Tokens(tokens(&s))
                }
            })
            .collect();
        ExtGlob { segments }
    }

    /// Whether `path` (segments split by `/`) matches.
    pub(crate) fn is_match(&self, path: &str) -> bool {
        let segs: Vec<Vec<char>> = path.split('/').map(|s| s.chars().collect()).collect();
        let mut budget = STEP_BUDGET;
        match_segments(&self.segments, &segs, &mut budget)
    }
}

/// Backtracking steps one match may take (hostile patterns stay bounded); past it, no match.
const STEP_BUDGET: usize = 200_000;

fn match_segments(pat: &[Segment], path: &[Vec<char>], budget: &mut usize) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let Some((first, rest)) = pat.split_first() else {
        return path.is_empty();
    };
    match first {
        Segment::Globstar if rest.is_empty() => {
            // `auth/**` does not match `auth` itself; wildcards never match `.` or `..`
            !path.is_empty() && path.iter().all(|s| !is_dots(s))
        }
        Segment::Globstar => (0..=path.len()).any(|k| {
            path[..k].iter().all(|s| !is_dots(s)) && match_segments(rest, &path[k..], budget)
        }),
        Segment::Tokens(t) => match path.split_first() {
            Some((s, more)) => match_tokens(t, s, 0, budget) && match_segments(rest, more, budget),
            None => false,
        },
    }
}

fn is_dots(s: &[char]) -> bool {
    s == ['.'] || s == ['.', '.']
}

/// Whether `toks` match all of `s[at..]`.
fn match_tokens(toks: &[Token], s: &[char], at: usize, budget: &mut usize) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let Some((first, rest)) = toks.split_first() else {
        return at == s.len();
    };
    match first {
        Token::Lit(c) => s.get(at) == Some(c) && match_tokens(rest, s, at + 1, budget),
        Token::One => at < s.len() && match_tokens(rest, s, at + 1, budget),
        Token::Any => (at..=s.len()).any(|k| match_tokens(rest, s, k, budget)),
        Token::Class { negated, ranges } => s.get(at).is_some_and(|&c| {
            ranges.iter().any(|&(a, b)| a <= c && c <= b) != *negated
                && match_tokens(rest, s, at + 1, budget)
        }),
        Token::Ext { kind: '!', alts } => {
            // minimatch: `(?!(?:ALTS)REST$)[^/]*?REST` — nothing any alternative followed by
            // the rest would match, then any text and the rest
            let blocked = alts.iter().any(|alt| {
                alt_ends(alt, s, at, budget)
                    .into_iter()
                    .any(|k| match_tokens(rest, s, k, budget))
            });
            !blocked && (at..=s.len()).any(|k| match_tokens(rest, s, k, budget))
        }
        Token::Ext { kind, alts } => {
            let mut ends: Vec<usize> = Vec::new();
            if matches!(kind, '?' | '*') {
                ends.push(at);
            }
            let mut frontier = vec![at];
            while let Some(from) = frontier.pop() {
                for alt in alts {
                    for k in alt_ends(alt, s, from, budget) {
                        if !ends.contains(&k) {
                            ends.push(k);
                            // `+` and `*` repeat; a repetition must consume something
                            if matches!(kind, '+' | '*') && k > from {
                                frontier.push(k);
                            }
                        }
                    }
                }
            }
            ends.into_iter().any(|k| match_tokens(rest, s, k, budget))
        }
    }
}

/// The ends `k` such that `alt` matches exactly `s[at..k]`.
fn alt_ends(alt: &[Token], s: &[char], at: usize, budget: &mut usize) -> Vec<usize> {
    (at..=s.len())
        .filter(|&k| match_tokens(alt, &s[..k], at, budget))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        let m = |p: &str, s: &str| ExtGlob::new(p).is_match(s);
        assert!(m("@(a|b).ts", "a.ts"));
        assert!(!m("@(a|b).ts", "ab.ts"));
        assert!(m("+(ab)c", "ababc"));
        assert!(m("*(ab)c", "c"));
        assert!(m("?(x.)y", "y") && m("?(x.)y", "x.y") && !m("?(x.)y", "x.x.y"));
        assert!(m("docs/!(*.tmp)", "docs/a.md") && !m("docs/!(*.tmp)", "docs/a.tmp"));
        assert!(m("+(auth|secrets)/**", "auth/x") && !m("+(auth|secrets)/**", "auth"));
        assert!(has_extglob("**/*.+(pem|key)") && !has_extglob("!x") && !has_extglob("a/(b)"));
    }

    #[test]
    fn hostile_patterns_are_bounded() {
        let p = "*(*(*(*(a|aa))))b";
        let s = "a".repeat(40);
        assert!(!ExtGlob::new(p).is_match(&s));
    }
}

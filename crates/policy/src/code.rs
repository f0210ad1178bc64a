//! The string literals of inline code (`python -c`, `node -e`, awk programs), judged as the
//! commands and paths they may be.

use crate::words::Word;

/// The string literals inside inline code, as the commands they may be: `os.system("git
/// push")` gives `git push`, `["git", "push"]` gives `git push` (neighbours joined), awk's
/// `system("rm -rf " $1)` gives `rm -rf`. At most 32.
pub fn code_strings(argv: &[Word]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in argv.iter().skip(1) {
        let Some(code) = w.lit() else { continue };
        if code.starts_with('-') {
            continue;
        }
        let b: Vec<char> = code.chars().collect();
        let mut i = 0;
        let mut group: Vec<String> = Vec::new();
        while i < b.len() && out.len() < 32 {
            if let Some((words, next)) = quoted_words(&b, i) {
                // Perl's `qw(git push)`, Ruby's `%w(git push)`: a list of words
                out.push(words);
                i = next;
                continue;
            }
            let q = b[i];
            // round 19: a backtick string is a command in Ruby and Perl (and a template in JS)
            if q == '"' || q == '\'' || q == '`' {
                let mut lit = String::new();
                i += 1;
                while i < b.len() && b[i] != q {
                    if b[i] == '\\' && i + 1 < b.len() {
                        i += 1;
                    }
                    lit.push(b[i]);
                    i += 1;
                }
                i += 1;
                group.push(lit);
                // neighbours separated by commas and blanks only form one command line
                let mut j = i;
                while j < b.len() && (b[j] == ',' || b[j].is_whitespace()) {
                    j += 1;
                }
                if j < b.len() && (b[j] == '"' || b[j] == '\'') {
                    i = j;
                    continue;
                }
                let line = group.join(" ");
                if group.len() > 1 {
                    // each string alone may be a path (`readFileSync(".env", "utf8")`)
                    out.extend(group.iter().filter(|g| !g.trim().is_empty()).cloned());
                }
                if !line.trim().is_empty() {
                    out.push(line);
                }
                group.clear();
                continue;
            }
            i += 1;
        }
    }
    out
}

/// A word-list literal at `i` (Perl `qw(...)`, `qw[...]`, `qw{...}`, `qw/.../`; Ruby `%w(...)`,
/// `%W[...]`): its words joined by spaces, and the index after it.
fn quoted_words(b: &[char], i: usize) -> Option<(String, usize)> {
    let starts = match (b.get(i)?, b.get(i + 1)?) {
        ('q', 'w') => i == 0 || !(b[i - 1].is_alphanumeric() || b[i - 1] == '_'),
        ('%', 'w' | 'W') => true,
        _ => false,
    };
    let open = *b.get(i + 2)?;
    let close = match open {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        '/' | '|' | '!' => open,
        _ => return None,
    };
    if !starts {
        return None;
    }
    let len = b[i + 3..].iter().position(|&c| c == close)?;
    let inner: String = b[i + 3..i + 3 + len].iter().collect();
    let words = inner.split_whitespace().collect::<Vec<_>>().join(" ");
    Some((words, i + 4 + len))
}

/// Tcl's `spawn CMD ARGS` and `exec CMD ARGS` statements in `expect -c`/`tclsh` code: the
/// commands they run. At most 16.
pub fn tcl_commands(argv: &[Word]) -> Vec<String> {
    let mut out = Vec::new();
    for w in argv.iter().skip(1) {
        let Some(code) = w.lit() else { continue };
        for stmt in code.split([';', '\n', '[', ']']) {
            let mut words = stmt.split_whitespace();
            if !matches!(words.next(), Some("spawn" | "exec")) {
                continue;
            }
            let rest: Vec<&str> = words.skip_while(|x| x.starts_with('-')).collect();
            if !rest.is_empty() && out.len() < 16 {
                out.push(rest.join(" "));
            }
        }
    }
    out
}

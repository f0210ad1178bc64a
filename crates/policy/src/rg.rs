//! Which files `rg` reads when its `-g`/`--glob` and `-t`/`--type` options narrow a search:
//! `rg -g '*.rs' KEY .` reads no `.env`, so a clean narrowing keeps a recursive search allowed.

use crate::words::Word;

/// File globs of rg's common types (`rg --type-list`); a type not here narrows nothing.
const TYPES: &[(&str, &[&str])] = &[
    ("rust", &["*.rs"]),
    ("py", &["*.py", "*.pyi"]),
    ("python", &["*.py", "*.pyi"]),
    ("js", &["*.js", "*.jsx", "*.mjs", "*.cjs", "*.vue"]),
    ("ts", &["*.ts", "*.tsx", "*.cts", "*.mts"]),
    ("typescript", &["*.ts", "*.tsx", "*.cts", "*.mts"]),
    ("go", &["*.go"]),
    ("java", &["*.java", "*.jsp", "*.properties"]),
    ("c", &["*.c", "*.h", "*.H", "*.cats"]),
    (
        "cpp",
        &[
            "*.C", "*.cc", "*.cpp", "*.cxx", "*.c++", "*.h", "*.hh", "*.hpp", "*.hxx", "*.inl",
        ],
    ),
    (
        "md",
        &[
            "*.md",
            "*.markdown",
            "*.mdx",
            "*.mkd",
            "*.mkdn",
            "*.mdwn",
            "*.mdown",
        ],
    ),
    (
        "markdown",
        &[
            "*.md",
            "*.markdown",
            "*.mdx",
            "*.mkd",
            "*.mkdn",
            "*.mdwn",
            "*.mdown",
        ],
    ),
    ("toml", &["*.toml", "Cargo.lock"]),
    ("json", &["*.json", "*.jsonl", "composer.lock"]),
    ("yaml", &["*.yaml", "*.yml"]),
    (
        "sh",
        &[
            "*.sh",
            "*.bash",
            "*.zsh",
            ".bashrc",
            ".bash_profile",
            ".zshrc",
            ".profile",
        ],
    ),
    ("html", &["*.htm", "*.html", "*.ejs"]),
    ("css", &["*.css", "*.scss"]),
    (
        "ruby",
        &["*.rb", "*.gemspec", "Gemfile", ".irbrc", "Rakefile"],
    ),
    ("txt", &["*.txt"]),
];

/// `{a,b}` written out (one level, no nesting); `None` when the braces do not pair.
fn expand(g: &str) -> Option<Vec<String>> {
    let Some(open) = g.find('{') else {
        return (!g.contains('}')).then(|| vec![g.to_string()]);
    };
    let close = open + g[open..].find('}')?;
    let (pre, alts, post) = (&g[..open], &g[open + 1..close], &g[close + 1..]);
    if alts.contains('{') || post.contains(['{', '}']) {
        return None;
    }
    Some(alts.split(',').map(|a| format!("{pre}{a}{post}")).collect())
}

/// The value of option `short`/`long` at `i` (`-g X`, `-gX`, `--glob X`, `--glob=X`), with the
/// index after it; `Some((None, _))` for a value known only at run time.
fn value<'a>(
    argv: &'a [Word],
    i: usize,
    short: &str,
    long: &[&str],
) -> Option<(Option<&'a str>, usize)> {
    let w = argv[i].lit();
    let next = || (argv.get(i + 1).and_then(Word::lit), i + 2);
    match w {
        Some(x) if x == short || long.contains(&x) => Some(next()),
        Some(x) => {
            if let Some(v) = long
                .iter()
                .find_map(|l| x.strip_prefix(l)?.strip_prefix('='))
            {
                return Some((Some(v), i + 1));
            }
            x.strip_prefix(short)
                .filter(|v| !v.is_empty())
                .map(|v| (Some(v), i + 1))
        }
        None => None,
    }
}

/// The globs naming every file `rg` reads when `-g`/`--glob`/`--iglob` or `-t`/`--type` narrow
/// it (globs given win over types; the union is read at most); `None` when nothing narrows it
/// or a value is unknown, a type unlisted or a glob unreadable.
pub fn includes(argv: &[Word]) -> Option<Vec<String>> {
    let mut globs = Vec::new();
    let mut i = 1;
    while i < argv.len() {
        if argv[i].lit() == Some("--") {
            break;
        }
        if let Some((v, next)) = value(argv, i, "-g", &["--glob", "--iglob"]) {
            let v = v?;
            if !v.starts_with('!') {
                if v.is_empty() || v.contains("\\") {
                    return None;
                }
                globs.extend(expand(v)?);
            }
            i = next;
        } else if let Some((v, next)) = value(argv, i, "-t", &["--type"]) {
            let (_, exts) = TYPES.iter().find(|(t, _)| Some(*t) == v)?;
            globs.extend(exts.iter().map(|e| e.to_string()));
            i = next;
        } else {
            i += 1;
        }
    }
    (!globs.is_empty()).then_some(globs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<Word> {
        s.split(' ').map(Word::literal).collect()
    }

    #[test]
    fn globs_and_types_narrow() {
        assert_eq!(
            includes(&argv("rg -g *.rs x .")),
            Some(vec!["*.rs".to_string()])
        );
        assert_eq!(
            includes(&argv("rg --glob=*.{rs,toml} x")),
            Some(vec!["*.rs".to_string(), "*.toml".to_string()])
        );
        assert_eq!(
            includes(&argv("rg -trust x")),
            Some(vec!["*.rs".to_string()])
        );
        assert_eq!(includes(&argv("rg -t nosuch x")), None);
        assert_eq!(includes(&argv("rg -g !*.env x")), None);
        assert_eq!(includes(&argv("rg x .")), None);
        // after `--` a word is a path, not an option
        assert_eq!(includes(&argv("rg x -- -g")), None);
    }
}

//! Values that builtins give variables from literal text: `read` and `mapfile`/`readarray` fed
//! by a here-string or here-document, `printf -v NAME FORMAT ARGS` with a literal format. When
//! the text is literal the values are knowable and are checked like literals (round 6 of issue
//! 14); input from a file, the terminal or a pipe stays unknowable.

use crate::words::{Word, is_name};

/// What a `read`/`mapfile`/`printf -v` command sets, when its values are knowable.
pub(crate) enum Set {
    /// Plain variables and their values.
    Vars(Vec<(String, String)>),
    /// An array and its elements.
    Array(String, Vec<String>),
}

/// The text fed to a builtin is literal: no expansion was left in it (a here-document with an
/// unquoted delimiter expands `$`, backquotes and backslashes; a dynamic here-string is
/// `$__loop_gate_dynamic`).
fn literal_input(text: Option<&str>) -> Option<&str> {
    text.filter(|t| !t.contains(['$', '`']))
}

/// `read [-r] [-p PROMPT] [-t N] [-s] [-e] [-a ARRAY] [NAME...]` with `input` on standard input.
/// `ifs`: `None` the default IFS, `Some(true)` an empty IFS (`IFS= read`), `Some(false)` another
/// one (unknowable).
pub(crate) fn read(argv: &[Word], input: Option<&str>, ifs: Option<bool>) -> Option<Set> {
    let input = literal_input(input)?;
    let mut raw = false;
    let mut array = None;
    let mut names = Vec::new();
    let mut i = 1;
    while i < argv.len() {
        let v = argv[i].lit()?;
        match v {
            "-r" => raw = true,
            "-s" | "-e" | "-rs" | "-sr" | "-er" | "-re" => raw |= v.contains('r'),
            "-p" | "-t" => i += 1,
            "-a" => {
                array = Some(argv.get(i + 1)?.lit()?.to_string());
                i += 1;
            }
            "--" => {}
            _ if v.starts_with('-') => {
                // `-rp PROMPT`, `-ra NAME` and friends: only r/s/e clusters ending in p, t or
                // a take a value (the next word)
                let flags = v
                    .strip_prefix('-')
                    .filter(|f| f.is_ascii() && !f.is_empty())?;
                let (body, last) = flags.split_at(flags.len().saturating_sub(1));
                if !body.chars().all(|c| "rse".contains(c)) || !"rsepta".contains(last) {
                    return None;
                }
                raw |= flags.contains('r');
                if last == "a" {
                    array = Some(argv.get(i + 1)?.lit()?.to_string());
                }
                if matches!(last, "p" | "t" | "a") {
                    i += 1;
                }
            }
            _ if is_name(v) => names.push(v.to_string()),
            _ => return None,
        }
        i += 1;
    }
    let line = input.split('\n').next().unwrap_or("");
    if !raw && line.contains('\\') {
        return None;
    }
    if let Some(a) = array {
        if ifs.is_some() || !names.is_empty() {
            return None;
        }
        return Some(Set::Array(
            a,
            line.split_whitespace().map(str::to_string).collect(),
        ));
    }
    if names.is_empty() {
        return Some(Set::Vars(vec![("REPLY".into(), line.to_string())]));
    }
    let mut out = Vec::new();
    match ifs {
        Some(false) => return None,
        Some(true) => {
            for (k, n) in names.iter().enumerate() {
                out.push((
                    n.clone(),
                    if k == 0 {
                        line.to_string()
                    } else {
                        String::new()
                    },
                ));
            }
        }
        None => {
            let blank = |c: char| c == ' ' || c == '\t';
            let mut rest = line.trim_matches(blank);
            for (k, n) in names.iter().enumerate() {
                if k + 1 == names.len() {
                    out.push((n.clone(), rest.to_string()));
                } else {
                    let end = rest.find(blank).unwrap_or(rest.len());
                    out.push((n.clone(), rest[..end].to_string()));
                    rest = rest[end..].trim_start_matches(blank);
                }
            }
        }
    }
    Some(Set::Vars(out))
}

/// `mapfile -t [NAME]` / `readarray -t [NAME]` with `input` on standard input.
pub(crate) fn mapfile(argv: &[Word], input: Option<&str>) -> Option<Set> {
    let input = literal_input(input)?;
    let mut strip = false;
    let mut name = "MAPFILE".to_string();
    for w in &argv[1..] {
        match w.lit()? {
            "-t" => strip = true,
            "--" => {}
            v if is_name(v) => name = v.to_string(),
            _ => return None,
        }
    }
    // without -t every element keeps its newline: not a plain path
    if !strip {
        return None;
    }
    let mut lines: Vec<String> = input.split('\n').map(str::to_string).collect();
    if lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    Some(Set::Array(name, lines))
}

/// `printf -v NAME FORMAT ARGS...` where FORMAT has only `%s` (and `%%`) and every argument is
/// literal.
pub(crate) fn printf_v(argv: &[Word]) -> Option<Set> {
    let mut i = 1;
    let mut name = None;
    while i < argv.len() {
        match argv[i].lit()? {
            "-v" => {
                name = Some(argv.get(i + 1)?.lit()?.to_string());
                i += 2;
            }
            "--" => {
                i += 1;
                break;
            }
            _ => break,
        }
    }
    let name = name.filter(|n| is_name(n))?;
    let raw = argv.get(i)?.lit()?;
    // round 21: `printf -v f '\x2e%s' env` (an escape that spells `%` is not followed)
    let format = crate::flow21::printf_escapes(raw)?;
    if format.matches('%').count() != raw.matches('%').count() {
        return None;
    }
    let args: Option<Vec<&str>> = argv[i + 1..].iter().map(Word::lit).collect();
    let args = args?;
    let pieces: Vec<&str> = format.split("%%").collect();
    let slots: usize = pieces.iter().map(|p| p.matches("%s").count()).sum();
    if pieces.iter().any(|p| p.replace("%s", "").contains('%')) || slots != args.len() {
        return None;
    }
    let mut args = args.into_iter();
    let out: Vec<String> = pieces
        .iter()
        .map(|p| {
            let mut s = String::new();
            let mut parts = p.split("%s").peekable();
            while let Some(t) = parts.next() {
                s.push_str(t);
                if parts.peek().is_some() {
                    s.push_str(args.next().unwrap_or(""));
                }
            }
            s
        })
        .collect();
    Some(Set::Vars(vec![(name, out.join("%"))]))
}

/// Whether an assignment's written value is the variable's own current value (`PATH="$PATH"`),
/// which changes nothing.
pub(crate) fn keeps_own_value(name: &str, written: &str) -> bool {
    let v = written
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(written);
    v.strip_prefix('$').is_some_and(|r| {
        r == name
            || r.strip_prefix('{')
                .and_then(|r| r.strip_suffix('}'))
                .is_some_and(|r| r == name)
    })
}

/// A program run that prints the whole environment (`env`, `printenv`, `export -p`, `declare
/// -x`, `set` alone): what `/proc/self/environ` holds, which the secrets catalogue denies.
pub(crate) fn dumps_environment(name: &str, argv: &[Word]) -> bool {
    let args: Vec<Option<&str>> = argv[1..].iter().map(Word::lit).collect();
    let all_opts = |ok: &[&str]| args.iter().all(|a| a.is_some_and(|v| ok.contains(&v)));
    match name {
        "env" => env_prints(&args),
        "printenv" => all_opts(&["-0", "--null"]),
        // `declare` alone prints every variable, the exported ones too
        "export" | "declare" | "typeset" => all_opts(&["-p", "-x", "-px", "-xp"]),
        "set" => args.is_empty(),
        // `jq -n env`, `jq -n '$ENV'`: the whole environment as an object
        "jq" | "gojq" | "jaq" => jq_program(&args).is_some_and(jq_whole_env),
        _ => false,
    }
}

/// jq's program: its first argument that is no option or option value (`None` with `-f`).
fn jq_program<'a>(args: &[Option<&'a str>]) -> Option<&'a str> {
    let mut i = 0;
    while i < args.len() {
        let a = args[i]?;
        match a {
            "--arg" | "--argjson" | "--slurpfile" | "--rawfile" => i += 3,
            "-L" | "--indent" | "--library-path" => i += 2,
            "-f" | "--from-file" => return None,
            _ if a.starts_with('-') && a.len() > 1 => i += 1,
            _ => return Some(a),
        }
    }
    None
}

/// Whether a jq program takes `env` or `$ENV` whole (not one variable of it, `env.HOME`,
/// `$ENV["X"]`).
fn jq_whole_env(program: &str) -> bool {
    let b = program.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    program
        .match_indices("env")
        .chain(program.match_indices("ENV"))
        .any(|(i, m)| {
            let dollar = i > 0 && b[i - 1] == b'$';
            let before_ok = match i.checked_sub(1).map(|j| b[j]) {
                None => m == "env",
                Some(b'$') => m == "ENV" && !(i > 1 && ident(b[i - 2])),
                Some(c) => m == "env" && !ident(c) && c != b'.',
            };
            let rest = program[i + m.len()..].trim_start();
            let whole = !rest.starts_with(['.', '['])
                && !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            before_ok && whole && (dollar || m == "env")
        })
}

/// `env [-0] [-u NAME] [NAME=VALUE]...` with no command prints the environment (`-i` empties
/// it first).
fn env_prints(args: &[Option<&str>]) -> bool {
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            Some("-0" | "--null" | "--") => {}
            Some("-u" | "--unset") => i += 1,
            Some(v) if v.starts_with("--unset=") || (v.starts_with("-u") && v.len() > 2) => {}
            Some(v) if !v.starts_with('-') && v.contains('=') => {}
            _ => return false,
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod jq_tests {
    #[test]
    fn jq_environment_whole_or_one_variable() {
        for p in [
            "env",
            "$ENV",
            "env | keys",
            "{e: env}",
            ". + $ENV",
            "$ENV|tojson",
        ] {
            assert!(super::jq_whole_env(p), "{p}");
        }
        for p in [
            "env.HOME",
            "$ENV.PATH",
            "$ENV[\"X\"]",
            ".environment",
            "envsubst",
            ".env",
            "$env",
        ] {
            assert!(!super::jq_whole_env(p), "{p}");
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn w(s: &str) -> Vec<Word> {
        s.split_whitespace().map(Word::literal).collect()
    }

    fn vars(s: Option<Set>) -> Vec<(String, String)> {
        match s {
            Some(Set::Vars(v)) => v,
            _ => panic!("no vars"),
        }
    }

    #[test]
    fn read_splits_like_bash() {
        let v = vars(read(&w("read -r a b"), Some("x  .env  y\n"), None));
        assert_eq!(v[0].1, "x");
        assert_eq!(v[1].1, ".env  y");
        let v = vars(read(&w("read -rp p: f"), Some(".netrc"), None));
        assert_eq!(v, vec![("f".to_string(), ".netrc".to_string())]);
        assert!(read(&w("read -r f"), Some("$__loop_gate_dynamic"), None).is_none());
        assert!(read(&w("read -d x f"), Some(".env"), None).is_none());
        assert!(read(&w("read f"), Some("a\\b"), None).is_none());
        assert!(read(&w("read -é f"), Some(".env"), None).is_none());
        assert!(read(&w("read - f"), Some(".env"), None).is_none());
        let v = vars(read(&w("read -r f"), Some(" .env \n"), Some(true)));
        assert_eq!(v[0].1, " .env ");
    }

    #[test]
    fn mapfile_and_printf() {
        match mapfile(&w("mapfile -t L"), Some("a\n.env\n")) {
            Some(Set::Array(n, l)) => {
                assert_eq!((n.as_str(), l), ("L", vec!["a".into(), ".env".into()]))
            }
            _ => panic!(),
        }
        assert!(mapfile(&w("mapfile L"), Some("a\n")).is_none());
        let v = vars(printf_v(&w("printf -v c git%s%s _ push")));
        assert_eq!(v[0].1, "git_push");
        assert!(printf_v(&w("printf -v c %d 1")).is_none());
        assert!(dumps_environment("env", &w("env")));
        assert!(!dumps_environment("env", &w("env FOO=1 ls")));
        assert!(dumps_environment("export", &w("export -p")));
        assert!(!dumps_environment("set", &w("set -e")));
    }
}

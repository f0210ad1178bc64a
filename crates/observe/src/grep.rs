//! The search pattern of a grep-like command line, so its answer lines are never folded.

/// What a grep-like command searches for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// Regular expressions (already escaped when the command searched a literal).
    pub patterns: Vec<String>,
    /// The output is a list of names or counts (`-l`, `-c`, `--files-with-matches`): keep all.
    pub keep_all: bool,
}

const GREPS: &[&str] = &["grep", "egrep", "fgrep", "rg", "ag", "ack", "ack-grep"];
/// Short options that take a value in grep, rg, ag or ack.
const SHORT_WITH_VALUE: &[u8] = b"ABCmfdDgtTMj";
const LONG_WITH_VALUE: &[&str] = &[
    "--after-context",
    "--before-context",
    "--context",
    "--max-count",
    "--file",
    "--include",
    "--exclude",
    "--exclude-dir",
    "--glob",
    "--type",
    "--type-not",
    "--max-depth",
    "--color",
    "--colour",
    "--binary-files",
    "--devices",
    "--directories",
    "--label",
    "--threads",
    "--max-columns",
    "--sort",
];

/// Parses `command` (a shell command line; the first grep-like stage of a pipeline counts).
/// Returns `None` when it is not grep-like or has no pattern.
pub fn parse(command: &str) -> Option<Search> {
    let words = shlex::split(command)?;
    let mut stages = words.split(|w| w == "|" || w == "&&" || w == ";" || w == "||");
    stages.find_map(parse_stage)
}

fn parse_stage(words: &[String]) -> Option<Search> {
    let mut i = words.iter().position(|w| {
        let base = w.rsplit('/').next().unwrap_or(w);
        GREPS.contains(&base)
    });
    if i.is_none() {
        // `git grep`
        let g = words
            .iter()
            .position(|w| w == "git" || w.ends_with("/git"))?;
        if words.get(g + 1).map(String::as_str) == Some("grep") {
            i = Some(g + 1);
        }
    }
    let start = i? + 1;
    let mut fixed = words[start - 1] == "fgrep";
    let mut icase = false;
    let mut keep_all = false;
    let mut explicit = Vec::new();
    let mut positional = None;
    let mut k = start;
    while k < words.len() {
        let w = &words[k];
        k += 1;
        if w == "--" {
            if positional.is_none() && explicit.is_empty() {
                positional = words.get(k).cloned();
            }
            break;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (long, None),
            };
            match name {
                "regexp" => explicit.extend(value.or_else(|| next(words, &mut k))),
                "fixed-strings" => fixed = true,
                "ignore-case" => icase = true,
                "files-with-matches" | "files-without-match" | "count" | "files" => keep_all = true,
                _ if value.is_none() && LONG_WITH_VALUE.contains(&w.as_str()) => k += 1,
                _ => {}
            }
            continue;
        }
        if let Some(flags) = w.strip_prefix('-').filter(|f| !f.is_empty()) {
            let bytes = flags.as_bytes();
            for (j, &f) in bytes.iter().enumerate() {
                match f {
                    b'e' => {
                        let rest = &flags[j + 1..];
                        if rest.is_empty() {
                            explicit.extend(next(words, &mut k));
                        } else {
                            explicit.push(rest.to_owned());
                        }
                        break;
                    }
                    b'F' => fixed = true,
                    b'i' => icase = true,
                    b'l' | b'c' | b'L' => keep_all = true,
                    _ if SHORT_WITH_VALUE.contains(&f) => {
                        if j + 1 == bytes.len() {
                            k += 1;
                        }
                        break;
                    }
                    _ => {}
                }
            }
            continue;
        }
        if positional.is_none() && explicit.is_empty() {
            positional = Some(w.clone());
        }
    }
    if explicit.is_empty() {
        explicit.extend(positional);
    }
    if explicit.is_empty() && !keep_all {
        return None;
    }
    let patterns = explicit
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(|p| {
            let body = if fixed || regex::Regex::new(&p).is_err() {
                regex::escape(&p)
            } else {
                p
            };
            if icase { format!("(?i){body}") } else { body }
        })
        .collect();
    Some(Search { patterns, keep_all })
}

fn next(words: &[String], k: &mut usize) -> Option<String> {
    let v = words.get(*k).cloned();
    *k += 1;
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grep_pattern_positional() {
        let s = parse("grep -rn --include=*.rs fn_name src/").unwrap();
        assert_eq!(s.patterns, vec!["fn_name".to_owned()]);
        assert!(!s.keep_all);
    }

    #[test]
    fn rg_with_options_and_pipeline() {
        let s = parse("cd x && rg -i -g '*.py' -A 2 'def (foo|bar)' . | head").unwrap();
        assert_eq!(s.patterns, vec!["(?i)def (foo|bar)".to_owned()]);
    }

    #[test]
    fn explicit_and_fixed_patterns() {
        let s = parse("git grep -F -e 'a.b(' -e x").unwrap();
        assert_eq!(s.patterns, vec![r"a\.b\(".to_owned(), "x".to_owned()]);
        let s = parse("grep -l TODO -r .").unwrap();
        assert!(s.keep_all);
    }

    #[test]
    fn invalid_regex_becomes_literal() {
        let s = parse(r"grep 'foo\|bar(' f").unwrap();
        assert_eq!(s.patterns, vec![regex::escape(r"foo\|bar(")]);
    }

    #[test]
    fn non_grep_commands() {
        assert_eq!(parse("cargo build"), None);
        assert_eq!(parse("ls -la"), None);
        assert_eq!(parse("grep"), None);
    }
}

//! Round 21's git arguments (gate18's blind probe, harmless commands judged too strictly): the
//! values of git's history-search and format options are patterns and text, not paths
//! (`git log --grep='.env'`, `--author=X`, `-S TEXT`, `-G REGEX`, `--format=FMT`); `git config
//! KEY` with a key alone, `git config get KEY` and `git config list` read configuration; and `git
//! config -f FILE --get-regexp X` (a file option before the action) is judged as `git config
//! --get-regexp X -f FILE`, so the read-only prefixes match while FILE stays judged as a path.

use std::collections::HashSet;

use crate::words::Word;

/// git options whose value (attached with `=`, or the next word) is no path.
const TEXT_OPTIONS: &[&str] = &[
    "--grep",
    "--author",
    "--committer",
    "--format",
    "--pretty",
    "--since",
    "--until",
    "--after",
    "--before",
    "--date",
    "--message",
    "-S",
    "-G",
    "-m",
];

/// Indices of git's words that are no paths (their values).
pub(crate) fn non_paths(name: &str, argv: &[Word]) -> HashSet<usize> {
    let mut out = HashSet::new();
    if name != "git" {
        return out;
    }
    for (i, w) in argv.iter().enumerate().skip(1) {
        // `--author="$(git config user.name)"`: an option's run-time value is no path either
        let v = w.lit().unwrap_or(&w.text);
        if v == "--" {
            break;
        }
        let opt = v.split_once('=').map_or(v, |(o, _)| o);
        if TEXT_OPTIONS.contains(&opt) {
            if v.contains('=') {
                out.insert(i);
            } else {
                out.insert(i + 1);
            }
        } else if (v.starts_with("-S") || v.starts_with("-G")) && v.len() > 2 {
            out.insert(i); // `-Spattern`
        }
    }
    out
}

/// git config's options that only choose where configuration is read from or how it is shown.
const CONFIG_SCOPE: &[&str] = &[
    "--global",
    "--system",
    "--local",
    "--worktree",
    "--show-origin",
    "--show-scope",
    "--null",
    "-z",
    "--includes",
    "--no-includes",
    "--name-only",
    "--bool",
    "--int",
    "--path",
];

/// The file options of git config, which take a value.
const CONFIG_FILE: &[&str] = &["-f", "--file", "--blob", "--type", "--default"];

/// Whether git config's arguments (after `config`) only read: one key and nothing that writes,
/// or the `get`/`list` subcommands.
pub(crate) fn git_config_reads(rest: &[&str]) -> bool {
    let mut keys = Vec::new();
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        if CONFIG_FILE.contains(v) {
            i += 2;
            continue;
        }
        if v.starts_with('-') {
            let opt = v.split_once('=').map_or(*v, |(o, _)| o);
            if !CONFIG_SCOPE.contains(&opt) && !CONFIG_FILE.contains(&opt) {
                return false;
            }
        } else {
            keys.push(*v);
        }
        i += 1;
    }
    match keys.as_slice() {
        ["get" | "list", ..] => true,
        [key] => key.contains('.') && *key != "$",
        _ => false,
    }
}

/// `git config [SCOPE] KEY`, `git config get KEY`, `git config list` in their `--get`/`--list`
/// spelling (`None` when the command is no such read).
pub(crate) fn config_read_form(argv: &[Word]) -> Option<Vec<Word>> {
    if argv.first().and_then(Word::lit) != Some("git")
        || argv.get(1).and_then(Word::lit) != Some("config")
    {
        return None;
    }
    let rest: Vec<&str> = argv[2..].iter().map(|w| w.lit()).collect::<Option<_>>()?;
    if !git_config_reads(&rest) {
        return None;
    }
    let key = rest.iter().position(|v| !v.starts_with('-'))?;
    let mut out = argv.to_vec();
    match rest[key] {
        "get" => out[2 + key] = Word::literal("--get"),
        "list" => out[2 + key] = Word::literal("--list"),
        _ => out.insert(2 + key, Word::literal("--get")),
    }
    Some(out)
}

/// `git [globals] config -f FILE ACTION ...` as `git config ACTION ... -f FILE` (`None` when no
/// file option comes before the action).
pub(crate) fn config_file_last(argv: &[Word]) -> Option<Vec<Word>> {
    if argv.first().and_then(Word::lit) != Some("git")
        || argv.get(1).and_then(Word::lit) != Some("config")
    {
        return None;
    }
    let v = argv.get(2)?.lit()?;
    // (`--blob REV:PATH` stays where it is: the path inside the revision is not judged as one)
    let take = match v.split_once('=') {
        Some(("--file", _)) => 1,
        _ if matches!(v, "-f" | "--file") => 2,
        _ => return None,
    };
    let action = argv.get(2 + take)?.lit()?;
    if !matches!(
        action,
        "--get" | "--get-all" | "--get-regexp" | "--list" | "-l"
    ) {
        return None;
    }
    let mut out = argv[..2].to_vec();
    out.extend(argv[2 + take..].iter().cloned());
    out.extend(argv[2..2 + take].iter().cloned());
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &[&str]) -> Vec<Word> {
        s.iter().map(|w| Word::literal(w)).collect()
    }

    #[test]
    fn git_text_values() {
        let skip = non_paths(
            "git",
            &words(&["git", "log", "--grep=.env", "-S", "x", "src"]),
        );
        assert!(skip.contains(&2) && skip.contains(&4) && !skip.contains(&5));
        assert!(non_paths("cat", &words(&["cat", "--grep=.env"])).is_empty());
    }

    #[test]
    fn config_reads() {
        assert!(git_config_reads(&["user.name"]));
        assert!(git_config_reads(&["--global", "user.email"]));
        assert!(git_config_reads(&["get", "user.name"]));
        assert!(!git_config_reads(&["user.name", "x"]));
        assert!(!git_config_reads(&["--unset", "user.name"]));
        assert!(!git_config_reads(&["-e"]));
        let got = config_file_last(&words(&["git", "config", "-f", "x", "--list"]));
        let got: Vec<String> = got
            .unwrap_or_default()
            .iter()
            .filter_map(|w| w.lit().map(str::to_string))
            .collect();
        assert_eq!(got, ["git", "config", "--list", "-f", "x"]);
        assert!(config_file_last(&words(&["git", "config", "--list", "-f", "x"])).is_none());
        assert!(config_file_last(&words(&["git", "config", "-f", "x", "a.b", "c"])).is_none());
    }
}

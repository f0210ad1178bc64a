//! Deny and ask rules match every spelling of their options: `rm -rf` is `rm -fr`, `rm -r -f`,
//! `rm -Rf`, `rm -rfv` and `rm --recursive --force`; words between the rule's words are
//! skipped (`git -C dir push`, `git commit -a --amend`).

use std::collections::BTreeSet;

use crate::rule::Match;
use crate::words::Word;

/// The one-letter name of a long option, per program (and for all programs).
fn long_to_short(program: &str, long: &str) -> Option<char> {
    let per_program = match (program, long) {
        ("rm" | "cp" | "chmod" | "chown" | "chgrp" | "ls" | "grep", "recursive") => Some('r'),
        ("rm", "dir") => Some('d'),
        ("git", "delete") => Some('d'),
        ("git", "all") => Some('a'),
        ("git", "message") => Some('m'),
        ("sed" | "perl", "in-place") => Some('i'),
        _ => None,
    };
    per_program.or(match long {
        "force" => Some('f'),
        "recursive" => Some('r'),
        "verbose" => Some('v'),
        "interactive" => Some('i'),
        "quiet" | "silent" => Some('q'),
        _ => None,
    })
}

/// The long options `long_to_short` knows, for prefixes (`--rec`, `--for`).
const LONG_NAMES: &[&str] = &[
    "recursive",
    "force",
    "verbose",
    "interactive",
    "quiet",
    "silent",
    "dir",
    "delete",
    "all",
    "message",
    "in-place",
];

/// Options that are the same as another letter for this program (`rm -R` is `rm -r`).
fn same_letter(program: &str, c: char) -> char {
    match (program, c) {
        ("rm" | "cp" | "chmod" | "chown" | "chgrp" | "scp" | "grep", 'R') => 'r',
        _ => c,
    }
}

/// The options a word stands for: `-rf` → {-r, -f}; `--force` → {-f}; `--hard` → {--hard}.
fn option_names(program: &str, v: &str, out: &mut BTreeSet<String>) {
    if let Some(long) = v.strip_prefix("--") {
        let name = long.split('=').next().unwrap_or(long);
        if program == "rm" && never_prompts(long) {
            // GNU rm `--interactive=never`: no prompt, as `-f` (missing files still reported)
            out.insert("-f".to_string());
            return;
        }
        match long_to_short(program, name) {
            Some(c) => out.insert(format!("-{c}")),
            None => {
                // getopt_long takes any unambiguous prefix: `--recur` is `--recursive`
                let mut abbreviated = false;
                if name.len() >= 2 {
                    for full in LONG_NAMES.iter().filter(|f| f.starts_with(name)) {
                        if let Some(c) = long_to_short(program, full) {
                            out.insert(format!("-{c}"));
                            abbreviated = true;
                        }
                    }
                }
                if !abbreviated {
                    out.insert(format!("--{name}"));
                }
                true
            }
        };
    } else if let Some(short) = v.strip_prefix('-') {
        for c in short.chars() {
            if !c.is_ascii_alphanumeric() {
                break;
            }
            out.insert(format!("-{}", same_letter(program, c)));
        }
    }
}

/// `interactive=never` (`no`, `none`; getopt and argmatch take unambiguous prefixes).
fn never_prompts(long: &str) -> bool {
    let Some((name, when)) = long.split_once('=') else {
        return false;
    };
    !name.is_empty()
        && "interactive".starts_with(name)
        && when.len() >= 2
        && ["never", "no", "none"].iter().any(|w| w.starts_with(when))
}

fn is_option(v: &str) -> bool {
    v.starts_with('-') && v.len() > 1
}

/// How well `words` match a deny/ask rule `prefix`: the program, the rule's plain words in
/// order (options in between skipped) and every option of the rule present in any spelling.
pub fn match_loose(prefix: &[String], words: &[Word]) -> Match {
    let Some(first) = words.first() else {
        return Match::No;
    };
    let program = prefix[0].as_str();
    let mut m = match first.lit() {
        Some(v) => {
            let v = if program.contains('/') {
                v
            } else {
                v.rsplit('/').next().unwrap_or(v)
            };
            if v == program {
                Match::Yes
            } else {
                return Match::No;
            }
        }
        // `$CMD` may be `git push` whole
        None if first.may_split() => return Match::Maybe,
        None => Match::Maybe,
    };
    let splits = words.iter().any(Word::may_split);
    let plain: Vec<&str> = prefix[1..]
        .iter()
        .filter(|w| !is_option(w))
        .map(String::as_str)
        .collect();
    let mut wanted = BTreeSet::new();
    for w in prefix[1..].iter().filter(|w| is_option(w)) {
        option_names(program, w, &mut wanted);
    }
    let mut i = 1;
    let mut dynamic = false;
    let mut end_of_options = false;
    for want in &plain {
        loop {
            let Some(w) = words.get(i) else {
                // `git $ARGS`: the missing words may come from a word that splits
                return if splits { Match::Maybe } else { Match::No };
            };
            i += 1;
            match w.lit() {
                None => {
                    // a dynamic word may be the one wanted
                    dynamic = true;
                    m = m.min(Match::Maybe);
                    break;
                }
                Some("--") => end_of_options = true,
                Some(v) if v == *want => break,
                Some(v) if is_option(v) && !end_of_options => {
                    if !v.contains('=') && crate::programs::takes_value(program, v) {
                        i += 1;
                    }
                }
                Some(_) if plain.first() == Some(want) && i == 2 => {
                    // the first word after the program is not the subcommand wanted
                    return Match::No;
                }
                Some(_) => {
                    if plain.first() == Some(want) {
                        // `git -C dir push`: an option value we did not know about
                        let prev_is_opt = words
                            .get(i.saturating_sub(2))
                            .and_then(|w| w.lit())
                            .is_some_and(is_option);
                        if !prev_is_opt {
                            return Match::No;
                        }
                        m = m.min(Match::Maybe);
                    }
                }
            }
        }
    }
    if wanted.is_empty() {
        return m;
    }
    let mut have = BTreeSet::new();
    let mut end = false;
    for w in &words[1..] {
        match w.lit() {
            Some("--") => end = true,
            Some(v) if !end && is_option(v) => option_names(program, v, &mut have),
            Some(_) => {}
            None => dynamic = true,
        }
    }
    if wanted.is_subset(&have) {
        m
    } else if dynamic {
        Match::Maybe
    } else {
        Match::No
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<Word> {
        s.split_whitespace().map(Word::literal).collect()
    }

    fn rule(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn option_spellings() {
        let r = rule("rm -rf");
        for c in [
            "rm -rf x",
            "rm -fr x",
            "rm -r -f x",
            "rm -Rf x",
            "rm --recursive --force x",
            "rm -rfv x",
            "/bin/rm -f -R x",
            "rm --recur --force x",
            "rm --force --rec x",
            "rm --for --recursive x",
            "rm -r --interactive=never x",
            "rm --inter=no -R x",
        ] {
            assert_eq!(match_loose(&r, &w(c)), Match::Yes, "{c}");
        }
        for c in [
            "rm -r x",
            "rm x",
            "rm -- -rf",
            "rmdir -rf",
            "rm -r --interactive=always x",
            "rm -r --interactive x",
        ] {
            assert_eq!(match_loose(&r, &w(c)), Match::No, "{c}");
        }
        let r = rule("git push");
        assert_eq!(match_loose(&r, &w("git -C d push")), Match::Yes);
        assert_eq!(match_loose(&r, &w("git --no-pager push -f")), Match::Yes);
        assert_eq!(match_loose(&r, &w("git stash push")), Match::No);
        let r = rule("git commit --amend");
        assert_eq!(match_loose(&r, &w("git commit -a --amend")), Match::Yes);
        let r = rule("git push --force");
        assert_eq!(match_loose(&r, &w("git push -f origin")), Match::Yes);
        assert_eq!(match_loose(&r, &w("git push origin")), Match::No);
    }
}

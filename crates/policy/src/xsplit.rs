//! `find ROOT ... | xargs CMD` without `-print0`/`-0`: xargs splits its input at blanks and
//! reads quotes and backslashes, so the words CMD gets are the names find prints only when no
//! name below ROOT holds one of those characters (a file `.env x.rs` found by `-name '*.rs'`
//! would give `xargs cat` the path `.env`). The names are kept as a pattern marked `split`,
//! judged as the names themselves when the caller's complete listing of ROOT proves every name
//! below it plain, and as anything at all otherwise (round 7 left the whole form `ask`).

use crate::part::{PathArg, Pattern};
use crate::path::PathContext;
use crate::words::Word;

/// The text of a word that stands for the names xargs splits out of find's output.
pub(crate) const SPLIT: &str = "{} (names xargs split at blanks)";

/// The characters GNU and BSD xargs split at or interpret (blanks, newlines, quotes, backslash).
const SPECIAL: [char; 7] = [' ', '\t', '\n', '\r', '\'', '"', '\\'];

/// The words of `find`'s names (`found_for_exec`: `ROOT/**/GLOB`, or every file below ROOT),
/// marked as split at blanks.
pub(crate) fn split_words(names: Vec<Word>) -> Vec<Word> {
    names
        .into_iter()
        .filter_map(|w| {
            Some(Word {
                text: SPLIT.into(),
                value: None,
                pattern: Some(w.pattern?),
            })
        })
        .collect()
}

/// The path argument of a split word whose pattern is absolute: every file below ROOT
/// (`ROOT/**`, dot files too) or a narrowed pattern (`ROOT/**/*.py`), marked split.
pub(crate) fn split_arg(abs: String) -> PathArg {
    match abs.strip_suffix("/**") {
        Some(dir) if !dir.contains(['*', '?', '[', '{']) => {
            let dir = if dir.is_empty() { "/" } else { dir };
            PathArg::Below {
                dir: dir.to_string(),
                all: Pattern {
                    split: true,
                    ..Pattern::new(abs)
                },
            }
        }
        _ => PathArg::Pattern(Pattern {
            split: true,
            ..Pattern::new(abs)
        }),
    }
}

/// Whether the words xargs makes of the names below the pattern's literal directory are exactly
/// those names: the caller listed that directory completely and no name below it holds a
/// character xargs splits at or interprets.
pub(crate) fn names_exact(pat: &Pattern, ctx: &PathContext<'_>) -> bool {
    let prefix = crate::patterns::literal_prefix(&pat.text);
    let dir = prefix.trim_end_matches('/');
    let Some((listing, complete)) = ctx.listing(dir) else {
        return false;
    };
    let own = listing.dir == dir;
    complete
        && listing
            .entries
            .iter()
            .filter(|e| own || crate::path::is_under(e, dir))
            .all(|e| !e.contains(SPECIAL))
}

/// Whether a pipeline stage prints a subset of its input lines unchanged, so that names find
/// printed reach the next stage as they were: `head`/`tail` by count, `sort`, `uniq`, and `grep`
/// selecting whole lines (`-v`, `-i`, `-E`, `-F`, `-x`, `-w`, `-e PATTERN`).
pub(crate) fn keeps_lines(stage: &str) -> bool {
    let mut words = stage.split_whitespace();
    let Some(name) = words.next() else {
        return false;
    };
    let rest: Vec<&str> = words.collect();
    match name {
        "head" | "tail" => counts_only(&rest),
        "sort" => rest.iter().all(|w| {
            w.starts_with('-')
                && w.trim_start_matches('-')
                    .chars()
                    .all(|c| "bdfginruV".contains(c))
        }),
        "uniq" => rest.iter().all(|w| matches!(*w, "-u" | "-d" | "-i")),
        "grep" | "egrep" | "fgrep" => grep_selects(&rest),
        _ => false,
    }
}

/// `head -20`, `head -n 20`, `tail -n +2`: a count, no file.
fn counts_only(rest: &[&str]) -> bool {
    match rest {
        [] => true,
        [n] => n
            .strip_prefix('-')
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())),
        ["-n", n] => {
            n.trim_start_matches('+')
                .bytes()
                .all(|b| b.is_ascii_digit())
                && !n.is_empty()
        }
        _ => false,
    }
}

/// `grep [-viEFxw] [-e] PATTERN` with no file: whole input lines, unchanged.
fn grep_selects(rest: &[&str]) -> bool {
    let mut patterns = 0;
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        if *w == "-e" {
            patterns += 1;
            i += 2;
            continue;
        }
        match w.strip_prefix('-') {
            Some(flags) if !flags.is_empty() && !flags.starts_with('-') => {
                if !flags.chars().all(|c| "viEFxw".contains(c)) {
                    return false;
                }
            }
            Some(_) => return false,
            None => patterns += 1,
        }
        i += 1;
    }
    patterns == 1 && i == rest.len()
}

#[cfg(test)]
mod tests {
    use super::keeps_lines;

    #[test]
    fn line_filters() {
        for s in [
            "head -20",
            "head -n 5",
            "tail -n +2",
            "sort",
            "sort -u",
            "uniq",
            "grep -v test",
            "grep -e a",
            "grep -vi 'x'",
        ] {
            assert!(keeps_lines(s), "{s}");
        }
        for s in [
            "head -c 5",
            "sort -o out",
            "uniq -c",
            "grep -n x",
            "grep -o x",
            "grep x file",
            "sed s/a/b/",
            "cut -d: -f1",
            "grep",
            "tr a b",
        ] {
            assert!(!keeps_lines(s), "{s}");
        }
    }
}

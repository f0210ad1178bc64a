//! How the words of a simple command match a rule's `command`, `exact` and `glob` selectors
//! (allow rules: word for word; deny and ask rules go through `options::match_loose`).

use globset::GlobMatcher;

use crate::rule::Match;

fn word_is(rule: &str, w: &crate::words::Word, program: bool) -> Match {
    match w.lit() {
        Some(v) => {
            let v = if program && !rule.contains('/') {
                v.rsplit('/').next().unwrap_or(v)
            } else {
                v
            };
            if v == rule { Match::Yes } else { Match::No }
        }
        None => Match::Maybe,
    }
}

pub(crate) fn match_prefix(prefix: &[String], words: &[crate::words::Word], strict: bool) -> Match {
    let Some(first) = words.first() else {
        return Match::No;
    };
    let mut m = word_is(&prefix[0], first, true);
    if m == Match::No {
        return m;
    }

    let mut i = 1;
    for (k, want) in prefix.iter().enumerate().skip(1) {
        // deny/ask: options before the subcommand (`git -C dir push`, `git --no-pager push`)
        if !strict && k == 1 {
            while let Some(v) = words.get(i).and_then(|w| w.lit()) {
                if !v.starts_with('-') || v == *want {
                    break;
                }
                i += 1;
                let next_is_want = words.get(i).and_then(|w| w.lit()) == Some(want.as_str());
                let next_is_value = words
                    .get(i)
                    .is_some_and(|w| w.lit().is_none_or(|n| !n.starts_with('-')));
                if !v.contains('=') && !next_is_want && next_is_value {
                    // the option may take this word as its value
                    i += 1;
                    if !crate::programs::takes_value(&prefix[0], v) {
                        m = m.min(Match::Maybe);
                    }
                }
            }
        }
        let Some(w) = words.get(i) else {
            return Match::No;
        };
        m = m.min(word_is(want, w, false));
        if m == Match::No {
            return m;
        }
        i += 1;
    }
    m
}

pub(crate) fn match_exact(
    exact: &[String],
    words: &[crate::words::Word],
    open_ended: bool,
) -> Match {
    if words.len() != exact.len() {
        return Match::No;
    }
    let mut m = if open_ended { Match::Maybe } else { Match::Yes };
    for (k, (want, w)) in exact.iter().zip(words).enumerate() {
        m = m.min(word_is(want, w, k == 0));
        if m == Match::No {
            return m;
        }
    }
    m
}

pub(crate) fn match_glob(glob: &GlobMatcher, words: &[crate::words::Word]) -> Match {
    let lits: Option<Vec<&str>> = words.iter().map(|w| w.lit()).collect();
    match lits {
        Some(l) => {
            if glob.is_match(l.join(" ")) {
                Match::Yes
            } else {
                Match::No
            }
        }
        None => Match::Maybe,
    }
}

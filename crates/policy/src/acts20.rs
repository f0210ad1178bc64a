//! Round 20's acting forms of programs judged read-only (gate17's blind probe), after
//! `src/acts.rs`: `date -s|--set STRING` and `date MMDDhhmm[[CC]YY][.ss]` set the system clock
//! (date(1)); the same program with `+FORMAT` or `-d STRING` only prints.

use crate::words::Word;

/// Why a program with these options is more than a reader (then at most `ask`).
pub(crate) fn acts(name: &str, argv: &[Word]) -> Option<String> {
    if name != "date" {
        return None;
    }
    let mut value_next = false;
    for w in argv.iter().skip(1) {
        let Some(v) = w.lit() else { continue };
        if std::mem::take(&mut value_next) {
            continue;
        }
        let sets = v == "-s"
            || v.starts_with("--set")
            || (v.starts_with("-s") && !v.starts_with("--"))
            || (v.len() >= 8 && v.chars().all(|c| c.is_ascii_digit() || c == '.'));
        if sets {
            return Some("`date` sets the system clock".into());
        }
        value_next = matches!(v, "-d" | "--date" | "-f" | "--file" | "-r" | "--reference");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acts_of(s: &[&str]) -> Option<String> {
        let argv: Vec<Word> = s.iter().map(|w| Word::literal(w)).collect();
        acts(s[0], &argv)
    }

    #[test]
    fn date_sets_or_prints() {
        assert!(acts_of(&["date", "-s", "2020-01-01"]).is_some());
        assert!(acts_of(&["date", "--set=2020-01-01"]).is_some());
        assert!(acts_of(&["date", "010112002020"]).is_some());
        assert!(acts_of(&["date", "+%s"]).is_none());
        assert!(acts_of(&["date", "-d", "20200101", "+%F"]).is_none());
        assert!(acts_of(&["date", "-u", "+%FT%TZ"]).is_none());
    }
}

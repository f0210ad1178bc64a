//! A diagnostic whose title names its rule in words and whose place is an arrow line under it
//! (issue 16, the `wild30` set: ruff's `--preview` output, any tool in rustc's layout):
//!
//! ```text
//! unused-import: [*] `os` imported but unused
//!  --> ledger/core.py:1:8
//! ```
//!
//! The title has no severity word and no code, so it folds as noise and the arrow line is kept
//! alone: the place without what is wrong there. Read together, the pair is one finding: the
//! arrow line is kept with its title above it, grouped by the title's rule name as a finding
//! naming its rule code is (`coded`), and both fold beyond that group's limit.

use super::hits::Hit;
use super::{Compressor, generic};
use crate::rules::Kind;

/// Keys titled findings apart from other groups of the same name.
const TITLE_SALT: u64 = 0x7a3c_51e9_0d24_b86f;

impl Compressor<'_> {
    /// The hit of line `no` ([`Self::unspent_hit`]), read with its title ([`Self::titled`]) and
    /// its record ([`Self::recorded`]).
    pub(super) fn titled_hit(
        &mut self,
        line: &[u8],
        anywhere: bool,
        no: u64,
        block: &[u8],
    ) -> Option<Hit> {
        let hit = self.unspent_hit(line, anywhere);
        let hit = self.titled(hit, no, line, block);
        let hit = self.recorded(hit, no, line);
        let hit = self.split_result(hit, no, line);
        self.first_frame(hit, line)
    }

    /// `hit` for line `no`; when it is the core's arrow location right under an unkept title,
    /// the title's finding instead: a warning pulling that line, grouped by its rule name.
    pub(super) fn titled(
        &self,
        hit: Option<Hit>,
        no: u64,
        line: &[u8],
        block: &[u8],
    ) -> Option<Hit> {
        let h = hit?;
        if h.kind != Kind::Location || !h.generic || !arrow(line) {
            return Some(h);
        }
        let Some((_, prev)) = self.run.recent.back().filter(|(n, _)| *n + 1 == no) else {
            return Some(h);
        };
        let Some(name) = generic::rule_titles::rule_title(prev.text(block)) else {
            return Some(h);
        };
        Some(Hit {
            kind: Kind::Warning,
            before: 1,
            group: Some(crate::normalize::hash_bytes(name) ^ TITLE_SALT),
            coded: true,
            ..h
        })
    }
}

/// `  --> src/a.py:3:5`: a location led by an arrow (`-->`, `╭─[`, `┌─`).
fn arrow(line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    t.starts_with(b"-->") || t.starts_with("╭─[".as_bytes()) || t.starts_with("┌─".as_bytes())
}

#[cfg(test)]
mod tests {
    use crate::{CompressOptions, Compressor};

    fn run(text: &str) -> String {
        let opts = CompressOptions::default();
        let mut c = Compressor::new(&opts);
        c.push(text.as_bytes());
        c.finish().text
    }

    /// Findings titled `rule-name: message` with an arrow location under each and an excerpt.
    fn findings(rules: &[(&str, usize)]) -> String {
        let mut s = String::new();
        let mut line = 1;
        for (rule, n) in rules {
            for i in 0..*n {
                line += 7;
                s.push_str(&format!("{rule}: the message of case {i}\n"));
                s.push_str(&format!("  --> pkg/mod{}.py:{line}:5\n   |\n", i % 3));
                s.push_str(&format!(
                    "{line} |     value = compute({i})\n   |     ^^^^^\n\n"
                ));
            }
        }
        s.push_str("Found 40 errors.\n");
        s
    }

    #[test]
    fn a_title_comes_with_its_arrow_location() {
        let text = run(&findings(&[("unused-name", 3), ("too-many-parts", 2)]));
        assert!(
            text.contains("unused-name: the message of case 2\n  --> pkg/mod2.py"),
            "{text}"
        );
        assert!(
            text.contains("too-many-parts: the message of case 0\n"),
            "{text}"
        );
    }

    #[test]
    fn titles_of_one_rule_fold_beyond_its_limit() {
        let text = run(&findings(&[("long-line", 60), ("bare-name", 1)]));
        let shown = text.matches("long-line: ").count();
        assert!((1..60).contains(&shown), "{shown}: {text}");
        assert!(
            text.contains("bare-name: the message of case 0\n"),
            "{text}"
        );
    }
}

//! A recursive read judged by what the caller found below its directory
//! ([`crate::Request::listings`]).

use crate::part::Pattern;
use crate::path::{NormPath, PathContext};
use crate::rule::{Match, Rule};

impl Rule {
    /// What the caller's listing of `dir` (or of a directory above it) says: `Maybe` when an
    /// entry matches or the listing is incomplete, `No` when it is complete and clean, `None`
    /// without a listing.
    pub(crate) fn match_listed(&self, dir: &str, ctx: &PathContext<'_>) -> Option<Match> {
        let (l, complete) = ctx.listing(dir)?;
        // a directory's own listing counts whole (link targets lie elsewhere); one of a
        // directory above only below `dir`
        let own = l.dir == dir;
        let found = l.entries.iter().any(|e| {
            (own || crate::path::is_under(e, dir))
                && self.matches_norm(&NormPath::from_absolute(e.clone(), ctx))
        });
        // what lies there was looked at: it decides
        Some(if found || !complete {
            Match::Maybe
        } else {
            Match::No
        })
    }

    /// A wildcard pattern (`ROOT/**/*.toml`, a narrowed recursive read) whose literal directory
    /// the caller listed completely: only a listed entry the pattern and the rule both match
    /// makes it `Maybe`; none is `No` (round 13). `None` without a complete listing.
    pub(crate) fn match_listed_pattern(
        &self,
        pat: &Pattern,
        ctx: &PathContext<'_>,
    ) -> Option<Match> {
        let glob = pat.glob.as_ref()?;
        let prefix = crate::patterns::literal_prefix(&pat.text);
        let (l, complete) = ctx.listing(prefix.trim_end_matches('/'))?;
        if !complete {
            return None;
        }
        let found = l.entries.iter().any(|e| {
            glob.is_match(e) && self.matches_norm(&NormPath::from_absolute(e.clone(), ctx))
        });
        Some(if found { Match::Maybe } else { Match::No })
    }
}

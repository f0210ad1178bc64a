//! What a rule made of a wildcard argument, remembered on this thread: judging one pattern
//! against a path rule costs tens of thousands of instructions (its sample names, the rule's
//! roots and probes), and the same pattern comes back against the same rule in the other parts
//! of a command, in the next call (an agent retries, a fuzz check judges a command and the same
//! text inside a larger one) and in every reading of text that does not parse.
//!
//! The answer is a pure function of the rule, the pattern's text and `split` flag, and the
//! request's workspace, home and writable roots (`Rule::match_pattern`, `Rule::match_below`):
//! a compiled rule is never changed (clones share its id and its content), so the memo gives
//! exactly what a new computation gives. Requests that carry listings are not remembered.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::part::Pattern;
use crate::path::PathContext;
use crate::rule::{Match, Rule};

/// How many answers a thread keeps; past it the memo starts again.
const MEMO_LIMIT: usize = 8192;

static NEXT_RULE_ID: AtomicU64 = AtomicU64::new(1);

/// A new id for a compiled rule (unique in the process; a clone keeps its rule's id).
pub(crate) fn next_rule_id() -> u64 {
    NEXT_RULE_ID.fetch_add(1, Ordering::Relaxed)
}

/// Which question a rule was asked of an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Asked {
    /// A wildcard argument (`PathArg::Pattern`).
    Pattern,
    /// Every file below a directory (`PathArg::Below`).
    Below,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    rule: u64,
    asked: Asked,
    text: String,
    dir: String,
    split: bool,
}

/// The request context the remembered answers hold for.
#[derive(Debug, Default, PartialEq, Eq)]
struct Context {
    workspace: String,
    home: Option<String>,
    writable_roots: Vec<String>,
}

impl Context {
    fn is(&self, ctx: &PathContext<'_>) -> bool {
        self.workspace == ctx.workspace
            && self.home.as_deref() == ctx.home
            && self.writable_roots == ctx.writable_roots
    }
}

#[derive(Default)]
struct Memo {
    context: Context,
    answers: HashMap<Key, Match>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The answer of `rule` (its id) to `asked` about the argument `text` (below `dir` for
/// [`Asked::Below`]) under `ctx`: remembered, or computed by `compute` and remembered.
pub(crate) fn remembered(
    rule: u64,
    asked: Asked,
    (text, dir, split): (&str, &str, bool),
    ctx: &PathContext<'_>,
    compute: impl FnOnce() -> Match,
) -> Match {
    if !ctx.listings.is_empty() {
        return compute();
    }
    let key = Key {
        rule,
        asked,
        text: text.to_string(),
        dir: dir.to_string(),
        split,
    };
    let known = MEMO.with(|m| {
        let m = m.borrow();
        if m.context.is(ctx) {
            m.answers.get(&key).copied()
        } else {
            None
        }
    });
    if let Some(answer) = known {
        return answer;
    }
    // computed outside the borrow: the computation may judge other arguments
    let answer = compute();
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if !m.context.is(ctx) {
            m.answers.clear();
            m.context = Context {
                workspace: ctx.workspace.to_string(),
                home: ctx.home.map(str::to_string),
                writable_roots: ctx.writable_roots.to_vec(),
            };
        }
        if m.answers.len() >= MEMO_LIMIT {
            m.answers.clear();
        }
        m.answers.insert(key, answer);
    });
    answer
}

impl Rule {
    /// [`Rule::match_pattern`], remembered.
    pub(crate) fn pattern_remembered(&self, pat: &Pattern, ctx: &PathContext<'_>) -> Match {
        let arg = (pat.text.as_str(), "", pat.split);
        remembered(self.id, Asked::Pattern, arg, ctx, || {
            self.match_pattern(pat, ctx)
        })
    }

    /// [`Rule::match_below`], remembered.
    pub(crate) fn below_remembered(
        &self,
        dir: &str,
        all: &Pattern,
        ctx: &PathContext<'_>,
    ) -> Match {
        let arg = (all.text.as_str(), dir, all.split);
        remembered(self.id, Asked::Below, arg, ctx, || {
            self.match_below(dir, all, ctx)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx<'a>(workspace: &'a str, home: Option<&'a str>) -> PathContext<'a> {
        PathContext {
            workspace,
            home,
            writable_roots: &[],
            listings: &[],
        }
    }

    #[test]
    fn answers_are_kept_per_rule_argument_and_context() {
        let rule = next_rule_id();
        let arg = ("/w/*.pem", "", false);
        let first = remembered(rule, Asked::Pattern, arg, &ctx("/w", None), || Match::Maybe);
        assert_eq!(first, Match::Maybe);
        // remembered: the computation is not asked again
        let again = remembered(rule, Asked::Pattern, arg, &ctx("/w", None), || Match::No);
        assert_eq!(again, Match::Maybe);
        // another rule, question, flag or context computes anew
        let other = next_rule_id();
        assert_eq!(
            remembered(other, Asked::Pattern, arg, &ctx("/w", None), || Match::No),
            Match::No
        );
        assert_eq!(
            remembered(rule, Asked::Below, arg, &ctx("/w", None), || Match::No),
            Match::No
        );
        let split = ("/w/*.pem", "", true);
        assert_eq!(
            remembered(rule, Asked::Pattern, split, &ctx("/w", None), || Match::No),
            Match::No
        );
        assert_eq!(
            remembered(rule, Asked::Pattern, arg, &ctx("/w", Some("/h")), || {
                Match::Yes
            }),
            Match::Yes
        );
        assert_eq!(
            remembered(rule, Asked::Pattern, arg, &ctx("/v", Some("/h")), || {
                Match::No
            }),
            Match::No
        );
    }
}

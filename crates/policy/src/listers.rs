//! Listers (`ls`, `du`, `tree`, `rg --files`): what their globs and recursive listings show.

use crate::part::{Part, PartKind, PathArg};
use crate::shell::Analyser;
use crate::words::Word;

/// A name no rule covers, for an entry of a directory that a glob names.
const DIR_ENTRY: &str = "loop-gate-directory-entry";

impl Analyser<'_, '_> {
    /// `ls *`, `du -sh *`: a lister shows names and sizes of the files a glob matches (never
    /// their content) and what lies inside its directories, so only a rule covering the latter
    /// matches (`ls ~/.ssh/*`: `~/.ssh/**`), not one naming key files (`ls *` may show `x.pem`).
    pub(crate) fn listed_globs(&self, p: &mut Part, argv: &[Word]) {
        for w in &argv[1..] {
            let Some(pat) = w.pattern.as_deref() else {
                continue;
            };
            let sep = if pat.ends_with('/') { "" } else { "/" };
            let inside = Word {
                text: w.text.clone(),
                value: None,
                pattern: Some(format!("{pat}{sep}{DIR_ENTRY}")),
            };
            let (was, now) = (self.path_arg(w), self.path_arg(&inside));
            if let Some(slot) = p.paths.iter_mut().find(|x| **x == was) {
                *slot = now;
            }
        }
    }

    /// `ls -R ~`: a recursive listing outside the workspace names every path below it (those
    /// a deny rule covers too), like a recursive read there.
    pub(crate) fn listing_outside(&mut self, text: &str, argv: &[Word]) {
        let ws = self.ctx.workspace.trim_end_matches('/');
        let dirs: Vec<&Word> = argv[1..]
            .iter()
            .filter(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
            .collect();
        for w in dirs {
            if let PathArg::Known(np) = self.path_arg(w)
                && np.absolute != ws
                && !np.absolute.starts_with(&format!("{ws}/"))
            {
                let mut rp = Part::new(PartKind::Read, text);
                rp.paths.push(PathArg::below(np.absolute));
                self.parts.push(rp);
            }
        }
    }
}

/// Listers that name every path below their directory arguments: `ls -R`, `du` (each
/// directory, and each file with `-a`) unless it only sums (`-s`), `tree`, `rg --files`.
pub(crate) fn lists_below(name: &str, argv: &[Word]) -> bool {
    use crate::models::has_flag;
    match name {
        "ls" => has_flag(argv, 'R', &["--recursive"]),
        "du" => !has_flag(argv, 's', &["--summarize"]),
        "tree" => true,
        "rg" => argv.iter().any(|w| w.lit() == Some("--files")),
        _ => false,
    }
}

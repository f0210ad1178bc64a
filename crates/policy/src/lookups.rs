//! What a caller that can look at the file system looks up before [`Policy::check`]: the
//! directories recursive readers read (listed into [`Request::listings`]) and the path
//! arguments that may be links (resolved into [`Request::resolved_args`]).

use crate::path::{NormPath, PathContext};
use crate::policy::{Policy, Request};
use crate::shell::PathArg;
use crate::shell::analyse;
use loopwright_protocol::tool::ToolRole;

/// What [`Policy::lookups`] asks a caller to look up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lookups {
    /// Directories to list into [`Request::listings`].
    pub dirs: Vec<String>,
    /// Path arguments to resolve into [`Request::resolved_args`] when they are links.
    pub paths: Vec<String>,
}

impl Policy {
    /// The directories (absolute) that recursive readers in a shell request read every file
    /// below (`grep -r KEY src`): a caller that can look should list them into
    /// [`Request::listings`], so a secret lying there makes the read `ask`. The workspace root
    /// is named too: without a listing it is at most `ask`, a complete clean listing (`rg KEY`
    /// in a workspace holding no secret) keeps the read allowed. The home directory and places
    /// outside are always at most `ask` and are not named.
    pub fn recursive_dirs(&self, req: &Request) -> Vec<String> {
        self.lookups(req).dirs
    }

    /// What a caller that can look at the file system should look up before [`Policy::check`]:
    /// the directories of [`Policy::recursive_dirs`] and every path argument the shell command
    /// names (absolute), whose symlink targets go into [`Request::resolved_args`].
    pub fn lookups(&self, req: &Request) -> Lookups {
        let ctx = PathContext {
            workspace: &req.workspace,
            home: req.home.as_deref(),
            writable_roots: &self.writable_roots,
            listings: &[],
        };
        let mut out = Lookups::default();
        let Some(c) = req
            .command
            .as_deref()
            .filter(|_| req.role == ToolRole::Shell)
        else {
            return out;
        };
        for part in analyse(c, &ctx) {
            for arg in &part.paths {
                match arg {
                    PathArg::Below { dir, .. }
                        if (NormPath::from_absolute(dir.clone(), &ctx).inside
                            || dir.trim_end_matches('/')
                                == req.workspace.trim_end_matches('/'))
                            && !out.dirs.contains(dir) =>
                    {
                        out.dirs.push(dir.clone());
                    }
                    // a narrowed recursive read (`ROOT/**/*.toml`): its root, listed, decides
                    PathArg::Pattern(p) if p.text.contains("/**/") => {
                        let dir = crate::patterns::literal_prefix(&p.text);
                        let inside = NormPath::from_absolute(dir.clone(), &ctx).inside
                            || dir == req.workspace.trim_end_matches('/');
                        if inside && !out.dirs.contains(&dir) {
                            out.dirs.push(dir);
                        }
                    }
                    PathArg::Known(np) if !out.paths.contains(&np.absolute) => {
                        out.paths.push(np.absolute.clone());
                    }
                    _ => {}
                }
            }
        }
        out
    }
}

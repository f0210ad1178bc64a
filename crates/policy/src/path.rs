//! Lexical path normalisation: `~`, `.` and `..`, relative paths against a directory.
//!
//! Symlinks are not resolved here (that needs the file system); a caller that resolved one passes
//! the result in [`crate::Request::resolved_path`].

/// A path after normalisation, with the spellings that path globs are matched against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormPath {
    /// The absolute, normalised path (`/work/app/.env`).
    pub absolute: String,
    /// Every spelling a glob is tried on: the absolute path, `~/...` when under the home
    /// directory, and the workspace-relative path when inside the workspace.
    pub spellings: Vec<String>,
    /// Whether the path lies strictly below the workspace root (or a writable root): the root
    /// itself counts as outside, so `rm -rf .` is a write outside.
    pub inside: bool,
}

/// Where paths are resolved from.
#[derive(Debug, Clone)]
pub struct PathContext<'a> {
    /// The workspace root (absolute).
    pub workspace: &'a str,
    /// The home directory (absolute), when known.
    pub home: Option<&'a str>,
    /// Extra roots that count as inside the workspace for writes (for example `/tmp`).
    pub writable_roots: &'a [String],
    /// What the caller found below directories recursive readers read.
    pub listings: &'a [Listing],
}

/// The files a caller found below a directory that a recursive reader (`grep -r`, `rg`,
/// `tar c`) reads. The policy lists nothing itself (it is pure): the caller asks
/// [`crate::Policy::recursive_dirs`] which directories to list and passes what it found in
/// [`crate::Request::listings`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listing {
    /// The directory (absolute, normalised).
    pub dir: String,
    /// Every file and directory below it (absolute); for a symbolic link, the link and what it
    /// points to.
    pub entries: Vec<String>,
    /// Whether `entries` is everything below `dir` (false: the walk stopped at its limit).
    pub complete: bool,
}

impl PathContext<'_> {
    /// What the caller found below `dir`: its own listing, or a complete one of a directory
    /// above it. `None` when nobody looked.
    pub(crate) fn listing(&self, dir: &str) -> Option<(&Listing, bool)> {
        let own = self.listings.iter().find(|l| l.dir == dir);
        if let Some(l) = own {
            return Some((l, l.complete));
        }
        self.listings
            .iter()
            .find(|l| l.complete && is_under(dir, &l.dir))
            .map(|l| (l, true))
    }
}

/// Joins `path` onto `cwd` (unless absolute), expands a leading `~` and removes `.`/`..`.
///
/// Returns `None` for a path that cannot be resolved statically (`~user/...` or a relative path
/// with no known base directory).
pub fn normalise(path: &str, cwd: Option<&str>, home: Option<&str>) -> Option<String> {
    // the joined path is `base` followed by `rest`, which is empty or starts with `/`, so the
    // two split into the same segments as their concatenation would
    let (base, rest) = if path == "~" || path.starts_with("~/") {
        (home?, &path[1..])
    } else if path.starts_with('~') {
        return None;
    } else if path.starts_with('/') {
        ("", path)
    } else {
        (cwd?, path)
    };
    let mut out = String::with_capacity(base.len() + rest.len() + 1);
    for seg in base.split('/').chain(rest.split('/')) {
        match seg {
            "" | "." => {}
            ".." => {
                // segments hold no `/`: the last one starts at the last `/`
                let start = out.rfind('/').unwrap_or(0);
                out.truncate(start);
            }
            s => {
                out.push('/');
                out.push_str(s);
            }
        }
    }
    if out.is_empty() {
        out.push('/');
    }
    Some(out)
}

/// Whether `path` is `root` or lies below it (both normalised, absolute).
pub fn is_under(path: &str, root: &str) -> bool {
    let root = root.trim_end_matches('/');
    if root.is_empty() {
        return true;
    }
    path == root || (path.starts_with(root) && path[root.len()..].starts_with('/'))
}

impl NormPath {
    /// Builds the spellings of an already normalised absolute path.
    pub fn from_absolute(absolute: String, ctx: &PathContext<'_>) -> NormPath {
        let ws = ctx.workspace.trim_end_matches('/');
        let mut spellings = vec![absolute.clone()];
        if let Some(home) = ctx.home.map(|h| h.trim_end_matches('/'))
            && !home.is_empty()
            && is_under(&absolute, home)
        {
            spellings.push(format!("~{}", &absolute[home.len()..]));
        } else if let Some(below) = other_home(&absolute) {
            // another user's home holds the same secrets as one's own (as `~user/x` does)
            spellings.push(format!("~{below}"));
        }
        let in_ws = is_under(&absolute, ws) && absolute.len() > ws.len() + 1;
        if in_ws {
            spellings.push(absolute[ws.len() + 1..].to_string());
        }
        let inside = in_ws
            || ctx
                .writable_roots
                .iter()
                .filter_map(|r| normalise(r, Some(ws), ctx.home))
                .any(|r| {
                    let r = r.trim_end_matches('/');
                    is_under(&absolute, r) && absolute.len() > r.len() + 1
                });
        NormPath {
            absolute,
            spellings,
            inside,
        }
    }

    /// Normalises `path` relative to `cwd` and builds its spellings. `~user/x` is taken as
    /// `/root/x` or `/home/user/x`, and also spelt `~/x` (another user's home holds the same
    /// secrets as one's own).
    pub fn new(path: &str, cwd: Option<&str>, ctx: &PathContext<'_>) -> Option<NormPath> {
        if let Some(rest) = path.strip_prefix('~')
            && !rest.is_empty()
            && !rest.starts_with('/')
        {
            let (user, tail) = rest.split_once('/').unwrap_or((rest, ""));
            let home = if user == "root" {
                "/root".to_string()
            } else {
                format!("/home/{user}")
            };
            let abs = normalise(&format!("{home}/{tail}"), None, None)?;
            return Some(NormPath::from_absolute(abs, ctx));
        }
        let abs = normalise(path, cwd, ctx.home)?;
        Some(NormPath::from_absolute(abs, ctx))
    }
}

/// The part of `absolute` below another user's home (`/root/x`, `/home/bob/x` -> `/x`).
fn other_home(absolute: &str) -> Option<&str> {
    if let Some(r) = crate::homes19::foreign_home(absolute) {
        return Some(r);
    }
    let rest = match absolute.strip_prefix("/root") {
        Some(r) => r,
        None => {
            let r = absolute.strip_prefix("/home/")?;
            let user = r.split('/').next().filter(|u| !u.is_empty())?;
            &r[user.len()..]
        }
    };
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

/// Whether every direct child of `dir` lies inside (the workspace or a writable root).
pub fn children_inside(dir: &str, ctx: &PathContext<'_>) -> bool {
    let ws = ctx.workspace.trim_end_matches('/');
    is_under(dir, ws)
        || ctx
            .writable_roots
            .iter()
            .filter_map(|r| normalise(r, Some(ws), ctx.home))
            .any(|r| is_under(dir, &r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_dots_and_home() {
        let h = Some("/home/u");
        assert_eq!(
            normalise("./a/../b", Some("/w"), h).as_deref(),
            Some("/w/b")
        );
        assert_eq!(
            normalise("../../../etc/passwd", Some("/w/x"), h).as_deref(),
            Some("/etc/passwd")
        );
        assert_eq!(
            normalise("~/.ssh/id_rsa", Some("/w"), h).as_deref(),
            Some("/home/u/.ssh/id_rsa")
        );
        assert_eq!(normalise("~", None, h).as_deref(), Some("/home/u"));
        assert_eq!(normalise("~root/x", Some("/w"), h), None);
        assert_eq!(normalise("x", None, h), None);
        assert_eq!(normalise("/a//b/./c/", None, h).as_deref(), Some("/a/b/c"));
    }

    #[test]
    fn spellings_and_inside() {
        let roots = vec!["/tmp".to_string()];
        let ctx = PathContext {
            workspace: "/home/u/w",
            home: Some("/home/u"),
            writable_roots: &roots,
            listings: &[],
        };
        let p =
            NormPath::new("src/../.env", Some("/home/u/w"), &ctx).unwrap_or_else(|| unreachable!());
        assert_eq!(p.spellings, vec!["/home/u/w/.env", "~/w/.env", ".env"]);
        assert!(p.inside);
        let t = NormPath::new("/tmp/x", None, &ctx).unwrap_or_else(|| unreachable!());
        assert!(t.inside);
        let o = NormPath::new("/home/u/wx", None, &ctx).unwrap_or_else(|| unreachable!());
        assert!(!o.inside);
        let root = NormPath::new(".", Some("/home/u/w"), &ctx).unwrap_or_else(|| unreachable!());
        assert!(!root.inside);
    }
}

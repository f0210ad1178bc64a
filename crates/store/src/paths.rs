//! Paths as the file system sees them: what a path names once symlinks are resolved.

use std::path::{Path, PathBuf};

/// loopwright's folder under an XDG base directory: `$VAR/loopwright` where the variable
/// `var` (e.g. `XDG_CONFIG_HOME`) is set and not empty, else `$HOME/<home_dir>/loopwright`
/// (e.g. `.config`); `None` without either variable.
pub fn xdg_dir(env: &dyn Fn(&str) -> Option<String>, var: &str, home_dir: &str) -> Option<PathBuf> {
    let base = env(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            env("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| Path::new(&h).join(home_dir))
        })?;
    Some(base.join("loopwright"))
}

/// `path` (relative to `workspace`, or `~/...` under `home`) with symlinks resolved as far as
/// it exists; the part that does not exist yet is appended as written. `None` when nothing of
/// it can be resolved (or `~` without a home).
pub fn resolve_existing(path: &str, workspace: &Path, home: Option<&str>) -> Option<String> {
    let expanded = match (path.strip_prefix("~/"), home) {
        (Some(rest), Some(h)) => PathBuf::from(h).join(rest),
        _ if path == "~" => PathBuf::from(home?),
        _ => workspace.join(path),
    };
    let mut existing = expanded.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(c) = std::fs::canonicalize(existing) {
            let mut out = c;
            for r in rest.iter().rev() {
                out.push(r);
            }
            return Some(out.to_string_lossy().into_owned());
        }
        rest.push(existing.file_name()?.to_os_string());
        existing = existing.parent()?;
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_resolved_and_the_missing_tail_kept() {
        let d = tempfile::tempdir().unwrap();
        let real = d.path().join("real");
        std::fs::create_dir(&real).unwrap();
        std::os::unix::fs::symlink(&real, d.path().join("link")).unwrap();
        let got = resolve_existing("link/new.txt", d.path(), None).unwrap();
        let want = std::fs::canonicalize(&real).unwrap().join("new.txt");
        assert_eq!(got, want.to_string_lossy());
        assert_eq!(resolve_existing("~", d.path(), None), None);
    }
}

//! Round 19: a file-type glob of a recursive reader (`rg -g '*.env'`, `grep -r
//! --include='*.env'`, `find -name '*.env'`) also matches the dotfile named by the type alone
//! (`.env`): ripgrep's globs follow gitignore's rules and grep's and find's use `fnmatch`
//! without `FNM_PERIOD`, so a leading `*` matches the empty string and a leading dot.

/// The dotfile twin of a narrowed pattern `ROOT/**/*.EXT` (`ROOT/**/.EXT`), if it has one.
pub(crate) fn dot_twin(pattern: &str) -> Option<String> {
    let (root, last) = pattern.rsplit_once('/')?;
    let ext = last.strip_prefix("*.")?;
    let plain = !ext.is_empty() && !ext.contains(['*', '?', '[', '{', '\\']);
    plain.then(|| format!("{root}/.{ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_globs_match_their_dotfile() {
        assert_eq!(dot_twin("./**/*.env").as_deref(), Some("./**/.env"));
        assert_eq!(dot_twin("src/**/*.rs").as_deref(), Some("src/**/.rs"));
        assert_eq!(dot_twin("src/**/x*.rs"), None);
        assert_eq!(dot_twin("src/**/*.r?"), None);
    }
}

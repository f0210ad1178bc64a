//! Which store a command uses: `--store URL`, else `$LOOP_STORE_URL`, else the files of the
//! state directory. [`session_store`] is the one way to open the session logs of a run (new,
//! resumed or a child session) whatever the backend.

use std::path::Path;
use std::sync::Arc;

use loopwright_store::backend::SessionStore;
use loopwright_store::session::FileSessionStore;

use crate::backend::PgSessionStore;
use crate::{PgError, PgStore, STORE_ENV};

/// The database store URL, if one is configured: `flag` (a `--store` value), else
/// `$LOOP_STORE_URL`; an empty value means the files.
pub fn resolve(flag: Option<&str>) -> Option<String> {
    flag.map(str::to_owned)
        .or_else(|| std::env::var(STORE_ENV).ok())
        .filter(|u| !u.is_empty())
}

/// The session logs for a `--store` value: the database of `resolve(flag)` when one is
/// configured, else the files under `state_dir`.
///
/// # Errors
/// A bad store URL or an unreachable database ([`PgStore::connect`]).
pub fn session_store(
    flag: Option<&str>,
    state_dir: &Path,
) -> Result<Box<dyn SessionStore>, PgError> {
    match resolve(flag) {
        Some(url) => Ok(Box::new(PgSessionStore::new(Arc::new(PgStore::connect(
            &url,
        )?)))),
        None => Ok(Box::new(FileSessionStore::new(state_dir))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_wins_and_empty_means_files() {
        assert_eq!(
            resolve(Some("postgres://h/db")).as_deref(),
            Some("postgres://h/db")
        );
        assert_eq!(resolve(Some("")), None);
    }

    #[test]
    fn files_without_a_store_and_a_bad_url_names_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let files = session_store(Some(""), dir.path()).unwrap();
        assert!(format!("{files:?}").contains("FileSessionStore"));
        let e = session_store(Some("mysql://h/db"), dir.path()).unwrap_err();
        assert!(e.to_string().contains("mysql://h/db"), "{e}");
    }
}

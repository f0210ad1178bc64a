//! Where `loop run` keeps its session: `--store URL` (or `$LOOP_STORE_URL`) puts the log in a
//! PostgreSQL store, so `--resume ID` continues it from another machine; the files of the state
//! directory otherwise.

use std::path::Path;

use anyhow::Result;
use loopwright_store::backend::SessionStore;

/// The `--store` flag of `loop run`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct StoreArgs {
    /// Keep the session in a postgres:// store, so --resume works from another machine (default: $LOOP_STORE_URL, else the files of the state directory)
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
}

impl StoreArgs {
    /// The database URL, if one is configured (the flag, else `$LOOP_STORE_URL`).
    pub fn url(&self) -> Option<String> {
        loopwright_store_pg::resolve(self.store.as_deref())
    }

    /// The session store of the run.
    pub fn sessions(&self, state_dir: &Path) -> Result<Box<dyn SessionStore>> {
        Ok(loopwright_store_pg::session_store(
            self.store.as_deref(),
            state_dir,
        )?)
    }

    /// What the resume hint adds: `--store` with the password hidden, when the store came from
    /// the flag (from the environment it is found again without one).
    pub fn resume_hint(&self) -> String {
        match self
            .store
            .as_deref()
            .filter(|u| !u.is_empty())
            .map(|u| loopwright_store_pg::StoreUrl::parse(u).map(|p| p.display()))
        {
            Some(Ok(shown)) => format!(" --store '{}'", shown.replace('\'', "'\\''")),
            _ => String::new(),
        }
    }
}

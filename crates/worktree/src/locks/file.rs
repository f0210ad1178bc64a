//! The file [`LockStore`]: `.loop-worktrees/locks/<owner>.json` and `<owner>.wait.json`, the
//! reference's layout. Updates run under an OS lock on `.loop-worktrees/locks/.mutex` (the kernel
//! frees it when its holder dies, so a killed process never blocks the next one) and each file is
//! replaced atomically.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use loopwright_store::atomic::write_atomic;

use super::{Change, LockRecord, LockStore, LockTable, WaitRecord};
use crate::error::Error;
use crate::manifest::MANIFEST_DIR;
use crate::oslock::{MUTEX_BOUND, lock_bounded};

/// Lock records as files under `<root>/.loop-worktrees/locks/`.
#[derive(Debug, Clone)]
pub struct FileLockStore {
    dir: PathBuf,
}

impl FileLockStore {
    /// The store of the repository at `root`.
    pub fn new(root: &Path) -> FileLockStore {
        FileLockStore {
            dir: root.join(MANIFEST_DIR).join("locks"),
        }
    }

    /// The folder of lock files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn lock_file(&self, owner: &str) -> PathBuf {
        self.dir.join(format!("{owner}.json"))
    }

    fn wait_file(&self, owner: &str) -> PathBuf {
        self.dir.join(format!("{owner}.wait.json"))
    }

    fn put(&self, path: &Path, value: &impl serde::Serialize) -> Result<(), Error> {
        let mut text = serde_json::to_string_pretty(value)
            .map_err(|e| Error::Corrupt(format!("cannot encode {}: {e}", path.display())))?;
        text.push('\n');
        write_atomic(path, text.as_bytes()).map_err(|e| Error::io(path, e))
    }

    fn remove(&self, path: &Path) -> Result<(), Error> {
        match fs::remove_file(path) {
            Err(e) if e.kind() != ErrorKind::NotFound => Err(Error::io(path, e)),
            _ => Ok(()),
        }
    }
}

fn parse<T: serde::de::DeserializeOwned>(path: &Path, kind: &str) -> Result<T, Error> {
    let text = fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
    serde_json::from_str(&text).map_err(|e| {
        Error::Corrupt(format!(
            "Corrupt {kind} file {}: {e}. Inspect it and delete it manually if it's stale.",
            path.display()
        ))
    })
}

impl LockStore for FileLockStore {
    fn read(&self) -> Result<LockTable, Error> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(LockTable::default()),
            Err(e) => return Err(Error::io(&self.dir, e)),
        };
        let mut table = LockTable::default();
        for entry in entries {
            let entry = entry.map_err(|e| Error::io(&self.dir, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || !name.ends_with(".json") {
                continue;
            }
            let path = entry.path();
            // The file name is the owner (a record cannot name another file).
            if let Some(owner) = name.strip_suffix(".wait.json") {
                let mut w = parse::<WaitRecord>(&path, "wait")?;
                w.owner = owner.to_string();
                table.waits.push(w);
            } else if let Some(owner) = name.strip_suffix(".json") {
                let mut l = parse::<LockRecord>(&path, "lock")?;
                l.owner = owner.to_string();
                table.locks.push(l);
            }
        }
        table.locks.sort_by(|a, b| a.owner.cmp(&b.owner));
        table.waits.sort_by(|a, b| a.owner.cmp(&b.owner));
        Ok(table)
    }

    fn update(
        &self,
        decide: &mut dyn FnMut(&LockTable) -> Result<Vec<Change>, Error>,
    ) -> Result<(), Error> {
        fs::create_dir_all(&self.dir).map_err(|e| Error::io(&self.dir, e))?;
        let mutex = self.dir.join(".mutex");
        let _held = lock_bounded(
            &mutex,
            "the lock mutex .loop-worktrees/locks/.mutex",
            MUTEX_BOUND,
        )?;
        let table = self.read()?;
        for change in decide(&table)? {
            match change {
                Change::PutLock(l) => self.put(&self.lock_file(&l.owner), &l)?,
                Change::RemoveLock(o) => self.remove(&self.lock_file(&o))?,
                Change::PutWait(w) => self.put(&self.wait_file(&w.owner), &w)?,
                Change::RemoveWait(o) => self.remove(&self.wait_file(&o))?,
            }
        }
        Ok(())
    }
}

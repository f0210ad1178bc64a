//! An exclusive lock owned by this process, that no child process ever holds.
//!
//! Why not `flock` (`File::try_lock`): an `flock` lock belongs to the open file description,
//! and every `fork` — by any thread of the process, for any child — duplicates the
//! descriptors. Until that child calls `exec` (which closes `O_CLOEXEC` descriptors) or
//! exits, it holds the lock too, so a lock dropped by its owner can still be held for a while
//! by a half-started child of another thread. That was the root cause of the rare `Busy` of a
//! session resumed right after an interrupted run: measured with one thread spawning `true`
//! in a loop, 712 of 3000 immediate re-locks of an `flock` lock failed. (`O_CLOEXEC` alone
//! cannot help: it closes the copy at `exec`, not at `fork`.)
//!
//! This lock is a POSIX record lock (`fcntl(F_SETLK)` via rustix), which belongs to the
//! process: it is not inherited by `fork`, and the kernel frees it when the process dies
//! (also by `SIGKILL`). Two pitfalls of record locks are handled here: they do not exclude
//! threads of the same process (a process-wide registry of held files does), and closing
//! *any* descriptor of the file in the process releases them (the lock file is a sidecar that
//! only this module opens).

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use rustix::fs::{FlockOperation, fcntl_lock};

/// Lock files (canonical paths) held by this process.
static HELD: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);

/// A held lock; dropping it releases the lock.
#[derive(Debug)]
pub struct ProcessLock {
    file: Option<File>,
    key: PathBuf,
}

impl ProcessLock {
    /// Takes the lock of `path` (created when missing; its directory must exist) without
    /// waiting: `Ok(None)` when another process or another thread of this one holds it.
    ///
    /// # Errors
    /// When the lock file cannot be opened or the lock call fails otherwise.
    pub fn try_acquire(path: &Path) -> io::Result<Option<ProcessLock>> {
        let name = path
            .file_name()
            .ok_or_else(|| io::Error::other("a lock file path needs a file name"))?;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let key = std::fs::canonicalize(dir)?.join(name);
        let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
        let set = held.get_or_insert_with(HashSet::new);
        // Checked before opening: closing a second descriptor of the file would release the
        // record lock the holding thread relies on.
        if set.contains(&key) {
            return Ok(None);
        }
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&key)?;
        match fcntl_lock(&file, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => {
                set.insert(key.clone());
                Ok(Some(ProcessLock {
                    file: Some(file),
                    key,
                }))
            }
            Err(e) if e == rustix::io::Errno::AGAIN || e == rustix::io::Errno::ACCESS => Ok(None),
            Err(e) => Err(e.into()),
        }
    }
}

impl Drop for ProcessLock {
    fn drop(&mut self) {
        let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
        // Close first (releasing the record lock), then let other threads in.
        drop(self.file.take());
        if let Some(set) = held.as_mut() {
            set.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclusive_between_threads_and_released_on_drop() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.lock");
        let a = ProcessLock::try_acquire(&p).unwrap().unwrap();
        assert!(ProcessLock::try_acquire(&p).unwrap().is_none());
        let p2 = p.clone();
        let other = std::thread::spawn(move || ProcessLock::try_acquire(&p2).unwrap().is_none());
        assert!(other.join().unwrap());
        drop(a);
        assert!(ProcessLock::try_acquire(&p).unwrap().is_some());
    }
}

//! Crash-safe file writes: a temporary file in the same directory, fsync, rename, fsync of the
//! directory. A reader sees the old content or the new one, never a mix.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

static TMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Replaces `path` with `bytes` atomically: the one atomic-write implementation of loopwright.
///
/// Missing parent directories are created; an existing file keeps its permissions. The
/// temporary file is unique per process and call, so threads writing the same path race only
/// on the rename (last one wins), never on a half-written file.
///
/// A symlink is written through: its target is replaced and the link stays a link.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = through_links(path);
    let path = target.as_path();
    let dir = parent_dir(path);
    fs::create_dir_all(&dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = TMP_COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.tmp.{}.{n}", std::process::id()));
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        if let Ok(meta) = fs::metadata(path) {
            fs::set_permissions(&tmp, meta.permissions())?;
        }
        fs::rename(&tmp, path)?;
        sync_dir(&dir);
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Runs `f` while holding the exclusive lock of `path`'s sidecar lock file
/// ([`lock_path_for`]): for read-modify-write updates several processes make to one file.
pub fn with_lock<T>(path: &Path, f: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
    fs::create_dir_all(parent_dir(path))?;
    let _lock = FileLock::acquire(&lock_path_for(path))?;
    f()
}

/// The directory that holds `path` (`.` for a bare file name).
pub fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Flushes a directory entry change to disk (best effort: not every platform supports it).
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// An exclusive OS lock on a sidecar lock file, released when dropped (or when the process dies).
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
}

impl FileLock {
    /// Blocks until the exclusive lock on `lock_path` is held (the file is created if needed and
    /// never deleted, so every process locks the same inode).
    pub fn acquire(lock_path: &Path) -> io::Result<FileLock> {
        let file = open_lock_file(lock_path)?;
        file.lock()?;
        Ok(FileLock {
            file,
            path: lock_path.to_path_buf(),
        })
    }

    /// Takes the exclusive lock on `lock_path` if no other handle holds it (`None` when one does).
    pub fn try_acquire(lock_path: &Path) -> io::Result<Option<FileLock>> {
        let file = open_lock_file(lock_path)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(FileLock {
                file,
                path: lock_path.to_path_buf(),
            })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    /// The lock file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Opens (creating, never truncating) a lock file.
fn open_lock_file(lock_path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(lock_path)
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let _ = self.file.unlock();
    }
}

/// The file a path names once symlinks at its end are followed (at most 40), existing or
/// not: `link.json -> data/real.json` gives `data/real.json`.
pub fn through_links(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        let Ok(meta) = fs::symlink_metadata(&p) else {
            break;
        };
        if !meta.file_type().is_symlink() {
            break;
        }
        let Ok(target) = fs::read_link(&p) else {
            break;
        };
        p = if target.is_absolute() {
            target
        } else {
            parent_dir(&p).join(target)
        };
    }
    p
}

/// The sidecar lock path of a data file: `dir/.name.lock`, for the file a symlink names (one
/// lock for one file, however it is reached).
pub fn lock_path_for(path: &Path) -> PathBuf {
    let path = &through_links(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    parent_dir(path).join(format!(".{name}.lock"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symlink_is_written_through_with_one_lock() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("data")).unwrap();
        let real = dir.path().join("data/real.json");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink("data/real.json", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        assert_eq!(lock_path_for(&link), lock_path_for(&real));
    }

    #[test]
    fn replaces_content_and_leaves_no_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.json");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn creates_parents_and_keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b/run.sh");
        write_atomic(&p, b"#!/bin/sh\n").unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(0o755)).unwrap();
        write_atomic(&p, b"#!/bin/sh\necho\n").unwrap();
        let mode = fs::metadata(&p).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o755);
        let n = with_lock(&p, || Ok(3)).unwrap();
        assert_eq!(n, 3);
    }

    #[test]
    fn lock_is_exclusive_between_handles() {
        let dir = tempfile::tempdir().unwrap();
        let lp = dir.path().join(".x.lock");
        let held = FileLock::acquire(&lp).unwrap();
        let other = OpenOptions::new().write(true).open(&lp).unwrap();
        assert!(other.try_lock().is_err());
        drop(held);
        assert!(other.try_lock().is_ok());
    }
}

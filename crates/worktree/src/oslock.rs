//! Bounded waits for store's OS file locks: a live holder keeps them for milliseconds, a dead one
//! has them freed by the kernel, so a long wait means a stopped or runaway process.

use std::path::Path;
use std::thread::sleep;
use std::time::{Duration, Instant};

use loopwright_store::atomic::FileLock;

use crate::error::Error;

/// How long `create` and friends wait for the manifest lock (git may run under it).
pub const MANIFEST_LOCK_BOUND: Duration = Duration::from_secs(300);
/// How long `lock`, `unlock` and `locks` wait for the lock mutex.
pub const MUTEX_BOUND: Duration = Duration::from_secs(30);

/// Takes the OS lock on `path`, waiting at most `bound`.
pub fn lock_bounded(path: &Path, what: &str, bound: Duration) -> Result<FileLock, Error> {
    let deadline = Instant::now() + bound;
    let mut pause = Duration::from_millis(2);
    loop {
        if let Some(lock) = FileLock::try_acquire(path).map_err(|e| Error::io(path, e))? {
            return Ok(lock);
        }
        if Instant::now() >= deadline {
            return Err(Error::Busy {
                what: what.to_string(),
                seconds: bound.as_secs(),
            });
        }
        sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

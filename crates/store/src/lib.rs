//! File storage for loopwright: everything that touches the disk.
//!
//! - [`atomic`]: atomic writes (temp file, fsync, rename) and OS file locks.
//! - [`ledger_file`]: loop ledgers, appended under a lock.

pub mod atomic;
pub mod daily;
pub mod ledger_file;
/// Spill files of folded or capped tool outputs, and their pointers (issue 4).
pub mod spill;

/// Session logs of agent runs (issue 6).
pub mod session;

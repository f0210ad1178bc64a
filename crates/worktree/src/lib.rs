//! One git worktree per loop attempt, tracked in a manifest, and advisory path locks between loops
//! (`loop worktree`, a drop-in for `loop-worktree` 1.2.0 without its races).
//!
//! - Pure: [`overlap`] (do two lock paths touch the same file), [`locks::plan`] (lock decisions),
//!   [`manifest`] (the manifest format), [`duration`].
//! - IO: [`worktrees::Repo`] (manifest operations under an OS lock, git), [`locks::LockStore`]
//!   with the file implementation [`locks::file::FileLockStore`], [`locks::ops`] (lock, unlock,
//!   sweep), [`isolation::ChildWorktree`] (the sub-agent API). Every file is written with
//!   `loopwright_store::atomic`.

pub mod clock;
pub mod duration;
pub mod error;
pub mod git;
pub mod isolation;
pub mod locks;
pub mod manifest;
mod oslock;
pub mod overlap;
pub mod worktrees;

pub use error::{DurationError, Error, PathError};
pub use isolation::ChildWorktree;
pub use locks::file::FileLockStore;
pub use locks::plan::LockRequest;
pub use locks::{LockRecord, LockStore, LockTable, WaitRecord};
pub use manifest::{Entry, Manifest, Status};
pub use overlap::{LockPath, paths_overlap};
pub use worktrees::{CleanupReport, CreateRequest, GcReport, Removed, Repo};

//! A cancellation flag shared between the loop, its tools and a signal handler.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once (by Ctrl+C or a caller); everything in flight checks it and stops.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag that is not set.
    pub fn new() -> Self {
        Self::default()
    }

    /// A token sharing an existing flag (e.g. one registered with a signal handler).
    pub fn from_flag(flag: Arc<AtomicBool>) -> Self {
        Cancel(flag)
    }

    /// Sets the flag.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// True once the flag is set.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

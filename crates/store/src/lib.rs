//! File storage for loopwright.

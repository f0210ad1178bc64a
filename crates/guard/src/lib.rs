//! Pure loop guards.

//! Breaker tests.

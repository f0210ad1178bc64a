//! Plain data shared by every loopwright crate.

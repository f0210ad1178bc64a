//! Which store a command uses: `--store URL`, else `$LOOP_STORE_URL`, else the files.

/// The database store URL, if one is configured (an empty value means files).
pub fn resolve(flag: Option<&str>) -> Option<String> {
    flag.map(str::to_owned)
        .or_else(|| std::env::var(loopwright_store_pg::STORE_ENV).ok())
        .filter(|u| !u.is_empty())
}

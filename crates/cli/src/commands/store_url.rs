//! Which store a command uses: `--store URL`, else `$LOOP_STORE_URL`, else the files.

/// The database store URL, if one is configured (an empty value means files).
pub fn resolve(flag: Option<&str>) -> Option<String> {
    loopwright_store_pg::resolve(flag)
}

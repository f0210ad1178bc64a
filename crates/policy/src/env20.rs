//! Round 20's environment variables (gate17's blind probe), beside `src/envcmds.rs`: the
//! directories build tools and package managers write to when a variable names them
//! (`CARGO_HOME`, `CARGO_INSTALL_ROOT`, `GOBIN`, `GOPATH`, `GOCACHE`, `GOMODCACHE`, npm's and
//! pip's prefixes, caches and targets), judged as writes there; the linker a `RUSTFLAGS` value
//! names (`-C linker=PROG`: cargo runs it), judged as a command, as `RUSTC_WRAPPER`'s value is.

/// Whether variable `name` set to `value` makes a build tool or package manager write there.
pub(crate) fn writes_dir(name: &str, value: &str) -> bool {
    !value.is_empty()
        && matches!(
            name,
            "CARGO_HOME"
                | "CARGO_INSTALL_ROOT"
                | "RUSTUP_HOME"
                | "GOBIN"
                | "GOPATH"
                | "GOCACHE"
                | "GOMODCACHE"
                | "GOTMPDIR"
                | "NPM_CONFIG_PREFIX"
                | "npm_config_prefix"
                | "NPM_CONFIG_CACHE"
                | "npm_config_cache"
                | "PNPM_HOME"
                | "YARN_CACHE_FOLDER"
                | "BUN_INSTALL"
                | "DENO_DIR"
                | "PIP_TARGET"
                | "PIP_PREFIX"
                | "PIP_CACHE_DIR"
                | "PYTHONUSERBASE"
                | "UV_CACHE_DIR"
                | "UV_TOOL_DIR"
                | "GEM_HOME"
                | "BUNDLE_PATH"
        )
}

/// The command a variable's value makes a build run: `RUSTC_WRAPPER`'s value, the linker of
/// `RUSTFLAGS='-C linker=PROG'` (and `CARGO_ENCODED_RUSTFLAGS`, `RUSTDOCFLAGS`).
pub(crate) fn command(name: &str, value: &str) -> Option<String> {
    match name {
        "RUSTC_WRAPPER" | "CARGO_BUILD_RUSTC_WRAPPER" | "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER" => {
            Some(value.to_string())
        }
        "RUSTFLAGS" | "CARGO_BUILD_RUSTFLAGS" | "RUSTDOCFLAGS" | "CARGO_ENCODED_RUSTFLAGS" => {
            let words = value.split(['\u{1f}', ' ', '\t', '\n']);
            let mut linker = words.filter_map(|w| {
                let w = w.strip_prefix("-C").unwrap_or(w);
                w.strip_prefix("linker=")
            });
            linker
                .next_back()
                .map(str::to_string)
                .or_else(|| crate::env21::command(name, value))
        }
        _ => crate::env21::command(name, value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_directories_and_commands() {
        assert!(writes_dir("GOBIN", "/tmp"));
        assert!(!writes_dir("GOBIN", ""));
        assert!(!writes_dir("RUST_LOG", "/tmp"));
        assert_eq!(
            command("RUSTFLAGS", "-C linker=/tmp/ld").as_deref(),
            Some("/tmp/ld")
        );
        assert_eq!(
            command("RUSTFLAGS", "-Clinker=cc -Dwarnings").as_deref(),
            Some("cc")
        );
        assert_eq!(command("RUSTFLAGS", "-Dwarnings"), None);
        assert_eq!(
            command("RUSTC_WRAPPER", "git push").as_deref(),
            Some("git push")
        );
    }
}

//! Round 21's environment variables (gate18's blind probe), beside `src/env20.rs`: the paths a
//! rustc flag in `RUSTFLAGS` (and `CARGO_BUILD_RUSTFLAGS`, `RUSTDOCFLAGS`,
//! `CARGO_ENCODED_RUSTFLAGS`) makes the compiler write (`-C incremental=DIR`, `-Z
//! self-profile=DIR`, `-C profile-generate=DIR`, `-Z temps-dir=DIR`), judged as writes there; the
//! linker a `-C link-arg(s)=-fuse-ld=PATH` names (the compiler driver runs it), judged as a
//! command; and a `RUSTUP_TOOLCHAIN` given as a path (rustup runs that toolchain's programs).

/// The flag variables rustc reads.
fn rustflags(name: &str) -> bool {
    matches!(
        name,
        "RUSTFLAGS" | "CARGO_BUILD_RUSTFLAGS" | "RUSTDOCFLAGS" | "CARGO_ENCODED_RUSTFLAGS"
    )
}

/// The flags of a flag variable, with `-C X`/`-Z X` joined to `-CX`/`-ZX`.
fn flags(value: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut it = value
        .split(['\u{1f}', ' ', '\t', '\n'])
        .filter(|w| !w.is_empty());
    while let Some(w) = it.next() {
        match w {
            "-C" | "-Z" | "--codegen" => {
                out.push(format!("{}{}", &w[..2], it.next().unwrap_or("")))
            }
            _ => out.push(w.to_string()),
        }
    }
    out
}

/// The paths a flag variable's value makes the compiler write.
pub(crate) fn flag_writes(name: &str, value: &str) -> Vec<String> {
    if !rustflags(name) {
        return Vec::new();
    }
    const WRITERS: &[&str] = &[
        "-Cincremental=",
        "-Zself-profile=",
        "-Cprofile-generate=",
        "-Ztemps-dir=",
        "-Zdump-mir-dir=",
        "-Ztime-passes-format=",
    ];
    flags(value)
        .iter()
        .filter_map(|f| {
            let p = WRITERS.iter().find_map(|w| f.strip_prefix(w))?;
            (!p.is_empty()).then(|| p.to_string())
        })
        .collect()
}

/// The program a variable makes the build run, beside `env20::command`'s.
pub(crate) fn command(name: &str, value: &str) -> Option<String> {
    if name == "RUSTUP_TOOLCHAIN" {
        // a toolchain named by its directory: its `cargo` and `rustc` run
        return value
            .contains('/')
            .then(|| format!("{}/bin/rustc", value.trim_end_matches('/')));
    }
    if !rustflags(name) {
        return crate::env22::command(name, value);
    }
    let fuse = flags(value).iter().rev().find_map(|f| {
        let args = f
            .strip_prefix("-Clink-arg=")
            .or_else(|| f.strip_prefix("-Clink-args="))?;
        args.split([' ', ','])
            .find_map(|a| a.strip_prefix("-fuse-ld="))
            .filter(|p| p.contains('/'))
            .map(str::to_string)
    });
    fuse.or_else(|| crate::env22::command(name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiler_writes_and_linkers() {
        assert_eq!(
            flag_writes("RUSTFLAGS", "-C incremental=/tmp/i"),
            ["/tmp/i"]
        );
        assert_eq!(
            flag_writes("RUSTFLAGS", "-Zself-profile=/tmp/p -Dwarnings"),
            ["/tmp/p"]
        );
        assert!(flag_writes("RUSTFLAGS", "-C debuginfo=0").is_empty());
        assert!(flag_writes("RUST_LOG", "-Cincremental=/tmp/i").is_empty());
        assert_eq!(
            command("RUSTFLAGS", "-Clink-arg=-fuse-ld=/tmp/ld").as_deref(),
            Some("/tmp/ld")
        );
        assert_eq!(command("RUSTFLAGS", "-Clink-arg=-fuse-ld=lld"), None);
        assert_eq!(
            command("RUSTUP_TOOLCHAIN", "/tmp/tc").as_deref(),
            Some("/tmp/tc/bin/rustc")
        );
        assert_eq!(command("RUSTUP_TOOLCHAIN", "nightly"), None);
    }
}

//! Links the release `loop` on Linux/glibc as a position-dependent executable (`-no-pie`).
//!
//! Why: `loop context --check` runs before every retry of a loop, so its time is the process's
//! start-up. As a PIE the 30 MB binary carries about 39,000 relative relocations that the dynamic
//! loader applies at every start, writing (and so copying) every page of `.data.rel.ro`: 300 page
//! faults and 1.9 ms of CPU against 130 faults and 1.0 ms without (`perf stat -r 80 -e
//! page-faults,task-clock target/release/loop context --check --ledger L`, 10-attempt ledger;
//! a Rust hello-world: 70 faults, 0.7 ms). The cost: the executable's own image is not
//! address-randomised (shared libraries, heap and stack still are). Debug builds and other
//! targets are left as the toolchain links them.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if var("PROFILE") == "release"
        && var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
    {
        println!("cargo:rustc-link-arg-bin=loop=-no-pie");
    }
}

//! Round 7 of issue 14 by examples under the "new user" rule file: a shell given `-n` parses its
//! script and runs nothing, `env NAME=VALUE` is an assignment even when VALUE is known only at
//! run time, a script of assignments alone runs nothing, declaration builtins that print are
//! programs, `read`'s option clusters, checksum programs.

#![allow(clippy::unwrap_used)]

use loopwright_policy::Verdict;

mod common;

use common::{expect_newuser as expect, newuser_check as check};

#[test]
fn a_shell_with_noexec_only_reads_its_script() {
    use Verdict::*;
    expect(&[
        ("sh -n install.sh", Allow),
        ("bash -n tools/release.sh && echo syntax ok", Allow),
        ("dash -n ./x.sh", Allow),
        ("bash -n -c 'git push'", Allow),
        // the script file is still a path read
        ("bash -n ~/.ssh/id_rsa", Deny),
        ("sh -n .env", Deny),
        // `+n` turns it off again; without `-n` the script runs
        ("bash -n +n tools/release.sh", Ask),
        ("bash -x tools/release.sh", Ask),
    ]);
    // a script file run for real may hold a denied command: --yolo does not run it
    assert_eq!(check("bash -n +n tools/release.sh"), (Ask, true));
}

#[test]
fn env_assignments_with_run_time_values_are_assignments() {
    use Verdict::*;
    expect(&[
        ("env -i HOME=\"$HOME\" cargo test -q", Allow),
        ("env LANG=$LANG TERM=\"${TERM}\" cargo test", Allow),
        ("env -i PATH=${PATH} ls src", Allow),
        ("env -i HOME=\"$HOME\" git push", Deny),
        ("env X=\"$Y\" rm -rf out", Deny),
        // PATH set to anything but itself changes which program runs
        ("env PATH=\"$TOOLS:$PATH\" cargo test", Ask),
        ("env PATH=\"$HOME\" ls", Ask),
        ("env LD_PRELOAD=\"$LIB\" ls", Ask),
    ]);
}

#[test]
fn assignments_alone_run_nothing() {
    use Verdict::*;
    expect(&[
        ("export NODE_ENV=production", Allow),
        ("LANG=C.UTF-8", Allow),
        ("typeset -i count=0", Allow),
        ("export -n NODE_ENV; unset DEBUG", Allow),
        ("export EDITOR", Allow),
        ("# only a comment", Allow),
        ("PATH=$PATH", Allow),
        // what they assign is still judged
        ("KEY=$(cat ~/.netrc)", Deny),
        ("export OUT=$(git push 2>&1)", Deny),
        // a variable that changes what later commands run, here or in a shell kept between calls
        ("PATH=./bin:$PATH", Ask),
        ("export LD_LIBRARY_PATH=/tmp/lib", Ask),
        ("GIT_EXEC_PATH=./hooks", Ask),
        // printing builtins print what the shell holds: no rule allows them
        ("typeset -p HOME", Ask),
        ("declare -F", Ask),
        ("readonly", Ask),
        // an empty command stays ask
        ("   ", Ask),
    ]);
}

#[test]
fn read_option_clusters_name_the_array() {
    use Verdict::*;
    expect(&[
        ("read -ra w <<< 'rm -rf build'; \"${w[@]}\"", Deny),
        ("read -era w <<< 'docs .netrc'; cat \"${w[1]}\"", Deny),
        ("read -ra w <<< 'docs src'; ls \"${w[@]}\"", Allow),
        // `-ar` gives `-a` the value `r`: the names that follow are not known
        ("read -ar w <<< 'git push'; git \"${w[1]}\"", Ask),
    ]);
}

#[test]
fn checksums_read_their_files() {
    use Verdict::*;
    expect(&[
        ("sha512sum target/release/app", Allow),
        ("cksum -a sha256 Cargo.lock", Allow),
        ("shasum -a 1 README.md", Allow),
        ("b2sum .env.production", Deny),
        ("sha512sum ~/.ssh/id_ed25519", Deny),
    ]);
}

#[test]
fn nul_bytes_never_allow_and_keep_denies() {
    expect(&[
        ("echo hi\0", Verdict::Ask),
        ("git pu\0sh", Verdict::Deny),
        ("ls\0; git push", Verdict::Deny),
        ("git push\0 --dry-run", Verdict::Deny),
    ]);
}

//! Round 19 of issue 14: the classes gate16's blind probe found, each pinned by examples that
//! are in no data file: zsh's precommand modifiers and other launchers (`src/launch19.rs`),
//! `trap --`, `fish --command`, commands that print a secret and the cloud metadata services
//! (`src/store19.rs`), writes through options (`src/out19.rs`), other systems' homes
//! (`src/homes19.rs`), the catalogue's siblings (`src/defaults.toml`), another repository
//! named by `GIT_DIR`, and backtick strings in inline code. The policy README ("Round 19
//! decisions").

#![allow(clippy::unwrap_used)]

use loopwright_policy::Verdict;

mod common;

use common::expect_newuser as expect;

/// A deny that `--yolo` must not run: the verdict is deny, or an ask a deny rule may match.
fn held(cmd: &str) -> bool {
    let (v, may_deny) = common::newuser_check(cmd);
    v == Verdict::Deny || (v == Verdict::Ask && may_deny)
}

#[test]
fn launchers_run_their_command() {
    for cmd in [
        "noglob rm -rf dist",
        "nocorrect git push --tags",
        "repeat 3 rm -fr out",
        "emulate -L zsh -c 'git push origin dev'",
        "emulate ksh -c 'rm -rf tmp'",
        "launchctl submit -l com.x.job -o /dev/null -- rm -rf cache",
        "launchctl bsexec 1 git push",
        "ls *.md | entr -s 'rm -rf site'",
        "go test -exec='git push' ./pkg",
        "go run -exec 'rm -rf tmp' ./cmd/x",
        "go build --toolexec 'sh -c \"git push\"' .",
        "trap -- 'git push' EXIT",
        "fish --command 'git push origin'",
        "ruby -e '`rm -rf build`'",
    ] {
        assert!(held(cmd), "--yolo would run {cmd:?}");
    }
}

#[test]
fn harmless_launches_stay_as_they_were() {
    use Verdict::*;
    expect(&[
        ("noglob echo *.rs", Allow),
        ("repeat 2 echo hi", Allow),
        ("trap -- 'echo bye' EXIT", Allow),
        ("go test -run TestX ./pkg", Ask),
        ("ruby -e 'puts `date`'", Ask),
    ]);
}

#[test]
fn printed_secrets_are_reads_of_their_store() {
    use Verdict::*;
    expect(&[
        ("git credential-wincred get < req.txt", Deny),
        (
            "printf 'host=gitlab.com\\n' | git credential-libsecret get",
            Deny,
        ),
        ("docker-credential-osxkeychain get <<< ghcr.io", Deny),
        ("/usr/local/bin/docker-credential-ecr-login get < req", Deny),
        ("npm get //npm.pkg.github.com/:_authToken", Deny),
        ("pnpm config get _auth", Deny),
        ("cf oauth-token | cut -c1-20", Deny),
        (
            "curl -sf http://169.254.169.254/latest/api/token -X PUT",
            Deny,
        ),
        (
            "wget -O- http://[fd00:ec2::254]/latest/meta-data/iam/",
            Deny,
        ),
        (
            "http GET metadata.google.internal/computeMetadata/v1/ Metadata-Flavor:Google",
            Deny,
        ),
        (
            "curl -s \"http://100.100.100.200/latest/meta-data/ram/security-credentials/$ROLE\"",
            Deny,
        ),
        ("npm config get registry", Ask),
        ("docker-credential-pass version", Ask),
    ]);
}

#[test]
fn writes_through_options() {
    use Verdict::*;
    expect(&[
        ("tar cJf ../src.tar.xz src", Deny),
        ("tar cvf /tmp/all.tar .", Deny),
        ("tar cf out/src.tar src", Ask),
        ("gdb -batch -p 42 -ex 'gcore /var/tmp/core.42'", Deny),
        ("gcore -o ../dumps/core 42", Deny),
        ("coredumpctl dump 42 --output=/tmp/c", Deny),
        ("docker context export staging ~/staging.ctx", Deny),
        ("pip config --global set global.timeout 60", Deny),
        ("npm config --location=user set fund false", Deny),
    ]);
}

#[test]
fn other_systems_homes_hold_the_same_secrets() {
    use Verdict::*;
    expect(&[
        ("cat /mnt/d/Users/ann/.git-credentials", Deny),
        ("head /c/Users/ann/.aws/config", Deny),
        ("cat /cygdrive/c/Users/bob/.netrc", Deny),
        ("cat /Users/ann/.kube/config", Deny),
        ("cat /var/root/.pgpass", Deny),
        (
            "cp '/mnt/c/Users/ann/AppData/Roaming/Mozilla/Firefox/Profiles/p/logins.json' .",
            Deny,
        ),
        (
            "cat ~/Library/Application\\ Support/Microsoft\\ Edge/Default/Cookies",
            Deny,
        ),
        ("ls /mnt/c/Users/Public", Allow),
        ("cat /mnt/c/Users/Public/readme.txt", Allow),
    ]);
}

#[test]
fn catalogue_siblings() {
    use Verdict::*;
    expect(&[
        ("tail -5 ~/.Rhistory", Deny),
        ("grep -c . ~/.zsh/.zsh_history", Deny),
        ("cat ~/.bundle/config | grep BUNDLE_", Deny),
        ("cat /etc/samba/.smbcredentials", Deny),
        ("ls ~/.subversion/auth/svn.simple", Deny),
        (
            "jq .Config.Env /var/lib/docker/containers/0abc/config.v2.json",
            Deny,
        ),
        ("jq .AccessToken ~/.cf/config.json", Deny),
        ("cat ~/.config/zsh/.zshrc", Allow),
        ("cat .bundle/config", Allow),
    ]);
}

#[test]
fn another_repository_is_not_a_read_here() {
    use Verdict::*;
    expect(&[
        ("GIT_DIR=../other/.git git log -1", Ask),
        ("git log -1", Allow),
    ]);
}

#[test]
fn variables_that_name_commands() {
    for cmd in [
        "PROMPT_COMMAND='rm -rf out' bash -i",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='git push' git log",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.up GIT_CONFIG_VALUE_0='!rm -rf dist' git up",
    ] {
        assert!(held(cmd), "--yolo would run {cmd:?}");
    }
}

#[test]
fn one_level_globs_of_a_type_read_like_the_folder() {
    use Verdict::*;
    expect(&[
        ("wc -l fixtures/*.yaml", Allow),
        ("head -2 schemas/*.json", Allow),
        // a folder a rule names files in (`**/config/...`) asks either way
        ("head -2 config/*.json", Ask),
        ("grep -rn x config", Ask),
        ("cat keys/*.pem", Deny),
        ("grep -l x *.json", Ask),
    ]);
}

#[test]
fn printed_text_that_runs_is_judged() {
    use Verdict::*;
    for cmd in [
        "source <(echo rm -rf dist)",
        ". <(printf 'git %s\\n' push)",
        "sh -c \"$(printf '%s -rf %s' rm out)\"",
        "eval \"$(printf 'git push %s' origin)\"",
    ] {
        assert!(held(cmd), "--yolo would run {cmd:?}");
    }
    expect(&[
        ("head \"$(printf '%s/%s' ~/.aws credentials)\"", Deny),
        ("cat \"$(printf '%s' src/lib.rs)\"", Allow),
        ("source <(echo echo hi)", Ask),
    ]);
}

#[test]
fn a_type_glob_matches_its_dotfile() {
    use Verdict::*;
    expect(&[
        // the twin `.env` is a secret whatever else the glob reads: like `cat **/.env`
        ("rg -l TOKEN -g '*.env' .", Deny),
        ("grep -rl TOKEN --include='*.env' deploy", Deny),
        ("rg -n fn -g '*.rs' src", Allow),
        ("grep -rn fn --include='*.rs' src", Allow),
    ]);
}

#[test]
fn positional_parameters_of_a_shell_string() {
    use Verdict::*;
    for cmd in [
        "zsh -c 'git \"$1\" origin' zsh push",
        "sh -c '\"$0\" -rf out' rm",
    ] {
        assert!(held(cmd), "--yolo would run {cmd:?}");
    }
    expect(&[
        ("bash -c 'head -3 \"$1\"' _ ~/.npmrc", Deny),
        ("bash -c 'wc -l \"$@\"' _ src/lib.rs README.md", Allow),
    ]);
}

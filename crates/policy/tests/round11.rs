//! Round 11 of issue 14 by examples under the "new user" rule file, beyond its blind set
//! (`adversarial-gate11.py`): the false asks on what agents really run (read-only git
//! subcommands, text filters, `command -v`, `mkdir`/`tee` inside the workspace, `git tag` list
//! forms, sed's multi-line text) and the dangers beside them (find listing below a secret folder,
//! secret-named environment variables, `cargo --manifest-path` elsewhere). The policy README
//! ("Round 11 decisions").

#![allow(clippy::unwrap_used)]

use loopwright_policy::Verdict;

mod common;

use common::{expect_newuser as expect, newuser_check as check};

#[test]
fn read_only_git_subcommands_are_inspection() {
    use Verdict::*;
    expect(&[
        ("git rev-list --max-count=5 --reverse HEAD", Allow),
        ("git ls-tree HEAD src/", Allow),
        ("git cat-file -s HEAD:Cargo.toml", Allow),
        ("git show-branch --list", Allow),
        ("git cherry -v main", Allow),
        ("git range-diff main~3..main HEAD~3..HEAD", Allow),
        ("git worktree list --porcelain", Allow),
        ("git reflog show --date=iso -3", Allow),
        ("git tag -l 'release-*' --sort=-creatordate", Allow),
        ("git tag --merged main", Allow),
        ("git stash show -p stash@{0}", Allow),
        ("git config --get-regexp '^remote\\.'", Allow),
        // secrets stay what they are, in history or in options
        ("git cat-file -p HEAD~2:config/.env", Deny),
        // a pathspec naming a secret is judged as naming it, as for `git log -- .env`
        ("git rev-list --all -- .env | head", Deny),
        ("git diff-tree -p HEAD --output=/tmp/p.diff", Deny),
        ("git whatchanged -p -- ~/.ssh/id_rsa", Deny),
        // the acting forms stay ask
        ("git reflog expire --expire=now --all", Ask),
        ("git reflog delete HEAD@{1}", Ask),
        ("git tag v9.9", Ask),
        ("git tag -a v2 -m release", Ask),
        ("git tag -l -d v1", Ask),
        ("git stash pop", Ask),
        ("git cat-file --batch < objects.txt", Ask),
        ("git worktree add ../wt main", Deny),
    ]);
}

#[test]
fn text_filters_dumps_and_name_lookups() {
    use Verdict::*;
    expect(&[
        ("tac CHANGELOG.md | head -3", Allow),
        ("paste -d: a.txt b.txt", Allow),
        ("fold -s -w 72 NOTES.md", Allow),
        ("od -A x -t x1z -N 64 target/app.bin", Allow),
        ("hexdump -n 32 data.bin", Allow),
        ("strings target/release/app | grep -c panic", Allow),
        ("seq -w 1 10 | paste -sd' '", Allow),
        ("expr length abc", Allow),
        ("command -V cargo", Allow),
        ("hostname", Allow),
        // the same programs on secrets
        ("tac ~/.bash_history", Deny),
        ("strings ~/.ssh/id_ed25519", Deny),
        ("paste .env /dev/null", Deny),
        ("od -c ~/.aws/credentials", Deny),
        // still no rule: `hostname NAME` sets it, `id` and `touch` stay ask
        ("hostname evil", Ask),
        ("id", Ask),
        ("touch a.txt", Ask),
    ]);
}

#[test]
fn creating_directories_and_tee_inside_the_workspace() {
    use Verdict::*;
    expect(&[
        ("mkdir -p tests/fixtures/cases", Allow),
        ("mkdir out && cargo test > out/test.log 2>&1", Allow),
        ("cargo test 2>&1 | tee -a test.log | tail -3", Allow),
        ("cargo test 2>&1 | tee /dev/stderr | tail -3", Allow),
        ("rm /dev/null", Deny),
        ("mkdir -p /tmp/x", Deny),
        ("mkdir ~/.ssh", Deny),
        ("tee ~/.bashrc < snippet.sh", Deny),
        ("echo x | tee .git/hooks/pre-push", Deny),
        ("mkdir -p .loop/x", Deny),
    ]);
    assert_eq!(check("mkdir \"$DIR\""), (Verdict::Ask, true));
    assert_eq!(check("ls | tee \"$(cat name)\""), (Verdict::Ask, true));
}

#[test]
fn sed_text_commands_span_escaped_newlines() {
    use Verdict::*;
    expect(&[
        (
            "sed -i '3a\\\n    # exec this later\\\n    pass' src/x.py",
            Allow,
        ),
        ("sed -i '5c\\\nreplaced line' notes.txt", Allow),
        ("sed '1i\\\nheader\n1e rm -rf build' notes.txt", Deny),
        ("sed -i '2a\\\nx' ../other.py", Deny),
    ]);
}

#[test]
fn find_lists_below_its_start_points() {
    use Verdict::*;
    expect(&[
        ("find . -type f -name '*.toml'", Allow),
        ("find src tests -name '*.rs' | wc -l", Allow),
        ("find -maxdepth 1 -type f", Allow),
        ("find ~/.gnupg -name '*.kbx'", Deny),
    ]);
    for c in [
        "find ~ -name '*.pem'",
        "find -L /home/dev -type f",
        "find / -name id_ed25519 2>/dev/null",
        "find .. -name '.env*'",
        "cd ~ && find . -name config",
    ] {
        assert_eq!(check(c), (Verdict::Ask, true), "{c}");
    }
}

#[test]
fn secret_named_environment_variables_are_not_passed_unseen() {
    use Verdict::*;
    for c in [
        "echo $OPENAI_API_KEY",
        "printf '%s' \"$AWS_SECRET_ACCESS_KEY\"",
        "echo \"db: ${DB_PASSWORD}\"",
        "cat <<EOF\n$NPM_TOKEN\nEOF",
        "git log --author=\"$GH_PAT\"",
    ] {
        assert_eq!(check(c).0, Ask, "{c}");
    }
    expect(&[
        ("echo '$GITHUB_TOKEN is read from the environment'", Allow),
        ("TOKEN=fake; echo \"$TOKEN\"", Allow),
        ("echo \"$HOME $USER $PWD\"", Allow),
        ("for key in a b; do echo $key; done", Allow),
    ]);
}

#[test]
fn cargo_builds_beside_the_manifest() {
    use Verdict::*;
    expect(&[
        ("cargo test --manifest-path crates/core/Cargo.toml", Allow),
        ("cargo test --manifest-path=/work/app/Cargo.toml -q", Allow),
        ("cargo test --manifest-path /tmp/x/Cargo.toml", Deny),
        ("cargo test --manifest-path=../sibling/Cargo.toml", Deny),
    ]);
    assert_eq!(
        check("cargo test --manifest-path \"$M\""),
        (Verdict::Ask, true)
    );
}

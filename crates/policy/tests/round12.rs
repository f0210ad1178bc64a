//! Round 12 of issue 14 by examples under the "new user" rule file, beyond its blind set
//! (`adversarial-gate12.py`): each class its misses stand for, with siblings the set does not
//! hold. The policy README ("Round 12 decisions").

#![allow(clippy::unwrap_used)]

use loopwright_policy::Verdict;

mod common;

use common::{expect_newuser as expect, newuser_check as check};

/// A deny that `--yolo` must not run: the verdict is deny, or an ask a deny rule may match.
fn held(cmd: &str) -> bool {
    let (v, may_deny) = check(cmd);
    v == Verdict::Deny || (v == Verdict::Ask && may_deny)
}

#[test]
fn runners_run_the_command_they_are_given() {
    use Verdict::*;
    expect(&[
        ("eatmydata -- rm -rf build", Deny),
        ("fakeroot -- git push origin main", Deny),
        ("fakeroot-ng git push", Deny),
        ("proot -r /srv/root -w / git push", Deny),
        ("flatpak-spawn --host git push", Deny),
        ("dbus-run-session --config-file=x.conf git push", Deny),
        (
            "systemd-inhibit --what=idle --why 'long job' rm -rf build",
            Deny,
        ),
        ("run-one git push", Deny),
        ("with-contenv git push", Deny),
        ("sem -j 2 git push", Deny),
        ("tsp -L job git push", Deny),
        ("ifne -n git push", Deny),
        ("find . -name '*.rs' | entr -r git push", Deny),
        ("watchexec -w src git push", Deny),
        ("watchexec --exts rs -- 'git push'", Deny),
        ("nodemon -x 'git push'", Deny),
        ("pwsh -Command 'git push'", Deny),
        ("powershell -c 'git push'", Deny),
        ("dotenv -e .env.local -- git push", Deny),
        ("dotenv run git push", Deny),
        ("dotenvx run -f .env.ci -- git push", Deny),
        ("op run --env-file prod.env -- git push", Deny),
        ("doppler run --command 'git push'", Deny),
        ("doppler run -p web -c dev -- git push", Deny),
        ("aws-vault exec --duration 1h prof git push", Deny),
        ("infisical run --env=prod -- git push", Deny),
        ("chamber exec app db -- git push", Deny),
        ("envchain aws git push", Deny),
        ("sops exec-env secrets.enc.json 'git push'", Deny),
        ("teller run -- git push", Deny),
        ("devbox run -- git push", Deny),
        ("yarn exec git push", Deny),
        ("npm exec -- git push", Deny),
        // the command judged as itself, the runner capping it at ask where it adds something
        ("eatmydata ls", Allow),
        ("ifne ls", Allow),
        ("op run -- ls", Ask),
        ("watchexec -e rs -- cargo test", Ask),
    ]);
}

#[test]
fn git_by_its_dashed_name_is_git() {
    use Verdict::*;
    expect(&[
        ("/usr/lib/git-core/git-push -f origin main", Deny),
        ("git-push origin", Deny),
        ("/usr/libexec/git-core/git-push --tags", Deny),
        ("git-diff --stat", Allow),
        ("git-status", Allow),
        ("/usr/lib/git-core/git-log --oneline -3", Allow),
    ]);
    assert!(held("\"$(git --exec-path)\"/git-push origin"));
}

#[test]
fn rm_that_never_prompts_is_rm_f() {
    use Verdict::*;
    expect(&[
        ("rm -r --interactive=never build", Deny),
        ("rm --interactive=none --recursive build", Deny),
        ("rm -R --interac=never build", Deny),
        ("rm --interactive=no -r build", Deny),
    ]);
    // `--interactive=always` prompts for every file: no `-f`
    assert_ne!(check("rm -r --interactive=always build").0, Deny);
}

#[test]
fn catalogue_siblings_are_secrets() {
    use Verdict::*;
    expect(&[
        ("cat ~/.authinfo.gpg", Deny),
        ("grep machine ~/.authinfo", Deny),
        ("head ~/.config/doctl/config.yaml", Deny),
        ("cat ~/.config/hcloud/cli.toml", Deny),
        ("cat ~/.yarnrc", Deny),
        ("cat ~/.m2/settings.xml", Deny),
        ("less ~/.m2/settings-security.xml", Deny),
        ("cat ~/.sbt/.credentials", Deny),
        ("cat ~/.lein/credentials.clj.gpg", Deny),
        ("cat ~/.nuget/NuGet/NuGet.Config", Deny),
        // the project's own files and public keys are no secrets (`~/.ssh` stays denied whole:
        // round 5 holds `cat ~/.ssh/*.pub` as deny)
        ("cat .yarnrc.yml", Allow),
        ("cat ~/.ssh/id_ed25519.pub", Deny),
        ("cat deploy/id_rsa.pub", Allow),
        ("cat ~/.ssh/id_ed25519", Deny),
        ("cat deploy/id_rsa.old", Deny),
    ]);
}

#[test]
fn jq_and_yq_reading_a_secret_variable_pass_it() {
    use Verdict::*;
    expect(&[
        ("jq -rn '$ENV.NPM_TOKEN'", Ask),
        ("jq -n '$ENV[\"GITHUB_TOKEN\"]'", Ask),
        ("gojq -n 'env.DB_PASSWORD'", Ask),
        ("yq -n 'strenv(AWS_SECRET_ACCESS_KEY)'", Ask),
        ("jq -n env", Deny),
        // a harmless variable by name stays a read-only inspection
        ("jq -n '$ENV.HOME'", Allow),
        ("jq -n 'env.PATH'", Allow),
    ]);
}

#[test]
fn writes_outside_through_positionals_and_options() {
    use Verdict::*;
    expect(&[
        (
            "python3 -m json.tool --indent 2 a.json ../pretty.json",
            Deny,
        ),
        ("python -m zipfile -c /tmp/out.zip src", Deny),
        ("git log | less -O ~/log.txt", Deny),
        ("git log | less --log-file=/tmp/l", Deny),
        ("xxd -c 16 data.bin /tmp/dump.hex", Deny),
        ("pip wheel --wheel-dir=/tmp/w .", Deny),
        ("cargo init --name x /tmp/proj", Deny),
        ("cargo new --vcs none ../other", Deny),
        ("ssh-keygen -q -t rsa -f /tmp/k -N ''", Deny),
        // reading the file `-f` names, or writing inside the workspace
        ("ssh-keygen -l -f ../k.pub", Ask),
        ("python3 -m json.tool data.json", Ask),
    ]);
    assert!(check("cargo new crates/sub").0 != Deny);
    assert!(check("xxd -r dump.hex out.bin").0 != Deny);
}

#[test]
fn inline_code_of_more_interpreters_is_looked_into() {
    for cmd in [
        "lua -e 'os.execute(\"git push\")'",
        "luajit -e 'os.execute(\"rm -rf build\")'",
        "Rscript -e 'system(\"git push\")'",
        "guile -c '(system \"git push\")'",
    ] {
        assert!(held(cmd), "{cmd}: {:?}", check(cmd));
    }
}

#[test]
fn a_shell_reading_its_standard_input_runs_the_here_string() {
    use Verdict::*;
    expect(&[
        ("bash /dev/fd/0 <<< 'git push'", Deny),
        ("sh /proc/self/fd/0 <<< 'rm -rf build'", Deny),
        ("sh -s <<< 'git push'", Deny),
        ("bash -s -- arg <<EOF\ngit push\nEOF", Deny),
        ("sh /dev/stdin <<< 'ls'", Allow),
    ]);
}

#[test]
fn the_null_command_runs_nothing() {
    use Verdict::*;
    expect(&[
        (": git push", Allow),
        (": rm -rf build", Allow),
        (": \"$(git push)\"", Deny),
        (": > .env", Deny),
    ]);
}

/// A path that starts with an expansion may be anywhere (the value may be absolute or hold
/// slashes): it is at most `ask`, never approved by an allow rule, and a deny rule that may
/// match holds it under `--yolo`; a deny that surely matches the literal part still denies.
#[test]
fn paths_that_start_with_an_expansion_may_be_anywhere() {
    use Verdict::*;
    expect(&[
        ("cat ${XDG_CONFIG_HOME}/gh/hosts.yml", Ask),
        ("cat ${XDG_CONFIG_HOME:-~/.config}/gh/hosts.yml", Ask),
        ("cat $X.env", Ask),
        ("cat \"$ROOT/src/main.rs\"", Ask),
        ("cat `pwd`/hosts.yml", Allow),
        ("cat \"$D/.env\"", Deny),
        ("rm -rf $DIR/*", Deny),
        ("cat $PWD/README.md", Allow),
        ("cat src/$NAME.rs", Allow),
        ("ls src/*.rs", Allow),
    ]);
    for cmd in [
        "cat ${XDG_CONFIG_HOME}/gh/hosts.yml",
        "cat $X.env",
        "rm -rf $DIR/*",
    ] {
        assert!(held(cmd), "{cmd}: --yolo would run it");
    }
}

//! Round 22 of issue 14: the classes gate19's blind probe found, each pinned by examples that
//! are in no data file: prompt substitutions, build tools' and loaders' variables, write
//! folders of toolchains (`src/env22.rs`), `hash -p` (`src/hooks22.rs`), inline code of more
//! interpreters and argument lists written side by side (`src/code22.rs`), commands options of
//! rg, lldb and gnuplot run (`src/runs22.rs`), files written then run by cargo, test runners
//! and task runners (`src/flow22.rs`), writes through options of build, test, lint and format
//! tools (`src/out22.rs`), secret-named variables reached through `${!n}` and namerefs
//! (`src/secret22.rs`) and the catalogue's siblings (`src/defaults.toml`). The policy README
//! ("Round 22 decisions").

#![allow(clippy::unwrap_used)]

use loopwright_policy::Verdict;

mod common;

use common::expect_newuser as expect;

/// A deny that `--yolo` must not run: the verdict is deny, or an ask a deny rule may match.
fn held(cmd: &str) -> bool {
    let (v, may_deny) = common::newuser_check(cmd);
    v == Verdict::Deny || (v == Verdict::Ask && may_deny)
}

fn all_held(cmds: &[&str]) {
    for cmd in cmds {
        assert!(held(cmd), "--yolo would run {cmd:?}");
    }
}

#[test]
fn prompt_substitutions_and_hash_run_commands() {
    all_held(&[
        "PS4='+$(git push origin dev) ' bash -x -c 'ls'",
        "set -o xtrace; PS4='$(rm -rf dist)'; pwd",
        "env PS4='`git push --tags`' bash -xc pwd",
        "hash -p /usr/bin/rm del; del -rf dist",
        "hash -p /usr/bin/git g; g push origin dev",
    ]);
    use Verdict::*;
    expect(&[
        ("PS4='+ $(date +%s) ' bash -xc 'ls docs'", Allow),
        ("hash -d ls; ls docs", Allow),
        ("hash; cat README.md", Allow),
        ("hash -p \"$TOOL\" ls; ls", Ask),
    ]);
}

#[test]
fn build_tools_and_loaders_named_by_variables() {
    all_held(&[
        "CXX='git push origin dev' cargo test",
        "PKG_CONFIG='rm -rf dist' cargo build",
        "RUSTDOCFLAGS='-Zunstable-options --runtool rm --runtool-arg -rf --runtool-arg dist' cargo test --doc",
        "KUBE_EDITOR='git push' kubectl edit svc web",
        "SUDO_EDITOR='rm -rf dist' sudoedit /etc/hosts",
    ]);
    use Verdict::*;
    expect(&[
        ("CC=gcc-12 cargo test", Allow),
        ("CC=/usr/bin/clang cargo test", Allow),
        ("AR=/tmp/evil-ar cargo test", Ask),
        (
            "RUSTFLAGS='-Zcodegen-backend=/opt/cg/libcg.so' cargo test",
            Ask,
        ),
        (
            "RUSTFLAGS='-Clink-args=-Wl,--plugin=/opt/p.so' cargo test",
            Ask,
        ),
        (
            "CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS='-C linker=/tmp/ld2' cargo test",
            Ask,
        ),
        (
            "RUSTDOCFLAGS='-Zunstable-options --persist-doctests ../dt' cargo test --doc",
            Deny,
        ),
        ("RUSTFLAGS='--emit=llvm-ir=/var/tmp/x.ll' cargo test", Deny),
        ("INSTA_WORKSPACE_ROOT=/tmp/ws cargo test", Deny),
        ("PYTHONPYCACHEPREFIX=/var/tmp/pyc python3 -m pytest", Deny),
        ("NUGET_PACKAGES=~/nuget dotnet build", Deny),
        ("MIX_BUILD_PATH=../_build mix compile", Deny),
        (
            "MAVEN_OPTS='-Xmx1g -Dmaven.repo.local=../m2' mvn -q verify",
            Deny,
        ),
        ("HOME=/tmp/home git log", Ask),
        ("XDG_CONFIG_HOME=/var/tmp/cfg git diff", Ask),
        ("PYTHONPATH=/opt/evil python3 -m json.tool x.json", Ask),
        ("GIT_CONFIG_NOSYSTEM=true git diff", Allow),
        ("INSTA_UPDATE=no cargo test", Allow),
    ]);
}

#[test]
fn inline_code_of_more_interpreters() {
    all_held(&[
        "racket -e '(system \"rm -rf dist\")'",
        "bb -e '(shell \"git\" \"push\" \"origin\")'",
        "octave-cli --eval 'system(\"git push origin dev\")'",
        "ts-node -p 'require(\"child_process\").execSync(\"rm -rf dist\")'",
        "goawk 'BEGIN{system(\"git push origin\")}'",
        "lldb -b -o 'platform shell rm -rf dist'",
        "gnuplot -e 'print 1; !git push'",
        "ksh93 -c 'rm -rf dist'",
        "bosh -c 'git push origin dev'",
        "perl -e 'system qw(rm -rf dist)'",
        "R -q -e 'system2(\"git\", c(\"push\", \"origin\"))'",
    ]);
    use Verdict::*;
    expect(&[
        ("awk 'BEGIN{print \"getline reads a line\"}'", Allow),
        ("awk 'BEGIN{getline x < \"README.md\"; print x}'", Ask),
        ("racket -e '(displayln 1)'", Ask),
        ("cargo +nightly test -p app", Allow),
        ("cargo +1.80.0 test", Allow),
        ("cargo +../tc test", Ask),
    ]);
}

#[test]
fn files_written_then_run() {
    all_held(&[
        "printf '[target.x86_64-unknown-linux-gnu]\\nrunner = \"git push\"\\n' | tee -a .cargo/config.toml; cargo test",
        "printf '[build]\\nrustc-wrapper = \"rm -rf dist\"\\n' > .cargo/config; cargo build",
        "cat > tests/e2e.rs <<'EOF'\n#[test]\nfn e() { std::process::Command::new(\"rm\").args([\"-rf\", \"dist\"]).status().unwrap(); }\nEOF\ncargo test --test e2e",
        "printf 'import nox\\n@nox.session\\ndef t(session):\\n    session.run(\"git\", \"push\")\\n' > noxfile.py; nox",
        "printf 'worker: rm -rf dist\\n' > Procfile; honcho start",
        "printf 'import os\\nos.system(\"git push origin dev\")\\n' > tests/conftest.py; python3 -m pytest -q",
        "printf 'rm -rf dist\\n' > out/job.sh; sh < out/job.sh",
        "mkdir -p build && printf 'x:\\n\\tgit push origin dev\\n' > Makefile; make x",
    ]);
    use Verdict::*;
    expect(&[
        (
            "printf '#[test]\\nfn t() { assert!(true); }\\n' > tests/t.rs && cargo test --test t",
            Allow,
        ),
        (
            "printf '[build]\\nincremental = false\\n' > .cargo/config.toml; cargo test",
            Allow,
        ),
        ("printf 'echo hi\\n' > out/h.sh; bash < out/h.sh", Allow),
        (
            "printf '[build]\\ntarget-dir = \"../shared\"\\n' > .cargo/config.toml; cargo test",
            Deny,
        ),
    ]);
}

#[test]
fn tools_write_through_their_options() {
    use Verdict::*;
    expect(&[
        ("go test -memprofile /tmp/m.out ./...", Deny),
        ("pytest --junit-xml /var/tmp/j.xml", Deny),
        ("coverage json -o /tmp/c.json", Deny),
        ("npx vitest --outputFile=/tmp/v.json", Deny),
        ("dotnet test --results-directory ../tr", Deny),
        ("phpunit --coverage-clover /tmp/c.xml", Deny),
        ("ctest -O /tmp/ctest.txt", Deny),
        ("file -C -m ../magic", Deny),
        ("cargo test --lockfile-path ../Cargo.lock", Deny),
        ("gofmt -l -w /tmp/x.go", Deny),
        ("file -C -m out/m", Allow),
        ("git stash show -p -u stash@{1}", Ask),
        ("git show :2:config/.env", Deny),
        ("git cat-file -p :0:.env.production", Deny),
    ]);
}

#[test]
fn secret_variables_reached_indirectly() {
    use Verdict::*;
    expect(&[
        ("n=OPENAI_API_KEY; printf '%s' \"${!n}\"", Ask),
        ("declare -n k=STRIPE_SECRET_KEY; echo \"$k\"", Ask),
        ("n=LANG; echo \"${!n}\"", Allow),
    ]);
}

#[test]
fn credential_files_of_more_tools() {
    use Verdict::*;
    expect(&[
        ("cat ~/.znc/users/admin.conf", Deny),
        ("head sites/all/settings.php", Deny),
        ("cat exports/prod_accessKeys.csv", Deny),
        (
            "cat ~/.config/VSCodium/User/globalStorage/state.vscdb",
            Deny,
        ),
        ("cat app/.aws/credentials", Deny),
        ("cat ~/.config/configstore/firebase-tools.json", Deny),
        ("cat docs/LocalSettings.md", Allow),
        ("cat src/configuration.rs", Allow),
        ("cat sites/README.md", Allow),
    ]);
}

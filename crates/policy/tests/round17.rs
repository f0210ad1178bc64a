//! Round 17 of issue 14: the classes gate15's blind probe (`tests/data/adversarial-gate15.py`)
//! showed, each pinned by examples that are not in that set: the catalogue's next siblings,
//! writes through options of the tools it found unlisted, secrets their own commands print,
//! runners and git's wrappers, `just` reading its justfile from standard input, `for` loops
//! over literal lists and arrays, `case` arms that always match, `exec` with only
//! redirections, `<>`, process substitutions as redirection targets, `shopt`, scoped `git
//! config` reads and the shell's integer variables. The policy README ("Round 17: ...").

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
fn catalogue_siblings_are_denied() {
    use Verdict::*;
    expect(&[
        ("head /home/bob/.purple/accounts.xml", Deny),
        (
            "cat ~/.vagrant.d/insecure_private_keys/vagrant.key.rsa",
            Deny,
        ),
        (
            "cat infra/.vagrant/machines/db/virtualbox/private_key",
            Deny,
        ),
        ("strings ~/.kde/share/apps/kwallet/kdewallet.kwl", Deny),
        ("cat /var/lib/zerotier-one/authtoken.secret", Deny),
        ("grep PASS ~/.duply/nightly/conf", Deny),
        ("cat ops/credentials-velero", Deny),
        ("cat services/api/.secrets", Deny),
        ("cat ~/.aider/oauth-keys.env", Deny),
        ("cat ~/.continue/config.yaml", Deny),
        ("cat ~/.config/nix/netrc", Deny),
        ("cat /proc/1/task/1/environ", Deny),
        ("jq . ~/.serverlessrc", Deny),
        ("strings ~/.mozilla/firefox/x/key4.db", Deny),
        // not secrets
        ("cat docs/netrc.md", Allow),
        ("ls ~/.vagrant.d/boxes", Allow),
        ("cat config/.secrets.example", Allow),
        ("cat /proc/1/status", Allow),
    ]);
}

#[test]
fn writes_through_options_of_round_17_tools() {
    use Verdict::*;
    expect(&[
        ("deno compile --output /tmp/x cli.ts", Deny),
        ("deno vendor --output ../vendor main.ts", Deny),
        ("bun build app.ts --outdir ../dist", Deny),
        ("nix build --out-link /tmp/r2 .#cli", Deny),
        ("nix-build --out-link ../res", Deny),
        ("conda create --prefix /opt/envs/x python", Deny),
        ("micromamba env export --file /tmp/e.yml", Deny),
        ("cdk synth --output ../cdk.out", Deny),
        ("sls package --package /tmp/p", Deny),
        ("firebase emulators:start --export-on-exit=/tmp/emu", Deny),
        ("supabase db dump --file ../dump.sql", Deny),
        ("vercel env pull .env.development.local", Deny),
        ("vercel pull --environment=preview", Deny),
        ("skaffold render -o ../all.yaml", Deny),
        ("act --cache-server-path /tmp/c", Deny),
        ("kind delete cluster --name dev", Deny),
        ("restic --repo /tmp/r2 backup src", Deny),
        ("restic -r /srv/r restore latest -t ../restored", Deny),
        ("borg init --encryption=repokey /tmp/b", Deny),
        ("borg export-tar /srv/b::a /tmp/a.tar", Deny),
        ("duplicity src file:///tmp/dup", Deny),
        ("op read op://v/i/f --out-file /tmp/f", Deny),
        ("bw get attachment a.txt --itemid x --output /tmp/a", Deny),
        ("gh config set editor vim", Deny),
        ("glab repo clone g/r ../r2", Deny),
        ("az config set core.output=table", Deny),
        ("git checkout-index --prefix=../exp/ -a", Deny),
        ("git maintenance start", Deny),
        // inside the workspace, or remote: the programs stay unknown (ask)
        ("deno compile -o bin/app main.ts", Ask),
        ("nix build -o result .#app", Ask),
        ("restic -r sftp:h:/r init", Ask),
        ("vercel build", Ask),
    ]);
}

#[test]
fn secrets_printed_by_tools_own_commands() {
    use Verdict::*;
    expect(&[
        ("aws sts get-session-token", Deny),
        ("aws ecr get-login-password --region eu-west-1", Deny),
        ("k3d kubeconfig get dev", Deny),
        ("rclone config dump", Deny),
        ("fly auth token", Deny),
        ("glab auth status --show-token", Deny),
        ("rclone config file", Ask),
        ("glab auth status", Ask),
    ]);
}

#[test]
fn runners_and_git_wrappers_run_their_command() {
    use Verdict::*;
    expect(&[
        ("dagger run rm -rf build", Deny),
        ("railway run -s api git push", Deny),
        ("minikube -p dev ssh 'rm -rf /x'", Deny),
        ("minikube ssh -- git push origin", Deny),
        ("asdf env python git push", Deny),
        ("yadm push", Deny),
        ("hub push origin main", Deny),
        ("vcsh dotfiles push", Deny),
        ("pass git push origin", Deny),
        ("hatch --env lint run git push", Deny),
        ("pnpm -F web exec rm -rf dist", Deny),
        ("mise exec python@3.11 node@20 -- git push", Deny),
        ("rtx x node -- git push", Deny),
        ("just -f - <<< $'x:\\n  git push'", Deny),
        (
            "just --justfile=/dev/stdin <<'EOF'\nv := `rm -rf build`\nEOF",
            Deny,
        ),
        // their other commands are not git's
        ("pass show x", Deny),
        ("vcsh list", Ask),
        ("yadm status", Ask),
    ]);
    for cmd in [
        "dagger run git push",
        "railway run git push",
        "minikube ssh git push",
        "yadm push",
        "mise exec node@20 -- git push",
    ] {
        assert!(held(cmd), "{cmd}: --yolo would run it");
    }
}

#[test]
fn for_loops_over_literal_lists_and_sure_case_arms() {
    use Verdict::*;
    expect(&[
        ("for f in README.md ~/.netrc; do head -1 \"$f\"; done", Deny),
        (
            "list=(src/a.rs .env.prod)\nfor x in \"${list[@]}\"; do wc -l \"$x\"; done",
            Deny,
        ),
        (
            "for i in 1 2 3; do out=.env.$i; done\ngrep KEY \"$out\"",
            Deny,
        ),
        (
            "case \"$TARGET\" in\n  *) cfg=~/.aws/config ;;\nesac\ncat \"$cfg\"",
            Deny,
        ),
        (
            "for f in README.md Cargo.toml; do wc -l \"$f\"; done",
            Allow,
        ),
        ("for x in a b; do last=$x; done; echo \"$last\"", Allow),
        ("case \"$1\" in *) f=README.md ;; esac; cat \"$f\"", Allow),
        // a loop that may stop early, an arm that may not run: unknowable
        (
            "for f in a.txt .env; do [ -f \"$f\" ] && break; done; cat \"$f\"",
            Ask,
        ),
        (
            "case \"$1\" in a) f=README.md ;; *) f=x ;; esac; cat \"$f\"",
            Ask,
        ),
    ]);
}

#[test]
fn shell_redirections_of_round_17() {
    use Verdict::*;
    expect(&[
        ("exec 5>out/fd5.log", Allow),
        ("exec 2>>logs/err.log; cargo test", Allow),
        ("exec >../all.log", Deny),
        ("exec 6<>/var/tmp/x", Deny),
        ("cat README.md 0<>../y", Deny),
        ("readarray -t xs < <(git ls-files)", Allow),
        ("sort < <(cat names.txt)", Allow),
        ("wc -l < <(cat ~/.netrc)", Deny),
    ]);
}

#[test]
fn shopt_git_config_scopes_and_integer_variables() {
    use Verdict::*;
    expect(&[
        ("shopt -s globstar; ls src/**/*.rs", Allow),
        ("shopt -s nullglob extglob", Allow),
        ("shopt -s dotglob; cat *", Ask),
        ("git config --global --list", Allow),
        ("git config --system --get core.editor", Allow),
        ("git config --global --add alias.x y", Deny),
        ("echo \"pid $$\"", Allow),
        ("cat /proc/$$/status", Allow),
        ("cat /proc/$PPID/environ", Ask),
    ]);
}

#[test]
fn substitutions_of_literal_printers_are_their_text() {
    use Verdict::*;
    expect(&[
        ("eval \"rm -$(echo rf) build\"", Deny),
        ("head \"$(printf '%s\\n' .env.local)\"", Deny),
        ("cat \"$(echo ~/.netrc)\"", Deny),
        ("wc -l \"$(echo README.md)\"", Allow),
        ("echo \"built at $(echo now)\"", Allow),
        // a glob or a variable inside stays unknown
        ("cat \"$(echo src/*.rs)\"", Ask),
    ]);
    assert!(held("x=\"$(echo push)\"; git \"$x\""));
}

#[test]
fn files_the_script_wrote_are_judged_where_they_run() {
    use Verdict::*;
    expect(&[
        (
            "printf 'K=.env.prod\\n' > k.sh\nsource k.sh\ncat \"$K\"",
            Deny,
        ),
        (
            "cat > ship.sh <<'EOF'\ngit push --tags\nEOF\nsh ./ship.sh",
            Deny,
        ),
        ("echo 'rm -fr out' > c.sh && chmod +x c.sh && ./c.sh", Deny),
        // the run of a file stays unknown code (ask), whatever it holds
        ("echo 'ls' > l.sh; bash l.sh", Ask),
        // another directory's file of that name is not the one written
        ("echo 'git push' > p.sh; cd sub; bash p.sh", Ask),
    ]);
    // a child shell's assignments do not come back
    expect(&[(
        "F=.env; echo 'F=README.md' > f.sh; bash f.sh; cat \"$F\"",
        Deny,
    )]);
}

//! Round 13 of issue 14 by examples under the "new user" rule file, beyond its blind set
//! (`adversarial-gate13.py`): each class its misses stand for, with siblings the set does not
//! hold. The policy README ("Round 13 decisions").

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
fn the_catalogue_holds_more_tools_credentials() {
    use Verdict::*;
    expect(&[
        ("cat ~/.config/vivaldi/Default/Cookies", Deny),
        (
            "head ~/.var/app/org.mozilla.firefox/.mozilla/firefox/x/key4.db",
            Deny,
        ),
        ("cat ~/.supabase/access-token", Deny),
        ("cat ~/.cf/config.json", Deny),
        ("cat /etc/rancher/k3s/k3s.yaml", Deny),
        ("grep password ~/.config/helm/repositories.yaml", Deny),
        ("cat ~/.ngrok2/ngrok.yml", Deny),
        ("cat /run/containers/0/auth.json", Deny),
        ("cat krb5/app.keytab", Deny),
        ("tail -1 ~/.snowsql/config", Deny),
        ("jq . ~/.claude/.credentials.json", Deny),
        ("cat ~/.streamlit/secrets.toml", Deny),
        // their neighbours are no secrets
        ("cat ~/.config/containers/registries.conf", Allow),
        ("cat ~/.codex/config.toml", Allow),
        ("cat docs/keytab.md", Allow),
        ("cat .streamlit/config.toml", Allow),
        ("cat workers/api/.dev.vars", Deny),
        ("cat .dev.vars.example", Allow),
        // `-name '*.rs'` names `.x.rs` and `.rs`, not every dot-file ending in `rs`
        ("find src -name '*.rs' -exec wc -l {} +", Allow),
        ("find src -name '*vars' -exec cat {} +", Ask),
        ("grep -rn --include='*.rs' unwrap src", Allow),
    ]);
}

#[test]
fn secrets_copied_into_variables_stay_secrets() {
    use Verdict::*;
    expect(&[
        ("tok=\"$NPM_TOKEN\"; printf '%s' \"$tok\"", Ask),
        ("export T=$AWS_SESSION_TOKEN; echo $T", Ask),
        ("x=${GITHUB_TOKEN}; y=$x; echo $y", Ask),
        ("echo $NPM_CONFIG__AUTH", Ask),
        ("echo \"$BASIC_AUTH_PASS\"", Ask),
        // a test of whether it is set prints no secret
        ("echo \"${VAULT_TOKEN:+yes}\"", Allow),
        ("echo \"${CI_JOB_TOKEN+defined}\"", Allow),
        ("echo $GIT_AUTHOR_NAME", Allow),
        ("t=$GH_TOKEN; t=fixed; echo \"$t\"", Allow),
    ]);
}

#[test]
fn appends_and_case_changes_are_followed() {
    use Verdict::*;
    expect(&[
        ("a=(src/lib.rs); a+=(~/.ssh/id_rsa); cat \"${a[@]}\"", Deny),
        ("a=(README.md); a+=(src/lib.rs); cat \"${a[@]}\"", Allow),
        ("f=.e; f+=nv; cat \"$f\"", Deny),
        ("f=notes; f+=.md; cat $f", Allow),
        ("n=readme.md; cat \"${n^^}\"", Allow),
        ("f=.ENV; cat \"${f,,}\"", Deny),
        ("k=Id_rsa; cat ~/.ssh/\"${k,}\"", Deny),
    ]);
    // appended in a branch that may not run: unknown
    assert!(held(
        "a=(README.md); [ -n \"$X\" ] && a+=(.env); cat \"${a[@]}\""
    ));
}

#[test]
fn recursive_listings_outside_the_workspace_name_what_lies_below() {
    use Verdict::*;
    expect(&[
        ("tree -L 2 /home/dev", Ask),
        ("rg --files ~/.config", Ask),
        ("du -h ~/.local", Ask),
        ("rg --files ~/.aws", Deny),
        ("du -sh ~/.cache", Allow),
        ("tree src", Allow),
        ("rg --files src", Allow),
        ("du -ah crates", Allow),
    ]);
}

#[test]
fn options_writing_to_sinks_write_nothing() {
    use Verdict::*;
    expect(&[
        ("git log --output=/dev/null -3", Allow),
        ("git diff --output=/dev/stdout", Allow),
        ("git log --output=/tmp/x -1", Deny),
    ]);
}

#[test]
fn launchers_of_round_13_run_their_command() {
    use Verdict::*;
    expect(&[
        ("tini -s -- git push origin", Deny),
        ("dumb-init -- rm -rf build", Deny),
        ("gosu root:root git push", Deny),
        ("sshpass -f pw.txt git push", Deny),
        ("setarch i386 -- git push", Deny),
        ("linux32 git push", Deny),
        ("trickle -d 50 -u 10 git push", Deny),
        ("cpulimit --limit=20 git push", Deny),
        ("nq -c git push", Deny),
        ("pueue add -w /tmp 'git push'", Deny),
        ("rlwrap -H hist.txt git push", Deny),
        ("ssh-agent -t 60 git push", Deny),
        ("konsole -e git push", Deny),
        ("alacritty -e git push", Deny),
        ("xfce4-terminal -x git push", Deny),
        ("gnome-terminal -e 'git push'", Deny),
        ("lxc exec --env A=1 web -- rm -rf build", Deny),
        ("incus exec c2 -- git push", Deny),
        ("toolbox run -c dev git push", Deny),
        ("limactl shell --workdir /tmp default git push", Deny),
        ("multipass exec -d /tmp vm -- git push", Deny),
        ("vagrant ssh --command 'git push'", Deny),
        ("perf record -g -- git push", Deny),
        ("perf trace git push", Deny),
        // the command judged as itself; a user switch or a container caps it at ask
        ("tini -- ls", Allow),
        ("perf stat -- cargo test", Allow),
        ("gosu dev ls", Ask),
        ("lxc exec c1 -- ls", Ask),
        ("perf record -o /tmp/perf.data cargo test", Deny),
    ]);
}

#[test]
fn commands_given_as_arguments_are_judged() {
    use Verdict::*;
    expect(&[
        ("hyperfine -w 3 'cargo test' 'git push'", Deny),
        ("hyperfine --setup 'git push' 'ls'", Deny),
        (
            "hyperfine -L n 1,2 'sleep {n}' --cleanup 'rm -rf build'",
            Deny,
        ),
        ("cargo watch --shell 'git push'", Deny),
        ("cargo watch -x test -- git push", Deny),
        ("gdb -ex '!git push' -batch", Deny),
        ("gdb --batch --eval-command='shell rm -rf build'", Deny),
        ("sqlite3 db.sqlite -cmd '.system git push' .quit", Deny),
        ("psql -c 'select 1' -c '\\! rm -rf build'", Deny),
        ("mysql --execute='system git push'", Deny),
        ("mariadb -e '\\! git push'", Deny),
        ("screen -X stuff 'rm -rf build\\n'", Deny),
        ("start-stop-daemon -S -x /usr/bin/git -- push", Deny),
        (
            "start-stop-daemon --start --startas /bin/sh -- -c 'git push'",
            Deny,
        ),
        ("git -C . send-pack --all origin", Deny),
        ("git subtree push -P lib origin main", Deny),
        ("git subtree split -P lib", Ask),
        ("hyperfine 'cargo test'", Ask),
    ]);
    assert!(held("gdb -x cmds.gdb ./app"));
}

#[test]
fn more_programs_write_through_options_and_positionals() {
    use Verdict::*;
    expect(&[
        ("xmllint -o /tmp/x.xml data.xml", Deny),
        ("zstd -o ../x.zst data", Deny),
        ("lz4 -d data.lz4 /tmp/data", Deny),
        ("ar q /tmp/x.a a.o", Deny),
        ("objcopy -O binary app /tmp/app.bin", Deny),
        ("strip -o /tmp/app app", Deny),
        ("etags -o ../TAGS src/lib.rs", Deny),
        ("hyperfine --export-markdown ../b.md 'ls'", Deny),
        ("shfmt -l -w /tmp/x.sh", Deny),
        ("xmlstarlet ed --inplace -d //x ../a.xml", Deny),
        ("pg_dumpall --file=/tmp/all.sql", Deny),
        ("mysqldump -r /tmp/x.sql db", Deny),
        ("redis-cli --functions-rdb /tmp/f.rdb", Deny),
        ("sqlite3 app.db '.save /tmp/copy.db'", Deny),
        ("sqlite3 app.db '.once /tmp/q.txt' 'select 1'", Deny),
        ("tofu plan -out /tmp/p", Deny),
        ("7z e a.7z -o../out", Deny),
        ("cmake -B../build", Deny),
        ("meson setup ../bd", Deny),
        ("cargo vendor /tmp/v", Deny),
        ("mkfifo -m 600 /tmp/f", Deny),
        ("dos2unix ../notes.txt", Deny),
        ("shuf --output=/tmp/s data.txt", Deny),
        ("sdiff --output=/tmp/m a b", Deny),
        ("brotli --output=/tmp/x.br data", Deny),
        // inside the workspace: the programs no rule allows stay exactly ask
        ("zstd -o build/data.zst data.txt", Ask),
        ("cmake -B build", Ask),
        ("sqlite3 -readonly app.db .tables", Ask),
        ("ar t lib.a", Ask),
    ]);
}

#[test]
fn programs_that_run_their_input() {
    use Verdict::*;
    expect(&[
        ("ssh -p 2222 build@host <<'EOF'\nrm -rf build\nEOF", Deny),
        ("ssh host <<< 'ls /srv'", Ask),
        ("ssh host git log <<< 'git push'", Ask),
        ("crontab <<< '@reboot git push'", Deny),
        (
            "crontab -u dev - <<'EOF'\nSHELL=/bin/sh\n0 3 * * * rm -rf build\nEOF",
            Deny,
        ),
        ("crontab -l", Ask),
        ("ed -s notes.txt <<< $'1d\\nw /etc/motd\\nq'", Deny),
        ("ed -s notes.txt <<< $'r !git push\\nq'", Deny),
        ("ed -s notes.txt <<< $'1d\\nw\\nq'", Ask),
        ("vim -es -c 'saveas /tmp/copy' -c q README.md", Deny),
        ("ex -sc '%s/a/b/g|x' notes.txt", Ask),
        ("gawk -i inplace '{gsub(/a/,\"b\")}1' /etc/hosts", Deny),
        ("gawk --include=inplace '{print}' ../other.txt", Deny),
    ]);
    assert!(held("echo '*/5 * * * * git push' | crontab -"));
    assert!(held("cat jobs.txt | crontab -"));
}

#[test]
fn word_list_literals_in_inline_code_are_commands() {
    assert!(held("perl -e 'system qw(git push origin)'"));
    assert!(held("perl -e 'exec qw{rm -rf build}'"));
    assert!(held("ruby -e 'system(*%w[git push])'"));
    assert_eq!(
        check("perl -e 'print qw(a b c)'").0,
        Verdict::Ask,
        "inline code stays ask"
    );
}

/// A narrowed recursive read of the workspace root (`rg -g '*.toml'`) is decided by the
/// caller's complete listing: a catalogue entry the glob could name (`.streamlit/secrets.toml`)
/// makes it ask only where it lies there.
#[test]
fn narrowed_reads_are_decided_by_a_complete_listing() {
    use loopwright_policy::Request;
    use loopwright_policy::path::Listing;
    let p = common::newuser_policy();
    let run = |entries: &[&str]| {
        let mut req = Request::shell("rg -g '*.toml' KEY", "/work/app").with_home("/home/dev");
        assert_eq!(p.recursive_dirs(&req), vec!["/work/app".to_string()]);
        req.listings = vec![Listing {
            dir: "/work/app".into(),
            entries: entries.iter().map(|e| format!("/work/app/{e}")).collect(),
            complete: true,
        }];
        p.check(&req).verdict
    };
    assert_eq!(run(&["Cargo.toml", "src/lib.rs"]), Verdict::Allow);
    assert_eq!(
        run(&["Cargo.toml", ".streamlit", ".streamlit/secrets.toml"]),
        Verdict::Ask
    );
    // unlisted: the glob may name it
    let req = Request::shell("rg -g '*.toml' KEY", "/work/app").with_home("/home/dev");
    assert_eq!(p.check(&req).verdict, Verdict::Ask);
}

#[test]
fn a_loop_reading_a_literal_input_follows_its_lines() {
    use Verdict::*;
    expect(&[
        (
            "while read -r f; do tail -3 \"$f\"; done <<< ~/.netrc",
            Deny,
        ),
        ("while read -r a b; do cat \"$b\"; done <<< 'x .env'", Deny),
        (
            "while read -r f; do wc -l \"$f\"; done <<'EOF'\nsrc/lib.rs\nsrc/main.rs\nEOF",
            Allow,
        ),
        (
            "while read -r f; do cat \"$f\"; done <<'EOF'\nREADME.md\n.env\nEOF",
            Deny,
        ),
        ("while read -r f; do cat \"$f\"; done < files.txt", Ask),
    ]);
    // after the loop the variable is unknowable
    assert!(held(
        "while read -r f; do :; done <<< README.md; cat \"$f\""
    ));
}

#[test]
fn associative_arrays_are_followed() {
    use Verdict::*;
    expect(&[
        (
            "declare -A cfg; cfg[key]=~/.ssh/id_rsa; cat \"${cfg[key]}\"",
            Deny,
        ),
        (
            "declare -A f=([main]=src/main.rs [lib]=src/lib.rs); wc -l \"${f[lib]}\"",
            Allow,
        ),
        ("declare -A f=([a]=.env); head \"${f[a]}\"", Deny),
        ("local -A m; m[x]=README.md; cat \"${m[x]}\"", Allow),
    ]);
    // an unknown key may overwrite a known one; an indexed array's word index is arithmetic
    assert!(held(
        "declare -A m=([a]=README.md [$k]=.env); cat \"${m[a]}\""
    ));
    assert!(held(
        "a=(README.md .env); i=1; a[i]=README.md; cat \"${a[1]}\""
    ));
    assert!(held("m[x]=README.md; cat \"${m[y]}\" .env"));
}

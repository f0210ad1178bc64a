//! Issue 14's generator: a dangerous command composed with wrappers, quoting, variables,
//! substitutions and separators is never judged looser than the dangerous command alone, and
//! no input makes the analyser panic.

#![allow(clippy::unwrap_used)]

use loopwright_policy::{Policy, Request, Verdict};
use proptest::prelude::*;

mod common;

fn policy() -> Policy {
    common::newuser_policy()
}

fn verdict(p: &Policy, cmd: &str) -> Verdict {
    p.check(&Request::shell(cmd, "/work/app").with_home("/home/dev"))
        .verdict
}

/// Dangerous commands: (program, arguments) so that quoting can be applied word by word.
const DANGEROUS: &[&[&str]] = &[
    &["git", "push"],
    &["git", "push", "--force", "origin", "main"],
    &["rm", "-rf", "build"],
    &["rm", "-fr", "/"],
    &["cat", ".env"],
    &["cat", "~/.ssh/id_rsa"],
    &["cat", "~/.aws/credentials"],
    &["head", "/etc/shadow"],
    &["grep", "-r", "KEY", "."],
    &["git", "log", "--output=../x"],
];

/// Ways to spell one word.
fn spell(word: &str, how: u8) -> String {
    match how % 6 {
        0 => word.to_string(),
        1 => format!("'{word}'"),
        2 => format!("\"{word}\""),
        3 if word.len() > 1 && !word.starts_with('~') => {
            let (a, b) = word.split_at(1);
            format!("{a}\"{b}\"")
        }
        4 if !word.starts_with('~') && !word.contains('=') => format!("\\{word}"),
        5 if !word.starts_with('~') => format!("$'{word}'"),
        _ => word.to_string(),
    }
}

const WRAPPERS: &[&str] = &[
    "",
    "sudo ",
    "env ",
    "command ",
    "nohup ",
    "timeout 5 ",
    "nice -n 5 ",
    "stdbuf -o0 ",
    "setsid ",
    "exec ",
    "time ",
    "FOO=1 ",
    "busybox ",
    "xargs ",
    // round 4: more spellings of the runners issue 14 lists
    "sudo -u bob -- ",
    "doas ",
    "env -i ",
    "env -u HOME ",
    "nice -5 ",
    "nice --adjustment=3 ",
    "timeout -k 1 5 ",
    "timeout --signal=KILL 5 ",
    "nohup -- ",
    "setsid -f ",
    "stdbuf -oL -eL ",
    "ionice -c3 ",
    "chroot / ",
    "runuser -u bob -- ",
    "docker exec c ",
    "docker run --rm -v /w:/w img ",
    "docker compose exec web ",
    "kubectl exec pod -- ",
    "ssh host ",
    "ssh -p 22 host -- ",
    "watch -n 5 ",
    "xargs -0 -n1 ",
    "sudo timeout 5 nice ",
    // round 5: launchers (src/launchers.rs) and more wrapper spellings
    "flock /tmp/l ",
    "flock -w 5 /tmp/l ",
    "firejail ",
    "systemd-run --user ",
    "numactl -N 0 ",
    "uv run ",
    "poetry run ",
    "pnpm exec ",
    "docker-compose exec web ",
    "podman exec c ",
    "screen -dm ",
    "unbuffer ",
    "chrt -f 10 ",
    "taskset -c 0 ",
    "strace -f -o /dev/null ",
    "valgrind ",
    "bundle exec ",
    "direnv exec . ",
    "nix develop -c ",
    "caffeinate -i ",
    "pkexec ",
    "ionice --class 2 ",
];

/// Ways to put a command line somewhere it still runs.
fn embed(cmd: &str, how: u8) -> String {
    let sq = cmd.replace('\'', "'\\''");
    match how % 26 {
        0 => cmd.to_string(),
        21 => format!("echo '{sq}' | sh"),
        22 => format!("cat <<'EOF' | bash\n{cmd}\nEOF"),
        23 => format!("script -qc '{sq}' /dev/null"),
        24 => format!("tmux new -d '{sq}'"),
        25 => format!("npm exec -c '{sq}'"),
        // find runs the words itself: an assignment needs `env` there
        12 => format!("find . -maxdepth 0 -exec env {cmd} \\;"),
        13 => format!("parallel {cmd} ::: x"),
        14 => format!("env -S '{sq}'"),
        15 => format!("su -c '{sq}' bob"),
        16 => format!("source /dev/stdin <<<'{sq}'"),
        17 => format!("bash -s arg <<<'{sq}'"),
        18 => format!("f() {{ local X=1; {cmd}; }}; f"),
        19 => format!("nohup sh -c '{sq}' &"),
        20 => format!("until {cmd}; do :; done"),
        1 => format!("bash -c '{sq}'"),
        2 => format!("sh -c \"{}\"", cmd.replace('"', "\\\"")),
        3 => format!("echo $({cmd})"),
        4 => format!("echo `{}`", cmd.replace('`', "")),
        5 => format!("( {cmd} )"),
        6 => format!("{{ {cmd}; }}"),
        7 => format!("if true; then {cmd}; fi"),
        8 => format!("f() {{ {cmd}; }}; f"),
        9 => format!("sh <<<'{sq}'"),
        10 => format!("eval '{sq}'"),
        _ => format!("for i in 1; do {cmd}; done"),
    }
}

/// Ways to assign the variable a dangerous argument goes through.
const ASSIGN: &[&str] = &[
    "",
    "export ",
    "declare ",
    "readonly ",
    "typeset ",
    "declare -x ",
];

const SEPARATORS: &[&str] = &["; ", " && ", " || ", " | ", "\n", " & "];
const HARMLESS: &[&str] = &["ls", "echo ok", "git status", "cat README.md", "true"];

fn composed() -> impl Strategy<Value = (usize, String)> {
    (
        0..DANGEROUS.len(),
        prop::collection::vec(any::<u8>(), 6),
        0..WRAPPERS.len(),
        any::<u8>(),
        0..SEPARATORS.len(),
        0..HARMLESS.len(),
        any::<bool>(),
        any::<bool>(),
        0..ASSIGN.len(),
    )
        .prop_map(|(d, spells, w, e, s, h, before, via_var, a)| {
            let words = DANGEROUS[d];
            let mut spelt: Vec<String> = words
                .iter()
                .enumerate()
                .map(|(i, w)| spell(w, spells[i % spells.len()]))
                .collect();
            let mut prefix = String::new();
            if via_var && words.len() > 1 {
                // the last argument through a variable assigned just before
                prefix = format!("{}V={}; ", ASSIGN[a], words[words.len() - 1]);
                let n = spelt.len();
                spelt[n - 1] = "\"$V\"".into();
            }
            let core = format!("{}{}", WRAPPERS[w], spelt.join(" "));
            let core = embed(&core, e);
            let other = HARMLESS[h];
            let line = if before {
                format!("{prefix}{other}{}{core}", SEPARATORS[s])
            } else {
                format!("{prefix}{core}{}{other}", SEPARATORS[s])
            };
            (d, line)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000)
    ))]

    #[test]
    fn composing_never_loosens_the_dangerous_part((d, line) in composed()) {
        let p = policy();
        let alone = verdict(&p, &DANGEROUS[d].join(" "));
        let got = verdict(&p, &line);
        prop_assert!(got >= alone, "{line:?}: {got} < {alone} (alone)");
    }

    #[test]
    fn arbitrary_input_never_panics(chars in prop::collection::vec(any::<char>(), 0..200)) {
        let s: String = chars.into_iter().collect();
        let p = policy();
        let _ = verdict(&p, &s);
    }

    #[test]
    fn shell_like_input_never_panics(s in "[a-z $'\"`(){};|&<>\\\\=~*?.\\[\\]\n/-]{0,120}") {
        let p = policy();
        let _ = verdict(&p, &s);
    }
}

#[test]
fn a_brace_before_a_wide_character_does_not_crash_the_parser() {
    // tree-sitter-bash 0.25 calls C `isdigit` on the character after `{`
    let p = policy();
    for s in [
        "{\u{41fe7}",
        "echo {\u{10ffff}",
        "x {1..\u{e0001}}",
        "{1.\u{9fdf6}",
    ] {
        assert_eq!(verdict(&p, s), Verdict::Ask, "{s:?}");
    }
    assert_eq!(verdict(&p, "echo {\u{41fe7}"), Verdict::Ask);
}

#[test]
fn every_dangerous_core_is_at_least_ask() {
    let p = policy();
    for d in DANGEROUS {
        assert!(verdict(&p, &d.join(" ")) >= Verdict::Ask, "{d:?}");
    }
}

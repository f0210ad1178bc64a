//! Round 20's editor writes (gate17's blind probe), after `src/stdincmds.rs`'s: a bare write
//! command (`w`, `wq`, `x`, `wa`, `up`, with `!` or not) writes the file the editor opened,
//! which is named on the command line: `ed -s FILE` with `w` in its input, `ex -sc '%s/a/b/|x'
//! FILE`, `vim -c wq FILE` (ed(1), vim's `:help :w`). Each such file is judged as a write
//! (`true > 'FILE'`), as a named `w FILE` already was.

use crate::optcmds::OptCmd;
use crate::words::Word;

/// Whether an ed or ex command writes the current file without naming another.
fn bare_write(c: &str) -> bool {
    let c = c.trim().trim_start_matches([':', ' ']);
    let c = c.trim_start_matches(|ch: char| "%.$,0123456789'<> ".contains(ch));
    let c = c.strip_suffix('!').unwrap_or(c).trim_end();
    matches!(
        c,
        "w" | "W" | "wq" | "x" | "xit" | "wa" | "wall" | "wqa" | "xa" | "up" | "update" | "write"
    )
}

/// The files an editor invocation opened: words that are no options and no option values.
fn edited(name: &str, argv: &[Word], values: &[&str]) -> Vec<String> {
    let ex_mode = matches!(name, "ex" | "ed" | "red")
        || argv.iter().any(|w| {
            w.lit()
                .is_some_and(|v| v.starts_with('-') && !v.starts_with("--") && v.contains('e'))
        });
    let mut out = Vec::new();
    let mut skip = false;
    for w in argv.iter().skip(1) {
        let Some(v) = w.lit() else { continue };
        if std::mem::take(&mut skip) {
            continue;
        }
        if v.starts_with('-') || v.starts_with('+') {
            let cluster_c = v.len() > 2 && !v.starts_with("--") && v.ends_with('c');
            skip = values.contains(&v) || cluster_c || (v == "-s" && !ex_mode);
            continue;
        }
        out.push(v.to_string());
    }
    out
}

fn writes(files: &[String]) -> Vec<String> {
    let q = |f: &str| format!("true > '{}'", f.replace('\'', "'\\''"));
    files.iter().map(|f| q(f)).collect()
}

/// `ed FILE` fed a script: the script's own commands (`stdincmds`), and a bare `w` as a write
/// of FILE.
pub(crate) fn ed_script(argv: &[Word], input: &str) -> String {
    let mut out = crate::stdincmds::ed_script(input);
    if input.lines().any(bare_write) {
        for w in writes(&edited("ed", argv, &["-p"])) {
            out.push('\n');
            out.push_str(&w);
        }
    }
    out
}

/// vi/vim/ex commands given with `-c`, `--cmd`, `+CMD` or a `-...c` cluster that write the
/// opened files.
pub(crate) fn vim_bare_writes(name: &str, argv: &[Word]) -> Vec<OptCmd> {
    const VALUES: &[&str] = &[
        "-c", "--cmd", "-S", "-u", "-U", "-i", "-T", "-t", "-q", "-w", "-W", "-r",
    ];
    let mut cmds: Vec<&str> = Vec::new();
    let mut take = false;
    for w in argv.iter().skip(1) {
        let Some(v) = w.value.as_deref() else {
            continue;
        };
        if std::mem::take(&mut take) {
            cmds.extend(v.split('|'));
            continue;
        }
        if let Some(c) = v.strip_prefix('+') {
            cmds.extend(c.split('|'));
        }
        take = v == "-c"
            || v == "--cmd"
            || (v.len() > 2 && v.starts_with('-') && !v.starts_with("--") && v.ends_with('c'));
    }
    if !cmds.iter().any(|c| bare_write(c)) {
        return Vec::new();
    }
    writes(&edited(name, argv, VALUES))
        .into_iter()
        .map(OptCmd::Script)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &[&str]) -> Vec<Word> {
        s.iter().map(|w| Word::literal(w)).collect()
    }

    #[test]
    fn bare_writes_name_the_opened_file() {
        assert!(bare_write("w"));
        assert!(bare_write(":wq!"));
        assert!(bare_write("%x"));
        assert!(!bare_write("w /tmp/x"));
        assert!(!bare_write("q"));
        let got = vim_bare_writes("ex", &words(&["ex", "-sc", "%s/a/b/|x", "/etc/motd"]));
        assert_eq!(got, [OptCmd::Script("true > '/etc/motd'".into())]);
        assert!(vim_bare_writes("vim", &words(&["vim", "-c", "q", "x"])).is_empty());
        let got = ed_script(&words(&["ed", "-s", "/etc/motd"]), "1d\nw\nq");
        assert!(got.ends_with("true > '/etc/motd'"));
    }
}

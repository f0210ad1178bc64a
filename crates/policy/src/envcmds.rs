//! Environment variables that name a command, a program's options or a file it writes
//! (`GIT_PAGER=CMD`, `TAR_OPTIONS=...`, `GIT_TRACE=/tmp/t`): judged as what they name.

use crate::words::Word;

/// Whether variable `name` set to `value` makes a program write there: git's traces to an
/// absolute path, cargo's target directory, a TLS key log.
fn writes_to(name: &str, value: &str) -> bool {
    let path = value.starts_with(['/', '~', '.']);
    match name {
        "CARGO_TARGET_DIR" | "CARGO_BUILD_TARGET_DIR" | "SSLKEYLOGFILE" => !value.is_empty(),
        _ => (path && name.starts_with("GIT_TRACE")) || crate::env20::writes_dir(name, value),
    }
}

/// Variables whose value a program reads as more of its options.
fn option_variable(name: &str) -> Option<&'static str> {
    Some(match name {
        "TAR_OPTIONS" => "tar",
        "MANOPT" => "man",
        "LESS" => "less",
        "ZIPOPT" => "zip",
        "RSYNC_OPTIONS" => "rsync",
        _ => return None,
    })
}

/// Environment variables whose value a program runs as a command (`GIT_PAGER`, `EDITOR`,
/// `LESSOPEN`, ...), with the value as that command (`LESSOPEN='|cmd %s'` runs `cmd %s`).
pub fn env_command(name: &str, value: &str) -> Option<String> {
    match name {
        "GIT_PAGER"
        | "PAGER"
        | "MANPAGER"
        | "SYSTEMD_PAGER"
        | "GH_PAGER"
        | "GIT_EDITOR"
        | "EDITOR"
        | "VISUAL"
        | "GIT_SEQUENCE_EDITOR"
        | "GH_EDITOR"
        | "GIT_EXTERNAL_DIFF"
        | "GIT_SSH_COMMAND"
        | "GIT_SSH"
        | "GIT_ASKPASS"
        | "SSH_ASKPASS"
        | "SUDO_ASKPASS"
        | "LESSCLOSE"
        | "BROWSER"
        | "GH_BROWSER" => Some(value.to_string()),
        "LESSOPEN" => Some(value.trim_start_matches(['|', '-']).to_string()),
        "RUSTC"
        | "RUSTDOC"
        | "RUSTC_WORKSPACE_WRAPPER"
        | "CARGO_BUILD_RUSTC"
        | "CARGO_BUILD_RUSTDOC" => Some(value.to_string()),
        _ if name.starts_with("CARGO_TARGET_")
            && (name.ends_with("_RUNNER") || name.ends_with("_LINKER")) =>
        {
            Some(value.to_string())
        }
        "RSYNC_RSH" | "RSYNC_CONNECT_PROG" | "CVS_RSH" | "GIT_PROXY_COMMAND" => {
            Some(value.to_string())
        }
        // round 19: bash runs it before each prompt; a `GIT_CONFIG_COUNT` value is a `-c`
        // value (an alias's `!CMD`, a pager, an editor, an ssh command)
        "PROMPT_COMMAND" => Some(value.to_string()),
        _ if name.starts_with("GIT_CONFIG_VALUE_") => {
            Some(value.strip_prefix('!').unwrap_or(value).to_string())
        }
        _ => crate::env20::command(name, value),
    }
}

/// git's subcommands that never run the editor (git's own commands: no alias replaces them).
const GIT_NO_EDITOR: &[&str] = &[
    "status",
    "log",
    "diff",
    "show",
    "rev-parse",
    "ls-files",
    "ls-tree",
    "blame",
    "grep",
    "describe",
    "shortlog",
    "fetch",
    "push",
    "clone",
    "init",
    "remote",
    "ls-remote",
    "cat-file",
    "rev-list",
    "reflog",
    "fsck",
    "gc",
    "archive",
    "clean",
    "rm",
    "mv",
    "switch",
    "whatchanged",
    "show-ref",
    "for-each-ref",
    "count-objects",
    "version",
    "check-ignore",
    "diff-tree",
    "diff-files",
    "diff-index",
    "name-rev",
    "merge-base",
    "apply",
    "range-diff",
    "cherry",
    "hash-object",
    "verify-commit",
    "verify-tag",
    "bundle",
    "prune",
    "repack",
];

/// Whether an editor variable (`EDITOR`, `VISUAL`, `GIT_EDITOR`, `GIT_SEQUENCE_EDITOR`) set
/// before `argv` (after more assignments) is never used: a git subcommand that cannot run the
/// editor (`EDITOR=vim git status`). Other programs, other subcommands (`commit`, `rebase -i`,
/// `tag -a`, an alias) may use it.
pub fn editor_unused(name: &str, argv: &[Word]) -> bool {
    if !matches!(
        name,
        "EDITOR" | "VISUAL" | "GIT_EDITOR" | "GIT_SEQUENCE_EDITOR"
    ) {
        return false;
    }
    let start = argv.iter().position(|w| {
        !w.lit()
            .and_then(|v| v.split_once('='))
            .is_some_and(|(k, _)| {
                !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            })
    });
    let Some(argv) = start.map(|s| &argv[s..]) else {
        return false;
    };
    if argv.first().and_then(|w| w.lit()) != Some("git") {
        return false;
    }
    let (_, sub) = crate::chdirs::git_dirs(argv);
    sub.is_some_and(|s| GIT_NO_EDITOR.contains(&s.as_str()))
}

impl crate::shell::Analyser<'_, '_> {
    /// `GIT_PAGER=cmd git log`, `LESSOPEN='|cmd %s' less f`: a command variable with a known
    /// value is judged as the command it names; the names so judged leave `env` (a plain
    /// reader as a pager, `GIT_PAGER=cat`, then changes nothing the gate guards).
    pub(crate) fn env_commands(
        &mut self,
        assigns: &[tree_sitter::Node<'_>],
        src: &str,
        depth: usize,
        env: &mut Vec<String>,
        argv: &[Word],
    ) {
        let mut judged = Vec::new();
        for a in assigns {
            let Some(n) = a.child_by_field_name("name") else {
                continue;
            };
            let name = &src[n.byte_range()];
            if editor_unused(name, argv) {
                // `EDITOR=vim git status`: the command never runs the editor
                judged.push(name.to_string());
                continue;
            }
            let value = match a.child_by_field_name("value") {
                Some(v) => self.word(v, src).value,
                None => Some(String::new()),
            };
            if let (Some(prog), Some(v)) = (option_variable(name), value.as_deref()) {
                // `TAR_OPTIONS='--to-command=CMD' tar x`: options the program reads
                let mut words = vec![Word::literal(prog)];
                words.extend(
                    crate::words::split_selector(v)
                        .iter()
                        .map(|s| Word::literal(s)),
                );
                self.option_commands(prog, "", &words, depth);
                continue;
            }
            let v = value.as_deref().unwrap_or("");
            for f in crate::env21::flag_writes(name, v)
                .into_iter()
                .chain(crate::env22::writes(name, v))
            {
                // round 21: `RUSTFLAGS='-C incremental=/tmp/i' cargo test`
                let text = &src[a.byte_range()];
                self.side_part(crate::part::PartKind::Write, name, text, &Word::literal(&f));
            }
            if let Some(f) = value.as_deref().filter(|v| writes_to(name, v)) {
                // `GIT_TRACE=/tmp/t git status`, `CARGO_TARGET_DIR=../t cargo test`
                let text = &src[a.byte_range()];
                self.side_part(crate::part::PartKind::Write, name, text, &Word::literal(f));
                continue;
            }
            let Some(cmd) = value.as_deref().and_then(|v| env_command(name, v)) else {
                continue;
            };
            if !cmd.trim().is_empty() {
                self.script(&cmd, depth + 1);
            }
            judged.push(name.to_string());
        }
        env.retain(|n| !judged.contains(n));
    }
}

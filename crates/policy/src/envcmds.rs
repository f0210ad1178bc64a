//! Environment variables that name a command, a program's options or a file it writes
//! (`GIT_PAGER=CMD`, `TAR_OPTIONS=...`, `GIT_TRACE=/tmp/t`): judged as what they name.

use crate::words::Word;

/// Whether variable `name` set to `value` makes a program write there: git's traces to an
/// absolute path, cargo's target directory, a TLS key log.
fn writes_to(name: &str, value: &str) -> bool {
    let path = value.starts_with(['/', '~', '.']);
    match name {
        "CARGO_TARGET_DIR" | "CARGO_BUILD_TARGET_DIR" | "SSLKEYLOGFILE" => !value.is_empty(),
        _ => path && name.starts_with("GIT_TRACE"),
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
        _ => None,
    }
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
    ) {
        let mut judged = Vec::new();
        for a in assigns {
            let Some(n) = a.child_by_field_name("name") else {
                continue;
            };
            let name = &src[n.byte_range()];
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

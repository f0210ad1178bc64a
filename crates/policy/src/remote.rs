//! Round 16: copies to and from another host (`scp`, `rsync`, `sftp`). A remote path
//! (`[user@]host:path`, `host::module/path`, `scp://host/path`, `rsync://host/module/path`)
//! read from is judged as the same path outside the workspace — relative to the remote home — so
//! a copy of a remote secret is a read of that secret (`scp host:.ssh/id_rsa .`); a remote
//! destination is no local write (the program stays an `ask`; a local secret sent there is a
//! read of it). sftp's batch commands read from its input (`put LOCAL [REMOTE]`, `get REMOTE
//! [LOCAL]`) are judged as the reads and local writes they are.

use crate::words::Word;

/// The remote path of `v` as a local spelling (`~/path` or the absolute path), if `v` names a
/// file on another host.
fn remote_path(v: &str) -> Option<String> {
    let path = if let Some(rest) = v
        .strip_prefix("scp://")
        .or_else(|| v.strip_prefix("sftp://"))
        .or_else(|| v.strip_prefix("rsync://"))
    {
        rest.split_once('/').map_or("", |(_, p)| p).to_string()
    } else {
        let (host, path) = v.split_once(':')?;
        if host.is_empty() || host.contains('/') || host.starts_with('-') {
            return None;
        }
        path.trim_start_matches(':').to_string()
    };
    Some(if path.starts_with('/') || path.starts_with('~') {
        path
    } else if path.is_empty() {
        "~".to_string()
    } else {
        format!("~/{path}")
    })
}

/// `argv` with every remote path of a copy to or from another host written as a path outside
/// the workspace; `None` when it names none (or `name` copies no files between hosts).
pub(crate) fn local_view(name: &str, argv: &[Word]) -> Option<Vec<Word>> {
    if !matches!(name, "scp" | "rsync" | "sftp") {
        return None;
    }
    // the last word of `scp`/`rsync` is where the copy goes: a remote one is no local write
    // (`scp a.txt host:` stays a plain ask); sftp's words are all sources
    let dest = (name != "sftp")
        .then(|| {
            argv.iter()
                .rposition(|w| !w.lit().is_some_and(|v| v.starts_with('-')))
        })
        .flatten();
    let mut changed = false;
    let out = argv
        .iter()
        .enumerate()
        .map(|(i, w)| {
            match w
                .lit()
                .filter(|v| i > 0 && Some(i) != dest && !v.starts_with('-'))
            {
                Some(v) => match remote_path(v) {
                    Some(p) => {
                        changed = true;
                        Word::literal(&p)
                    }
                    None => w.clone(),
                },
                None => w.clone(),
            }
        })
        .collect();
    changed.then_some(out)
}

/// sftp's batch commands as shell reads and writes (`put L R` reads L, `get R L` is `cat ~/R >
/// L`); `!cmd` lines run a local command; other lines act on the remote only.
pub(crate) fn sftp_script(batch: &str) -> String {
    let mut out = Vec::new();
    for line in batch.lines().map(str::trim) {
        let line = line.trim_start_matches(['-', '@']);
        if let Some(cmd) = line.strip_prefix('!') {
            out.push(cmd.to_string());
            continue;
        }
        let mut words = line.split_whitespace();
        let verb = words.next().unwrap_or("");
        let args: Vec<&str> = words.filter(|w| !w.starts_with('-')).collect();
        let remote = |p: &str| remote_path(&format!("h:{p}")).unwrap_or_default();
        let q = |p: &str| format!("'{}'", p.replace('\'', "'\\''"));
        match (verb, args.as_slice()) {
            ("put" | "mput" | "reput", [l, ..]) => out.push(format!("cat {}", q(l))),
            ("get" | "mget" | "reget", [r, rest @ ..]) => {
                let l = rest.first().copied().unwrap_or("remote-copy");
                out.push(format!("cat {} > {}", q(&remote(r)), q(l)));
            }
            _ => {}
        }
    }
    out.join("\n")
}

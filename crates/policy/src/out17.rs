//! Round 17: where more programs write (read after `src/outdb.rs`), from the usage lines of the
//! tools round 17's blind probe found unlisted: JavaScript runtimes' bundlers and compilers
//! (`deno compile -o`, `deno bundle IN OUT`, `deno install --root`, `bun build
//! --outdir/--outfile`), Nix's result links and stores (`nix build -o/--out-link`, `nix-build
//! -o`, `nix copy --to file://DIR`), conda's environments (`create -p`, `env export -f`),
//! build and deploy tools' outputs (`earthly --artifact T DEST`, dagger's `export --path` and
//! `-o`, `pulumi stack export --file`, `cdk -o`, `serverless package -p`, `wrangler --outdir/
//! --output`, `firebase emulators:export DIR`, `supabase db dump -f`, `vercel env pull [FILE]`
//! and `vercel pull` (the `.env` files they write), `skaffold --file-output`/`render -o`, `act
//! --artifact-server-path`), repositories cloned by `glab`/`hub`/`tea`, the user files that
//! `gh auth setup-git`, `gh alias set`, `gh config set`, `gh extension install`, `glab config
//! set`, `az devops configure`, `az config set`, `tea login add` and kind's kubeconfig commands
//! write, and backup and secret tools (`velero ... download -o`, `restic -r LOCAL init/backup`,
//! `restic restore --target`, `borg create/init LOCAL`, `borg key export REPO FILE`, `borg
//! export-tar A FILE`, duplicity's `file://` targets and restore directory, `op -o/--out-file`,
//! `bw --output`).

use crate::models::{lit, option_values};
use crate::outrare::{pos, prefixed};
use crate::words::Word;

/// The files `name` writes through its options or positionals; `None`: no entry here.
pub(crate) fn writes(name: &str, sub: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    let second = lit(argv, 2).unwrap_or("");
    Some(match name {
        "deno" => match sub {
            "compile" | "doc" | "vendor" => opt(&["-o"], &["--output"]),
            "bundle" => {
                let mut v = opt(&["-o"], &["--output", "--outdir"]);
                v.extend(pos(argv).into_iter().nth(2));
                v
            }
            "install" | "uninstall" => opt(&[], &["--root"]),
            _ => Vec::new(),
        },
        "bun" if sub == "build" => opt(&[], &["--outdir", "--outfile"]),
        "nix" if matches!(sub, "build" | "bundle") => opt(&["-o"], &["--out-link"]),
        "nix" if sub == "copy" => store_dirs(&opt(&[], &["--to"])),
        "nix-build" => opt(&["-o"], &["--out-link"]),
        "conda" | "mamba" | "micromamba" => conda(sub, second, argv),
        "earthly" => artifact_dests(argv),
        "dagger" => {
            let mut v = opt(&["-o"], &["--output"]);
            if argv.iter().any(|w| w.lit() == Some("export")) {
                v.extend(opt(&[], &["--path"]));
            }
            v
        }
        "pulumi" if sub == "stack" && matches!(second, "export" | "graph") => {
            let mut v = opt(&[], &["--file"]);
            if second == "graph" {
                v.extend(pos(argv).into_iter().nth(2));
            }
            v
        }
        "cdk" => opt(&["-o"], &["--output"]),
        "serverless" | "sls" => opt(&["-p"], &["--package"]),
        "wrangler" => opt(&[], &["--outdir", "--output", "--outfile"]),
        "firebase" => firebase(sub, argv),
        "supabase" if sub == "db" => opt(&["-f"], &["--file"]),
        "vercel" => vercel(sub, second, argv),
        "skaffold" => {
            let mut v = opt(&[], &["--file-output"]);
            if sub == "render" {
                v.extend(opt(&["-o"], &["--output"]));
            }
            v
        }
        "act" => opt(&[], &["--artifact-server-path", "--cache-server-path"]),
        "glab" | "tea" if sub == "repo" && second == "clone" => {
            pos(argv).into_iter().nth(3).into_iter().collect()
        }
        "hub" | "tea" if sub == "clone" => pos(argv).into_iter().nth(2).into_iter().collect(),
        _ => return user_files(name, sub, second, argv),
    })
}

/// Configuration and login commands of platform CLIs: the user files they write.
fn user_files(name: &str, sub: &str, second: &str, argv: &[Word]) -> Option<Vec<Word>> {
    Some(match name {
        "gh" if sub == "auth" && second == "setup-git" => home("~/.gitconfig"),
        "gh" if (sub == "alias" && matches!(second, "set" | "delete" | "import"))
            || (sub == "config" && second == "set") =>
        {
            home("~/.config/gh/config.yml")
        }
        "gh" if sub == "extension" && matches!(second, "install" | "upgrade" | "remove") => {
            home("~/.local/share/gh/extensions")
        }
        "glab" if sub == "config" && second == "set" => home("~/.config/glab-cli/config.yml"),
        "az" if sub == "devops" && second == "configure" => home("~/.azure/azuredevops/config"),
        "az" if (sub == "config" && second == "set") || sub == "configure" => {
            home("~/.azure/config")
        }
        "tea" if matches!(sub, "login" | "logins") && matches!(second, "add" | "default") => {
            home("~/.config/tea/config.yml")
        }
        "kind" => kind(sub, second, argv),
        _ => return backups(name, sub, second, argv),
    })
}

/// Backup and secret tools.
fn backups(name: &str, sub: &str, second: &str, argv: &[Word]) -> Option<Vec<Word>> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    Some(match name {
        "velero" if second == "download" => opt(&["-o"], &["--output"]),
        "restic" => {
            let sub = restic_sub(argv);
            let mut v = match sub {
                "restore" => opt(&["-t"], &["--target"]),
                "mount" => pos(argv).into_iter().last().into_iter().collect(),
                _ => Vec::new(),
            };
            let writes_repo = matches!(
                sub,
                "init" | "backup" | "forget" | "prune" | "copy" | "key" | "tag" | "migrate"
            );
            if writes_repo {
                v.extend(
                    opt(&["-r"], &["--repo"])
                        .into_iter()
                        .filter_map(|w| local_path(&w)),
                );
            }
            v
        }
        "borg" => borg(sub, argv),
        "duplicity" => duplicity(sub, argv),
        "op" => opt(&["-o"], &["--out-file"]),
        "bw" => opt(&[], &["--output"]),
        _ => return crate::out19::writes(name, sub, argv),
    })
}

/// restic's subcommand: the first word that is neither an option nor a global option's value.
fn restic_sub(argv: &[Word]) -> &str {
    const VALUED: &[&str] = &[
        "-r",
        "--repo",
        "-p",
        "--password-file",
        "--repository-file",
        "--password-command",
        "--cache-dir",
        "-o",
        "--option",
        "--key-hint",
        "--limit-upload",
        "--limit-download",
        "--tls-client-cert",
        "--cacert",
    ];
    let mut i = 1;
    while let Some(v) = lit(argv, i) {
        if VALUED.contains(&v) {
            i += 2;
        } else if v.starts_with('-') {
            i += 1;
        } else {
            return v;
        }
    }
    ""
}

/// conda's environment prefixes and exported files.
fn conda(sub: &str, second: &str, argv: &[Word]) -> Vec<Word> {
    let opt = |short: &[&str], long: &[&str]| option_values(argv, short, long);
    match (sub, second) {
        ("env", "export") | ("export", _) => opt(&["-f"], &["--file"]),
        ("env", "create" | "update" | "remove")
        | ("create" | "install" | "update" | "remove", _) => opt(&["-p"], &["--prefix"]),
        _ => Vec::new(),
    }
}

/// `earthly --artifact TARGET/PATH [DEST]`: the destination.
fn artifact_dests(argv: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    for (i, w) in argv.iter().enumerate() {
        if matches!(w.lit(), Some("--artifact" | "-a")) {
            let dest = argv
                .get(i + 2)
                .filter(|d| !d.lit().is_some_and(|v| v.starts_with('-')));
            out.extend(dest.cloned());
        }
    }
    out
}

fn firebase(sub: &str, argv: &[Word]) -> Vec<Word> {
    let mut v = option_values(argv, &["-o"], &["--output", "--export-on-exit"]);
    v.extend(prefixed(argv, &["--export-on-exit="]));
    if sub == "emulators:export" {
        v.extend(pos(argv).into_iter().nth(1));
    }
    v
}

/// `vercel env pull [FILE]` (`.env.local`) and `vercel pull` (`.vercel/.env.ENV.local`).
fn vercel(sub: &str, second: &str, argv: &[Word]) -> Vec<Word> {
    match (sub, second) {
        ("env", "pull") => {
            let file = pos(argv).into_iter().nth(2);
            vec![file.unwrap_or_else(|| Word::literal(".env.local"))]
        }
        ("pull", _) => {
            let env = option_values(argv, &[], &["--environment"]);
            let env = env.first().and_then(Word::lit).unwrap_or("development");
            vec![Word::literal(&format!(".vercel/.env.{env}.local"))]
        }
        ("build", _) => option_values(argv, &[], &["--output"]),
        _ => Vec::new(),
    }
}

/// kind writes the user's kubeconfig (or `--kubeconfig`) when it creates, deletes or exports a
/// cluster; `export logs [DIR]` writes DIR.
fn kind(sub: &str, second: &str, argv: &[Word]) -> Vec<Word> {
    let kubeconfig = || {
        let v = option_values(argv, &[], &["--kubeconfig"]);
        if v.is_empty() {
            home("~/.kube/config")
        } else {
            v
        }
    };
    match (sub, second) {
        ("create" | "delete", "cluster" | "clusters") | ("export", "kubeconfig") => kubeconfig(),
        ("export", "logs") => pos(argv).into_iter().nth(2).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// borg's local repositories written (`create`, `init`, `rcreate`, `prune`, `delete`), key
/// exports and tar exports.
fn borg(sub: &str, argv: &[Word]) -> Vec<Word> {
    let p = pos(argv);
    let repo = |i: usize| {
        p.get(i).and_then(|w| {
            let v = w.lit()?;
            local_path(&Word::literal(v.split("::").next().unwrap_or(v)))
        })
    };
    let mut v = option_values(argv, &["-r"], &["--repo"])
        .into_iter()
        .filter(|_| {
            matches!(
                sub,
                "create" | "rcreate" | "repo-create" | "prune" | "delete"
            )
        })
        .filter_map(|w| local_path(&w))
        .collect::<Vec<_>>();
    match sub {
        "create" | "init" | "prune" | "delete" | "compact" => v.extend(repo(1)),
        "key" if p.get(1).and_then(Word::lit) == Some("export") => v.extend(p.get(3).cloned()),
        "export-tar" | "mount" => v.extend(p.get(2).cloned()),
        _ => {}
    }
    v
}

/// duplicity's local `file://` targets, and the directory a restore writes.
fn duplicity(sub: &str, argv: &[Word]) -> Vec<Word> {
    let p = pos(argv);
    let mut v = store_dirs(&p);
    let urlish = |w: &Word| w.lit().is_some_and(|s| s.contains("://"));
    let restore = sub == "restore" || p.first().is_some_and(urlish) && p.len() >= 2;
    if restore && let Some(last) = p.last().filter(|w| !urlish(w)) {
        v.push(last.clone());
    }
    v
}

/// The local directories of `file://DIR` store URLs.
fn store_dirs(words: &[Word]) -> Vec<Word> {
    words
        .iter()
        .filter_map(Word::lit)
        .filter_map(|v| v.strip_prefix("file://"))
        .map(|d| Word::literal(d.split('?').next().unwrap_or(d)))
        .collect()
}

/// A repository given as a local path (not `sftp:`, `s3:`, `rest:`, `ssh://`, `user@host:`).
fn local_path(w: &Word) -> Option<Word> {
    let Some(v) = w.lit() else {
        return Some(w.clone());
    };
    let v = v.strip_prefix("local:").unwrap_or(v);
    let before_slash = v.split('/').next().unwrap_or(v);
    (!before_slash.contains(':') && !v.contains("://")).then(|| Word::literal(v))
}

fn home(path: &str) -> Vec<Word> {
    vec![Word::literal(path)]
}

//! Files a network, mail or crypto tool reads because an option or an item names them: an
//! upload is a read of what it sends (`curl -T F`, `-d @F`, `-F n=@F`, `-K F`, `wget
//! --post-file=F`, httpie's `@F` and `n@F`, `mail -A F`, `openssl -in F`). Each is judged as a
//! read of that path, so a secret sent that way is denied like `cat` of it. A data table per
//! program, tested by examples (`tests/data/adversarial-gate10.py`).

use crate::models::option_values;
use crate::words::Word;

/// The file named by a data argument (`@F`, `name@F`, `name=@F`, `name:=@F`, `name=<F`), with
/// `;type=...` and the like cut off; `@-` (standard input) names none.
fn data_file(v: &str, names: bool) -> Option<String> {
    let at = if names {
        // `name@F` (curl's `--data-urlencode`, httpie's file field), `name=@F`, `name=<F`
        let i = v.find(['@', '<'])?;
        let name = &v[..i];
        if name.contains(['/', ' ']) || (name.contains('=') && !name.ends_with('=')) {
            return None;
        }
        &v[i + 1..]
    } else {
        v.strip_prefix('@')?
    };
    let f = at.split(';').next().unwrap_or(at).trim_matches('"');
    (!f.is_empty() && f != "-").then(|| f.to_string())
}

fn files(values: Vec<Word>, names: bool) -> impl Iterator<Item = Word> {
    values
        .into_iter()
        .filter_map(move |w| match w.value.as_deref() {
            Some(v) => data_file(v, names).map(|f| Word::literal(&f)),
            // a value known only at run time may name any file
            None => Some(Word { pattern: None, ..w }),
        })
}

/// The files curl reads: uploads, data and form files, configuration, certificates, cookies.
fn curl_reads(argv: &[Word], out: &mut Vec<Word>) {
    let plain = [
        "--config",
        "--netrc-file",
        "--cert",
        "--key",
        "--proxy-cert",
        "--proxy-key",
        "--upload-file",
    ];
    for w in option_values(argv, &["-K", "-E", "-T"], &plain) {
        out.extend(curl_files(w));
    }
    // `-b FILE` reads cookies from FILE; `-b 'a=1'` sends them as given
    let cookies = option_values(argv, &["-b"], &["--cookie"]);
    out.extend(
        cookies
            .into_iter()
            .filter(|w| !w.value.as_deref().is_some_and(|v| v.contains('='))),
    );
    let data = [
        "--data",
        "--data-ascii",
        "--data-binary",
        "--json",
        "--header",
    ];
    out.extend(files(option_values(argv, &["-d", "-H"], &data), false));
    let named = ["--data-urlencode", "--form", "--variable"];
    out.extend(files(option_values(argv, &["-F"], &named), true));
    out.retain(|w| w.value.as_deref() != Some("-"));
}

/// The paths `name` reads because of its options or data items.
pub fn option_reads(name: &str, argv: &[Word]) -> Vec<Word> {
    let mut out = Vec::new();
    match name {
        "curl" => curl_reads(argv, &mut out),
        "wget" => out.extend(option_values(
            argv,
            &["-i"],
            &[
                "--post-file",
                "--body-file",
                "--input-file",
                "--load-cookies",
                "--certificate",
                "--private-key",
                "--config",
            ],
        )),
        "http" | "https" | "xh" | "xhs" | "httpie" => {
            let items = argv.iter().skip(1).filter(|w| {
                !w.lit().is_some_and(|v| v.starts_with('-')) && !w.text.contains("://")
            });
            out.extend(files(items.cloned().collect(), true));
        }
        // `find -files0-from F` reads names from F (and prints the ones it cannot find)
        "find" => out.extend(option_values(argv, &[], &["-files0-from"])),
        // `date -f FILE` prints every line it cannot read as a date (the content); `-r FILE`
        // reads its time, like `stat`
        "date" => out.extend(option_values(
            argv,
            &["-f", "-r"],
            &["--file", "--reference"],
        )),
        "gh" => {
            // `gh api -F key=@FILE`, `--input FILE`
            out.extend(files(option_values(argv, &["-F"], &["--field"]), true));
            out.extend(option_values(argv, &[], &["--input"]));
        }
        "mail" | "mailx" | "s-nail" | "bsd-mailx" | "mutt" | "neomutt" => {
            out.extend(option_values(argv, &["-A", "-a"], &["--attach"]));
        }
        "openssl" => {
            let opts = ["-in", "-inkey", "-key", "-cert", "-kfile", "-infiles"];
            out.extend(option_values(argv, &[], &opts));
            for w in option_values(argv, &[], &["-pass", "-passin", "-passout"]) {
                if let Some(f) = w.value.as_deref().and_then(|v| v.strip_prefix("file:")) {
                    out.push(Word::literal(f));
                }
            }
        }
        "docker" | "podman" | "nerdctl" => {
            for w in option_values(argv, &["-v"], &["--volume"]) {
                out.extend(mount(w, false));
            }
            for w in option_values(argv, &[], &["--mount"]) {
                out.extend(mount(w, true));
            }
            out.extend(option_values(argv, &[], &["--env-file"]));
            for w in option_values(argv, &[], &["--secret"]) {
                out.extend(mount(w, true));
            }
        }
        "kubectl" | "oc" => {
            for w in option_values(argv, &[], &["--from-file", "--from-env-file"]) {
                // `--from-file=[key=]PATH`
                out.push(match w.value.as_deref() {
                    Some(v) => Word::literal(v.rsplit_once('=').map_or(v, |(_, p)| p)),
                    None => w,
                });
            }
        }
        "socat" => {
            for v in argv.iter().skip(1).filter_map(Word::lit) {
                let file = ["FILE:", "OPEN:", "GOPEN:", "READLINE:"]
                    .iter()
                    .find_map(|p| strip_prefix_ci(v, p));
                out.extend(file.map(|f| Word::literal(f.split(',').next().unwrap_or(f))));
            }
        }
        _ => out.extend(crate::outdb::reads(name, argv)),
    }
    out.extend(
        secret_store(name, argv)
            .or_else(|| crate::store19::secret_store(name, argv))
            .map(Word::literal),
    );
    out
}

/// `v` without `prefix`, whatever the case of the prefix.
pub(crate) fn strip_prefix_ci<'a>(v: &'a str, prefix: &str) -> Option<&'a str> {
    let head = v.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &v[prefix.len()..])
}

/// curl's file names: `{a,b}` globs name each (`-T "{.env,x}"`), `FILE:PASSWORD` of `--cert`
/// names FILE.
fn curl_files(w: Word) -> Vec<Word> {
    let Some(v) = w.value.as_deref() else {
        return vec![Word { pattern: None, ..w }];
    };
    let v = match v.rsplit_once(':') {
        Some((f, pw)) if !f.is_empty() && !pw.contains('/') && !f.contains("://") => f,
        _ => v,
    };
    match (v.find('{'), v.find('}')) {
        (Some(a), Some(b)) if a < b => v[a + 1..b]
            .split(',')
            .map(|alt| Word::literal(&format!("{}{alt}{}", &v[..a], &v[b + 1..])))
            .collect(),
        _ => vec![Word::literal(v)],
    }
}

/// A mount's host path as a word (a value known only at run time stays unknown).
fn mount(w: Word, bind: bool) -> Option<Word> {
    match w.value.as_deref() {
        Some(v) => mount_source(v, bind).map(|s| Word::literal(&s)),
        None => Some(Word { pattern: None, ..w }),
    }
}

impl crate::shell::Analyser<'_, '_> {
    /// The reads of [`option_reads`] as parts; a file known only at run time (`curl -d
    /// @"$F"`) is one a deny rule may cover.
    pub(crate) fn option_reads(&mut self, name: &str, text: &str, argv: &[Word]) {
        use crate::part::{Part, PartKind, PathArg};
        let (unknown, reads): (Vec<Word>, Vec<Word>) = option_reads(name, argv)
            .into_iter()
            .partition(|w| w.value.is_none() && w.pattern.is_none());
        if !unknown.is_empty() {
            let mut rp = Part::new(PartKind::Read, text);
            rp.paths.push(PathArg::Unknown);
            self.parts.push(rp);
        }
        for r in reads {
            self.side_part(PartKind::Read, name, text, &r);
        }
    }
}

/// The host side of a container mount (`-v SRC:DST[:ro]`, `--mount type=bind,source=SRC`):
/// a path when it is one (`/x`, `~/x`, `./x`), not a named volume.
fn mount_source(v: &str, mount: bool) -> Option<String> {
    let src = if mount {
        v.split(',').find_map(|kv| {
            kv.strip_prefix("source=")
                .or_else(|| kv.strip_prefix("src="))
        })?
    } else {
        v.split(':').next()?
    };
    src.starts_with(['/', '~', '.', '$'])
        .then(|| src.to_string())
}

/// The secret store a command prints from (`gh auth token`, `aws configure get`,
/// `kubectl config view --raw`, `gpg --export-secret-keys`, `pass show`; round 17: `glab auth
/// status -t`, `kind get kubeconfig`, `rclone config show`, `fly auth token`, `aws sts
/// get-session-token`): a read of it.
fn secret_store(name: &str, argv: &[Word]) -> Option<&'static str> {
    const STORES: &[&str] = &[
        "gh", "aws", "gcloud", "az", "kubectl", "oc", "git", "pass", "gopass", "gpg", "gpg2",
        "vault", "heroku", "glab", "kind", "k3d", "rclone", "fly", "flyctl", "doctl",
    ];
    if !STORES.contains(&name) {
        return None;
    }
    let words: Vec<&str> = argv.iter().skip(1).map(|w| w.lit().unwrap_or("")).collect();
    let has = |w: &str| words.contains(&w);
    let starts = |ws: &[&str]| words.starts_with(ws);
    Some(match name {
        "gh" if starts(&["auth", "token"])
            || (starts(&["auth", "status"]) && (has("-t") || has("--show-token"))) =>
        {
            "~/.config/gh/hosts.yml"
        }
        "aws" if starts(&["configure", "get"]) || starts(&["configure", "export-credentials"]) => {
            "~/.aws/credentials"
        }
        "gcloud"
            if words
                .iter()
                .any(|w| matches!(*w, "print-access-token" | "print-identity-token")) =>
        {
            "~/.config/gcloud/credentials.db"
        }
        "az" if starts(&["account", "get-access-token"]) => "~/.azure/msal_token_cache.json",
        "kubectl" | "oc" if starts(&["config", "view"]) && (has("--raw") || has("--flatten")) => {
            "~/.kube/config"
        }
        "git" if starts(&["credential", "fill"]) || starts(&["credential-store", "get"]) => {
            "~/.git-credentials"
        }
        "pass" | "gopass"
            if words.first().is_none_or(|w| {
                !matches!(
                    *w,
                    "ls" | "list"
                        | "find"
                        | "grep"
                        | "init"
                        | "git"
                        | "help"
                        | "version"
                        | "--help"
                )
            }) =>
        {
            "~/.password-store/store.gpg"
        }
        "gpg" | "gpg2"
            if words
                .iter()
                .any(|w| w.starts_with("--export-secret") || *w == "--export-ssh-key") =>
        {
            "~/.gnupg/private-keys-v1.d"
        }
        "vault" if starts(&["print", "token"]) || has("token") && has("lookup") => "~/.vault-token",
        "heroku" if starts(&["auth:token"]) => "~/.netrc",
        "aws"
            if starts(&["sts", "get-session-token"]) || starts(&["ecr", "get-login-password"]) =>
        {
            "~/.aws/credentials"
        }
        "glab" if starts(&["auth", "status"]) && (has("-t") || has("--show-token")) => {
            "~/.config/glab-cli/config.yml"
        }
        // the cluster's admin kubeconfig (a client key)
        "kind" if starts(&["get", "kubeconfig"]) => "~/.kube/config",
        "k3d" if starts(&["kubeconfig", "get"]) => "~/.kube/config",
        "rclone" if starts(&["config", "show"]) || starts(&["config", "dump"]) => {
            "~/.config/rclone/rclone.conf"
        }
        "fly" | "flyctl" if starts(&["auth", "token"]) || starts(&["tokens", "create"]) => {
            "~/.fly/config.yml"
        }
        "doctl" if starts(&["registry", "docker-config"]) => "~/.config/doctl/config.yaml",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(s: &str) -> Vec<String> {
        let argv: Vec<Word> = crate::words::split_selector(s)
            .iter()
            .map(|s| Word::literal(s))
            .collect();
        let name = argv[0].lit().unwrap_or("").to_string();
        option_reads(&name, &argv)
            .iter()
            .map(|w| w.value.clone().unwrap_or_default())
            .collect()
    }

    #[test]
    fn files_sent_by_options() {
        assert_eq!(reads("curl -d @a.json https://h/"), ["a.json"]);
        assert_eq!(reads("curl -d a=1 -d @- https://h/"), Vec::<String>::new());
        assert_eq!(
            reads("curl -F 'f=@x.bin;type=image/png' https://h/"),
            ["x.bin"]
        );
        assert_eq!(reads("curl -F 'n=<t.txt' -F k=v https://h/"), ["t.txt"]);
        assert_eq!(reads("curl --data-urlencode n@t.txt https://h/"), ["t.txt"]);
        assert_eq!(
            reads("curl --data-urlencode 'a=x@y' https://h/"),
            Vec::<String>::new()
        );
        assert_eq!(
            reads("curl -sT up.bin -K c.cfg https://h/"),
            ["up.bin", "c.cfg"]
        );
        assert_eq!(reads("wget --post-file=b.txt https://h/"), ["b.txt"]);
        assert_eq!(
            reads("http POST https://h/ @b.json f@x.bin a=1 u:=@j.json"),
            ["b.json", "x.bin", "j.json"]
        );
        assert_eq!(reads("mail -s hi -A r.pdf a@b"), ["r.pdf"]);
        assert_eq!(reads("openssl enc -in a -pass file:p.txt"), ["a", "p.txt"]);
        assert_eq!(
            reads("docker run -v ~/.ssh:/k -v data:/d -v ./s:/s:ro i"),
            ["~/.ssh", "./s"]
        );
        assert_eq!(
            reads("docker run --mount type=bind,src=/h/x,dst=/x --env-file e i"),
            ["/h/x", "e"]
        );
        assert_eq!(
            reads("kubectl create secret generic k --from-file=key=a.pem"),
            ["a.pem"]
        );
        assert_eq!(reads("socat FILE:a.txt,rdonly TCP:h:1"), ["a.txt"]);
        assert_eq!(reads("gh auth token"), ["~/.config/gh/hosts.yml"]);
        assert_eq!(reads("curl -T '{a,b}.txt' ftp://h/"), ["a.txt", "b.txt"]);
        assert_eq!(
            reads("curl -E c.p12:pw -b jar.txt -b k=v https://h/"),
            ["c.p12", "jar.txt"]
        );
        assert_eq!(reads("gh api /gists -F 'f=@x.txt' -f a=b"), ["x.txt"]);
        assert_eq!(reads("gh auth status"), Vec::<String>::new());
        assert_eq!(reads("kubectl config view --raw"), ["~/.kube/config"]);
        assert_eq!(reads("pass show x"), ["~/.password-store/store.gpg"]);
        assert_eq!(reads("pass ls"), Vec::<String>::new());
        assert_eq!(
            reads("gpg --export-secret-keys -a"),
            ["~/.gnupg/private-keys-v1.d"]
        );
    }
}

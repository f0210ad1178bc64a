//! Round 19: more commands that print a secret (read after `src/uploads.rs`'s `secret_store`):
//! git's credential helpers asked for a password (`git credential-manager get`, `git
//! credential-osxkeychain get`, `git credential-libsecret get`), Docker's credential helpers
//! (`docker-credential-desktop get`), package managers' auth tokens (`npm config get
//! //registry/:_authToken`, `yarn config get npmAuthToken`), `cf oauth-token`, and the cloud
//! instance metadata services, whose credential endpoints hand out the machine's keys (AWS and
//! OpenStack `169.254.169.254`, ECS `169.254.170.2`, GCP `metadata.google.internal`, Azure,
//! Alibaba `100.100.100.200`). Each is a read of the store it prints from.

use crate::models::lit;
use crate::words::Word;

/// Hosts of cloud instance metadata services (they serve the instance's credentials).
const METADATA_HOSTS: &[&str] = &[
    "169.254.169.254",
    "169.254.170.2",
    "169.254.170.23",
    "fd00:ec2::254",
    "[fd00:ec2::254]",
    "metadata.google.internal",
    "metadata",
    "100.100.100.200",
];

/// What a metadata-service fetch is judged as: a mounted container secret (deny).
const METADATA_STORE: &str = "/run/secrets/instance-metadata";

/// Programs that fetch a URL given as an argument.
const FETCHERS: &[&str] = &[
    "curl",
    "wget",
    "http",
    "https",
    "xh",
    "xhs",
    "httpie",
    "curlie",
    "aria2c",
    "lwp-request",
    "GET",
    "fetch",
    "wget2",
];

/// The secret store `name argv` prints from, if it is one of round 19's.
pub(crate) fn secret_store(name: &str, argv: &[Word]) -> Option<&'static str> {
    let words: Vec<&str> = argv.iter().skip(1).map(|w| w.lit().unwrap_or("")).collect();
    let has = |w: &str| words.contains(&w);
    let base = name.rsplit('/').next().unwrap_or(name);
    Some(match base {
        "git" if lit(argv, 1).is_some_and(|s| s.starts_with("credential-")) && has("get") => {
            "~/.git-credentials"
        }
        _ if base.starts_with("git-credential-") && has("get") => "~/.git-credentials",
        _ if base.starts_with("docker-credential-") && has("get") => "~/.docker/config.json",
        "npm" | "pnpm" | "yarn" | "bun" if prints_auth_config(&words) => "~/.npmrc",
        "cf" if has("oauth-token") => "~/.cf/config.json",
        // the word as written: a URL that ends in a variable (`http://169.254.170.2$URI`)
        _ if FETCHERS.contains(&base)
            && argv
                .iter()
                .skip(1)
                .any(|w| is_metadata_url(w.lit().unwrap_or(&w.text))) =>
        {
            METADATA_STORE
        }
        _ => return None,
    })
}

/// `config get KEY` (or `get KEY`) of a key that holds a registry credential.
fn prints_auth_config(words: &[&str]) -> bool {
    let at = match words {
        ["config", "get", ..] => 2,
        ["get", ..] => 1,
        _ => return false,
    };
    words[at..].iter().any(|k| {
        let k = k.to_ascii_lowercase();
        !k.starts_with('-') && (k.contains("auth") || k.contains("token") || k.contains("password"))
    })
}

/// Whether `w` is a URL (or bare host) of an instance metadata service.
pub(crate) fn is_metadata_url(w: &str) -> bool {
    let w = w.trim_start_matches(['"', '\'']);
    let rest = w.split_once("://").map_or(w, |(_, r)| r);
    let host_port = rest
        .split(['/', '?', '$', '"', '\''])
        .next()
        .unwrap_or(rest);
    let host = match host_port.rsplit_once(':') {
        Some((h, p)) if p.chars().all(|c| c.is_ascii_digit()) && !h.ends_with(':') => h,
        _ => host_port,
    };
    // a bare `metadata` host counts only as a URL (not a word such as a file name)
    METADATA_HOSTS.contains(&host) && (host != "metadata" || w.contains("://"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<Word> {
        s.split(' ').map(Word::literal).collect()
    }

    #[test]
    fn helpers_and_tokens_print_their_store() {
        let st = |s: &str| {
            let a = argv(s);
            let name = a.first().and_then(Word::lit).unwrap_or("").to_string();
            secret_store(&name, &a)
        };
        assert_eq!(st("git credential-wincred get"), Some("~/.git-credentials"));
        assert_eq!(st("git credential-cache exit"), None);
        assert_eq!(
            st("docker-credential-pass get"),
            Some("~/.docker/config.json")
        );
        assert_eq!(st("docker-credential-pass list"), None);
        assert_eq!(st("npm get //r.example/:_password"), Some("~/.npmrc"));
        assert_eq!(st("npm config get registry"), None);
        assert_eq!(
            st("wget -q http://169.254.169.254:80/x"),
            Some(METADATA_STORE)
        );
        assert_eq!(st("curl https://example.com/metadata"), None);
    }

    #[test]
    fn metadata_hosts() {
        assert!(is_metadata_url("http://[fd00:ec2::254]/latest/"));
        assert!(is_metadata_url("169.254.169.254/latest/meta-data"));
        assert!(!is_metadata_url("metadata"));
        assert!(!is_metadata_url("http://169.254.169.2540/"));
        assert!(is_metadata_url(
            "\"http://169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI\""
        ));
    }
}

//! The environment of tool processes: the provider's key and every variable that looks like a
//! secret are removed unless passed through by name, and each call's processes carry their
//! marker ([`crate::contain::MARKER_VAR`]).

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

/// How tool processes are started.
#[derive(Debug, Clone, Default)]
pub struct Launch {
    /// The program run as the supervisor (`PROGRAM __loop-supervise PPID bash -c CMD`), in
    /// practice the `loop` binary itself; `None` runs bash directly (the loop's sweep and the
    /// process group still apply, but a `SIGKILL` of the loop can leave processes behind).
    pub supervisor: Option<PathBuf>,
    /// Variables kept even when they look like secrets (`--pass-env NAME`).
    pub pass_env: Vec<String>,
    /// Variables always removed unless passed (the provider's key variable).
    pub hide_env: Vec<String>,
    /// The state-directory guard every supervised command enters (`None`: none).
    pub guard: Option<crate::contain::guard::StateGuard>,
    /// Why the full guard is not available here: recorded in the session log and shown once
    /// when the run starts.
    pub guard_warning: Option<String>,
}

impl Launch {
    /// The names of the variables of `vars` to remove from a tool's environment.
    pub fn removed<'a>(
        &self,
        vars: impl IntoIterator<Item = (&'a OsStr, &'a OsStr)>,
    ) -> Vec<OsString> {
        vars.into_iter()
            .filter(|(name, value)| {
                let n = name.to_string_lossy();
                let passed = self.pass_env.iter().any(|p| *p == n);
                !passed
                    && (self.hide_env.iter().any(|h| *h == n)
                        || is_secret_name(&n)
                        || is_credential_value(&value.to_string_lossy()))
            })
            .map(|(name, _)| name.to_os_string())
            .collect()
    }
}

/// Words that make a variable name a secret wherever they appear (upper-cased name, split at
/// `_`): `OPENAI_API_KEY`, `GITHUB_TOKEN`, `PGPASSWORD`, `CLIENT_SECRET`…
const SECRET_PARTS: &[&str] = &[
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "PASSPHRASE",
    "CREDENTIAL",
    "CREDENTIALS",
    "APIKEY",
    "PRIVATE",
    "COOKIE",
    "AUTHORIZATION",
];

/// Prefixes of cloud credential families removed whole.
const SECRET_PREFIXES: &[&str] = &[
    "AWS_",
    "AZURE_",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "ARM_CLIENT",
];

/// Variables of those families that hold no secret and that tools need.
const KEEP: &[&str] = &["AWS_REGION", "AWS_DEFAULT_REGION", "AWS_PROFILE"];

/// True when a variable name looks like it holds a secret.
pub fn is_secret_name(name: &str) -> bool {
    let up = name.to_ascii_uppercase();
    if KEEP.contains(&up.as_str()) {
        return false;
    }
    if SECRET_PREFIXES.iter().any(|p| up.starts_with(p)) {
        return true;
    }
    if up.contains("PASSWORD")
        || up.contains("PASSWD")
        || up.contains("SECRET")
        || up.contains("TOKEN")
    {
        return true;
    }
    let parts: Vec<&str> = up.split('_').collect();
    if parts.iter().any(|p| SECRET_PARTS.contains(p)) {
        return true;
    }
    // `*_API_KEY`, `*_KEY` after an API-ish word, `*_ACCESS_KEY*`, `*_PAT`.
    parts.windows(2).any(|w| {
        matches!(
            w,
            [
                "API" | "ACCESS" | "SECRET" | "SIGNING" | "ENCRYPTION" | "MASTER",
                "KEY" | "KEYS"
            ]
        )
    }) || parts.last().is_some_and(|l| *l == "PAT")
}

/// True when a value carries a password in a URL (`scheme://user:password@host`).
pub fn is_credential_value(value: &str) -> bool {
    let Some((_, rest)) = value.split_once("://") else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    authority
        .rsplit_once('@')
        .is_some_and(|(userinfo, _)| userinfo.contains(':'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_names() {
        for n in [
            "OPENAI_API_KEY",
            "ANTHROPIC_API_KEY",
            "GITHUB_TOKEN",
            "GH_TOKEN",
            "HF_TOKEN",
            "NPM_TOKEN",
            "PGPASSWORD",
            "MYSQL_PWD_PASSWORD",
            "DB_PASSWORD",
            "AWS_ACCESS_KEY_ID",
            "AWS_SECRET_ACCESS_KEY",
            "AWS_SESSION_TOKEN",
            "GOOGLE_APPLICATION_CREDENTIALS",
            "AZURE_CLIENT_SECRET",
            "AZURE_TENANT_ID",
            "STRIPE_SECRET_KEY",
            "SLACK_BOT_TOKEN",
            "my_api_key",
            "GITLAB_PAT",
            "SIGNING_KEY",
        ] {
            assert!(is_secret_name(n), "{n}");
        }
        for n in [
            "PATH",
            "HOME",
            "LANG",
            "TERM",
            "CARGO_TARGET_DIR",
            "RUST_LOG",
            "AWS_REGION",
            "SSH_AUTH_SOCK",
            "XDG_SESSION_ID",
            "KEYBOARD",
            "PYTHONPATH",
            "LOOP_MODEL",
        ] {
            assert!(!is_secret_name(n), "{n}");
        }
    }

    #[test]
    fn credential_urls() {
        assert!(is_credential_value("postgres://u:pw@db:5432/x"));
        assert!(is_credential_value("https://x:y@example.com/"));
        assert!(!is_credential_value("https://example.com/a@b"));
        assert!(!is_credential_value("postgres://u@db/x"));
        assert!(!is_credential_value("plain"));
    }

    #[test]
    fn passed_names_stay_and_hidden_ones_go() {
        let launch = Launch {
            supervisor: None,
            pass_env: vec!["GITHUB_TOKEN".into()],
            hide_env: vec!["LOCAL_KEY".into()],
            ..Launch::default()
        };
        let vars = [
            (OsStr::new("GITHUB_TOKEN"), OsStr::new("t")),
            (OsStr::new("OPENAI_API_KEY"), OsStr::new("k")),
            (OsStr::new("LOCAL_KEY"), OsStr::new("k")),
            (OsStr::new("PATH"), OsStr::new("/bin")),
        ];
        assert_eq!(
            launch.removed(vars),
            vec![
                OsString::from("OPENAI_API_KEY"),
                OsString::from("LOCAL_KEY")
            ]
        );
    }
}

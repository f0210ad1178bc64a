//! Which MCP servers a run starts: `[servers.NAME]` tables in the workspace's `.loop/mcp.toml`
//! and in the user's `config.toml` (the workspace file wins for a name both define).
//!
//! ```toml
//! [servers.fs]
//! command = "npx"
//! args = ["-y", "@modelcontextprotocol/server-filesystem", "${HOME}/notes"]
//! env = { TOKEN = "${FS_TOKEN}" }   # ${VAR} is read from the environment
//! cwd = "."
//! startup_timeout_secs = 30         # default 30
//! call_timeout_secs = 300           # default 300
//!
//! [servers.remote]
//! url = "http://127.0.0.1:8931/mcp"
//! headers = { Authorization = "Bearer ${REMOTE_TOKEN}" }
//!
//! [disclosure]
//! mode = "auto"                     # auto (default) | always | never
//! threshold_tokens = 4000           # default: 10% of the context window
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::disclosure::{DisclosureConfig, DisclosureMode};

/// The workspace file, relative to the workspace root.
pub const WORKSPACE_FILE: &str = ".loop/mcp.toml";
/// Default time a server gets to start and list its tools.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(30);
/// Default time one tool call may take.
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_secs(300);

/// What is wrong with a configuration file.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file exists but cannot be read.
    #[error("cannot read {file}: {source}")]
    Read {
        /// The file.
        file: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// The file is not valid TOML or has unknown or mistyped fields.
    #[error("{file}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// The parser's message.
        message: String,
    },
    /// A server table is incomplete or contradictory.
    #[error("{file}: [servers.{server}]: {message}")]
    Server {
        /// The file.
        file: String,
        /// The server's name.
        server: String,
        /// What is wrong.
        message: String,
    },
}

/// How to reach one server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transport {
    /// A child process speaking MCP on stdin/stdout.
    Stdio {
        /// The program.
        command: String,
        /// Its arguments.
        args: Vec<String>,
        /// Extra environment variables.
        env: BTreeMap<String, String>,
        /// Its working directory (relative paths: from the file's workspace).
        cwd: Option<PathBuf>,
    },
    /// A streamable HTTP endpoint.
    Http {
        /// The endpoint URL.
        url: String,
        /// Extra request headers.
        headers: BTreeMap<String, String>,
    },
}

/// One configured server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    /// The name of its `[servers.NAME]` table.
    pub name: String,
    /// How to reach it.
    pub transport: Transport,
    /// Time it gets to start and list its tools.
    pub startup_timeout: Duration,
    /// Time one call may take.
    pub call_timeout: Duration,
    /// The file that configured it.
    pub file: String,
}

/// Everything the MCP files configure.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct McpConfig {
    /// The servers, by name.
    pub servers: BTreeMap<String, ServerConfig>,
    /// When to defer tool schemas.
    pub disclosure: DisclosureConfig,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawServer {
    command: Option<String>,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    cwd: Option<String>,
    url: Option<String>,
    #[serde(default)]
    headers: BTreeMap<String, String>,
    startup_timeout_secs: Option<f64>,
    call_timeout_secs: Option<f64>,
    #[serde(default = "yes")]
    enabled: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawDisclosure {
    mode: Option<String>,
    threshold_tokens: Option<usize>,
}

/// The MCP part of a file; other top-level tables (a `config.toml`'s profiles) are ignored.
#[derive(Debug, Deserialize, Default)]
struct RawFile {
    #[serde(default)]
    servers: BTreeMap<String, RawServer>,
    disclosure: Option<RawDisclosure>,
}

/// Why `${VAR}` references could not be expanded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExpandError {
    /// A `${` without its `}` (the whole text).
    #[error("unclosed ${{ in `{0}`")]
    Unclosed(String),
    /// `${...}` around something that is not a variable name.
    #[error("`${{{0}}}` is not a variable name")]
    BadName(String),
    /// The variable is not set.
    #[error("environment variable {0} is not set")]
    Unset(String),
}

/// Replaces each `${VAR}` in `text` with the variable's value; `$$` is a literal `$`.
///
/// # Errors
/// [`ExpandError`] for the first variable that is unset or the first malformed reference.
pub fn expand_env(text: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<String, ExpandError> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(tail) = after.strip_prefix('$') {
            out.push('$');
            rest = tail;
        } else if let Some(body) = after.strip_prefix('{') {
            let end = body
                .find('}')
                .ok_or_else(|| ExpandError::Unclosed(text.to_owned()))?;
            let name = &body[..end];
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(ExpandError::BadName(name.to_owned()));
            }
            let value = env(name).ok_or_else(|| ExpandError::Unset(name.to_owned()))?;
            out.push_str(&value);
            rest = &body[end + 1..];
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    Ok(out)
}

fn secs(v: Option<f64>, default: Duration, field: &str) -> Result<Duration, String> {
    match v {
        None => Ok(default),
        Some(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Ok(Duration::from_secs_f64(s)),
        Some(s) => Err(format!(
            "{field} must be a number of seconds in (0, 86400] (got {s})"
        )),
    }
}

fn server(
    name: &str,
    raw: RawServer,
    base: &Path,
    file: &str,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<ServerConfig, String> {
    let x = |field: &str, v: &str| expand_env(v, env).map_err(|e| format!("{field}: {e}"));
    let map =
        |field: &str, m: &BTreeMap<String, String>| -> Result<BTreeMap<String, String>, String> {
            m.iter()
                .map(|(k, v)| Ok((k.clone(), x(&format!("{field}.{k}"), v)?)))
                .collect()
        };
    let transport = match (&raw.command, &raw.url) {
        (Some(_), Some(_)) => return Err("give either `command` or `url`, not both".into()),
        (None, None) => return Err("needs `command` (a stdio server) or `url` (HTTP)".into()),
        (Some(c), None) => {
            if !raw.headers.is_empty() {
                return Err("`headers` needs `url`".into());
            }
            let command = x("command", c)?;
            if command.trim().is_empty() {
                return Err("`command` is empty".into());
            }
            let args = raw
                .args
                .iter()
                .enumerate()
                .map(|(i, a)| x(&format!("args[{i}]"), a))
                .collect::<Result<_, _>>()?;
            let cwd = match &raw.cwd {
                Some(c) => Some(base.join(x("cwd", c)?)),
                None => None,
            };
            Transport::Stdio {
                command,
                args,
                env: map("env", &raw.env)?,
                cwd,
            }
        }
        (None, Some(u)) => {
            if !raw.args.is_empty() || !raw.env.is_empty() || raw.cwd.is_some() {
                return Err("`args`, `env` and `cwd` need `command`, not `url`".into());
            }
            let url = x("url", u)?;
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(format!(
                    "`url` must start with http:// or https:// (got `{url}`)"
                ));
            }
            Transport::Http {
                url,
                headers: map("headers", &raw.headers)?,
            }
        }
    };
    Ok(ServerConfig {
        name: name.to_owned(),
        transport,
        startup_timeout: secs(
            raw.startup_timeout_secs,
            DEFAULT_STARTUP_TIMEOUT,
            "startup_timeout_secs",
        )?,
        call_timeout: secs(
            raw.call_timeout_secs,
            DEFAULT_CALL_TIMEOUT,
            "call_timeout_secs",
        )?,
        file: file.to_owned(),
    })
}

impl McpConfig {
    /// Parses one file's text. `base` resolves relative `cwd`s; `file` names it in errors.
    /// Later calls of [`McpConfig::merge`] let one file override another.
    ///
    /// # Errors
    /// [`ConfigError`] naming the file, server and field.
    pub fn parse(
        text: &str,
        file: &str,
        base: &Path,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<McpConfig, ConfigError> {
        let raw: RawFile = toml::from_str(text).map_err(|e| ConfigError::Syntax {
            file: file.to_owned(),
            message: e.message().to_owned(),
        })?;
        let mut servers = BTreeMap::new();
        for (name, s) in raw.servers {
            if name.is_empty() {
                return Err(ConfigError::Server {
                    file: file.into(),
                    server: name,
                    message: "a server needs a name".into(),
                });
            }
            if !s.enabled {
                continue;
            }
            let cfg = server(&name, s, base, file, env).map_err(|message| ConfigError::Server {
                file: file.into(),
                server: name.clone(),
                message,
            })?;
            servers.insert(name, cfg);
        }
        let mut disclosure = DisclosureConfig::default();
        if let Some(d) = raw.disclosure {
            if let Some(m) = d.mode {
                disclosure.mode = DisclosureMode::parse(&m).ok_or_else(|| ConfigError::Syntax {
                    file: file.into(),
                    message: format!(
                        "[disclosure] mode: expected auto, always or never (got `{m}`)"
                    ),
                })?;
            }
            disclosure.threshold_tokens = d.threshold_tokens.or(disclosure.threshold_tokens);
        }
        Ok(McpConfig {
            servers,
            disclosure,
        })
    }

    /// `other` laid over `self`: its servers replace same-named ones, its disclosure wins
    /// where it says something.
    pub fn merge(mut self, other: McpConfig) -> McpConfig {
        self.servers.extend(other.servers);
        if other.disclosure != DisclosureConfig::default() {
            self.disclosure = other.disclosure;
        }
        self
    }

    /// Reads the profile file (when given and present), then the workspace's
    /// `.loop/mcp.toml` over it. Missing files configure nothing.
    ///
    /// # Errors
    /// A file that exists but cannot be read or parsed.
    pub fn load(workspace: &Path, profile_file: Option<&Path>) -> Result<McpConfig, ConfigError> {
        let env = |k: &str| std::env::var(k).ok();
        let mut cfg = McpConfig::default();
        let files = profile_file
            .map(|p| {
                (
                    p.to_path_buf(),
                    p.display().to_string(),
                    workspace.to_path_buf(),
                )
            })
            .into_iter()
            .chain(std::iter::once((
                workspace.join(WORKSPACE_FILE),
                WORKSPACE_FILE.to_owned(),
                workspace.to_path_buf(),
            )));
        for (path, label, base) in files {
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(source) => {
                    return Err(ConfigError::Read {
                        file: label,
                        source,
                    });
                }
            };
            cfg = cfg.merge(McpConfig::parse(&text, &label, &base, &env)?);
        }
        Ok(cfg)
    }
}

#[cfg(test)]
mod tests;

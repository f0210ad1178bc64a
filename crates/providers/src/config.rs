//! Which model to talk to: provider, model, base URL, key variable and prices, resolved from
//! flags, then environment (`LOOP_MODEL`, `LOOP_BASE_URL`, `LOOP_PROFILE`, `OPENAI_API_KEY`,
//! `ANTHROPIC_API_KEY`), then a profile of `$XDG_CONFIG_HOME/loopwright/config.toml`
//! (default `~/.config/loopwright/config.toml`).
//!
//! ```toml
//! default = "local"
//! [profiles.local]
//! provider = "openai"          # openai | anthropic
//! protocol = "json"            # native (default) | json
//! base_url = "http://127.0.0.1:8080/v1"
//! api_key_env = "LOCAL_KEY"
//! model = "smollm2"
//! context_window = 8192
//! condenser = "mask+summary"  # none | mask | summary | mask+summary (loop run)
//! mask_keep = 10              # tool results kept in full
//! mask_batch = 5              # results masked at once
//! summary_threshold = 0.75    # compact at this share of the window
//! summary_keep = 10           # messages kept verbatim after a compaction
//! prices = { input = 0.15, output = 0.60, cached = 0.075, cache_write = 0.19 } # per million tokens
//! max_output_tokens = 2048   # bound of every reply (default 4096)
//! stream = true               # false: one JSON reply per request
//! stream_options = true       # false: never send stream_options (gateways that reject it)
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The wire protocol spoken to the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProviderKind {
    /// OpenAI Chat Completions with native tool calls.
    OpenAi,
    /// Anthropic Messages.
    Anthropic,
    /// OpenAI Chat Completions, tools via the JSON-action text protocol.
    Json,
}

impl ProviderKind {
    /// Parses `openai`, `anthropic` or `json`.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "openai" => Some(ProviderKind::OpenAi),
            "anthropic" => Some(ProviderKind::Anthropic),
            "json" => Some(ProviderKind::Json),
            _ => None,
        }
    }

    /// The name used in flags and sessions.
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::OpenAi => "openai",
            ProviderKind::Anthropic => "anthropic",
            ProviderKind::Json => "json",
        }
    }

    fn default_base_url(self) -> &'static str {
        match self {
            ProviderKind::Anthropic => "https://api.anthropic.com",
            _ => "https://api.openai.com/v1",
        }
    }

    fn default_key_env(self) -> &'static str {
        match self {
            ProviderKind::Anthropic => "ANTHROPIC_API_KEY",
            _ => "OPENAI_API_KEY",
        }
    }
}

pub use loopwright_model::Prices;

/// One profile of the config file.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// `openai` or `anthropic` (or `json`).
    pub provider: Option<String>,
    /// `native` or `json`.
    pub protocol: Option<String>,
    /// Base URL.
    pub base_url: Option<String>,
    /// Environment variable holding the key.
    pub api_key_env: Option<String>,
    /// Variables kept in tools' environments although they look like secrets (as
    /// `loop run --pass-env`).
    pub pass_env: Option<Vec<String>>,
    /// Model name.
    pub model: Option<String>,
    /// Context window in tokens.
    pub context_window: Option<u64>,
    /// Prices per million tokens.
    pub prices: Option<Prices>,
    /// History condensers of `loop run` (`none`, `mask`, `summary`, `mask+summary`).
    pub condenser: Option<String>,
    /// Tool results kept in full by observation masking.
    pub mask_keep: Option<u64>,
    /// Tool results masked at once.
    pub mask_batch: Option<u64>,
    /// Share of the context window at which the history is compacted (0 < F <= 1).
    pub summary_threshold: Option<f64>,
    /// Messages kept verbatim after a compaction.
    pub summary_keep: Option<u64>,
    /// The most tokens the model may generate per reply.
    pub max_output_tokens: Option<u64>,
    /// Ask for streamed replies (default true).
    pub stream: Option<bool>,
    /// Send `stream_options.include_usage` with streamed requests (default true).
    pub stream_options: Option<bool>,
}

/// The context-management settings of a profile (`loop run` flags win over them).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContextSettings {
    /// `condenser`.
    pub condenser: Option<String>,
    /// `mask_keep`.
    pub mask_keep: Option<u64>,
    /// `mask_batch`.
    pub mask_batch: Option<u64>,
    /// `summary_threshold`.
    pub summary_threshold: Option<f64>,
    /// `summary_keep`.
    pub summary_keep: Option<u64>,
}

/// The config file.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// Profile used when none is named.
    pub default: Option<String>,
    /// Profiles by name.
    #[serde(default)]
    pub profiles: BTreeMap<String, Profile>,
    /// `[servers.NAME]`: MCP servers, read by `loopwright-mcp` (ignored here).
    #[serde(default)]
    pub servers: Option<toml::Value>,
    /// `[disclosure]`: MCP tool disclosure, read by `loopwright-mcp` (ignored here).
    #[serde(default)]
    pub disclosure: Option<toml::Value>,
}

/// Values given on the command line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Flags {
    /// `--provider`.
    pub provider: Option<String>,
    /// `--model`.
    pub model: Option<String>,
    /// `--base-url`.
    pub base_url: Option<String>,
    /// `--api-key-env`.
    pub api_key_env: Option<String>,
    /// `--profile`.
    pub profile: Option<String>,
    /// `--max-output-tokens`.
    pub max_output_tokens: Option<u64>,
    /// `--no-stream` (as `Some(false)`).
    pub stream: Option<bool>,
}

/// The resolved configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// Protocol.
    pub kind: ProviderKind,
    /// Model name.
    pub model: String,
    /// Base URL.
    pub base_url: String,
    /// True when the base URL is the provider's public default (a key is then required).
    pub default_base_url: bool,
    /// Environment variable holding the key.
    pub api_key_env: String,
    /// The profile's `pass_env` names (empty without one).
    pub pass_env: Vec<String>,
    /// Context window, when the profile gives one.
    pub context_window: Option<u64>,
    /// Prices, when the profile gives them.
    pub prices: Option<Prices>,
    /// The profile used, if any.
    pub profile: Option<String>,
    /// Context-management settings of the profile.
    pub context: ContextSettings,
    /// How every request is shaped: the output bound (and, for OpenAI's own API, its field),
    /// streamed replies, `stream_options.include_usage` on streamed requests.
    pub options: crate::openai::RequestOptions,
}

/// Why configuration failed.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// No provider anywhere.
    #[error(
        "no model provider is configured. Pass --provider openai|anthropic|json with --model, \
         set OPENAI_API_KEY or ANTHROPIC_API_KEY (and LOOP_MODEL), or add a profile to {0}; \
         `loop demo` shows a run without any model"
    )]
    NotConfigured(String),
    /// A value is invalid.
    #[error("{field}: {message}")]
    Invalid {
        /// The flag, variable or config key.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// The config file cannot be read or parsed.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// The config file path: `$XDG_CONFIG_HOME/loopwright/config.toml`, else
/// `$HOME/.config/loopwright/config.toml`.
pub fn config_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    Some(loopwright_store::paths::xdg_dir(env, "XDG_CONFIG_HOME", ".config")?.join("config.toml"))
}

/// Reads the config file; a missing file is an empty config.
pub fn load_file(path: &Path) -> Result<ConfigFile, ConfigError> {
    match loopwright_store::input::read_to_string(path) {
        Ok(text) => toml::from_str(&text).map_err(|e| ConfigError::File {
            path: path.display().to_string(),
            message: e.to_string(),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ConfigFile::default()),
        Err(e) => Err(ConfigError::File {
            path: path.display().to_string(),
            message: e.to_string(),
        }),
    }
}

/// Resolves the configuration: flags win over environment, environment over the profile.
pub fn resolve(
    flags: &Flags,
    env: &dyn Fn(&str) -> Option<String>,
    file: &ConfigFile,
    file_path: &str,
) -> Result<Resolved, ConfigError> {
    let env = |k: &str| env(k).filter(|v| !v.is_empty());
    let (profile_name, profile) = select_profile(flags, &env, file, file_path)?;
    let kind = provider_kind(flags, &env, &profile, file_path)?;
    let model = flags
        .model
        .clone()
        .or_else(|| env("LOOP_MODEL"))
        .or(profile.model.clone())
        .ok_or_else(|| ConfigError::Invalid {
            field: "--model".into(),
            message: format!(
                "no model for provider {}: pass --model NAME, set LOOP_MODEL, or set `model` in a profile of {file_path}",
                kind.as_str()
            ),
        })?;
    let given_url = base_url(flags, &env, &profile)?;
    let api_key_env = flags
        .api_key_env
        .clone()
        .or(profile.api_key_env.clone())
        .unwrap_or_else(|| kind.default_key_env().to_string());
    let default_base_url = given_url.is_none();
    let base_url = given_url.unwrap_or_else(|| kind.default_base_url().to_string());
    let options = crate::openai::RequestOptions {
        max_output_tokens: max_output_tokens(flags, &profile)?,
        stream: flags.stream.or(profile.stream).unwrap_or(true),
        stream_options: profile.stream_options.unwrap_or(true),
        ..crate::openai::RequestOptions::for_base_url(&base_url)
    };
    Ok(Resolved {
        kind,
        model,
        default_base_url,
        base_url,
        api_key_env,
        pass_env: profile.pass_env.clone().unwrap_or_default(),
        context_window: profile.context_window,
        prices: profile.prices,
        context: ContextSettings {
            condenser: profile.condenser.clone(),
            mask_keep: profile.mask_keep,
            mask_batch: profile.mask_batch,
            summary_threshold: profile.summary_threshold,
            summary_keep: profile.summary_keep,
        },
        options,
        profile: profile_name,
    })
}

/// The profile (`--profile`, `LOOP_PROFILE`, the file's default) and its name; an empty
/// profile when none is named.
fn select_profile(
    flags: &Flags,
    env: &dyn Fn(&str) -> Option<String>,
    file: &ConfigFile,
    file_path: &str,
) -> Result<(Option<String>, Profile), ConfigError> {
    let name = flags
        .profile
        .clone()
        .or_else(|| env("LOOP_PROFILE"))
        .or_else(|| file.default.clone());
    let Some(n) = &name else {
        return Ok((None, Profile::default()));
    };
    let profile = file
        .profiles
        .get(n)
        .cloned()
        .ok_or_else(|| ConfigError::Invalid {
            field: "--profile".into(),
            message: format!(
                "no profile `{n}` in {file_path} (profiles: {})",
                file.profiles.keys().cloned().collect::<Vec<_>>().join(", ")
            ),
        })?;
    Ok((name, profile))
}

/// The provider (`--provider`, the profile, else guessed from the keys in the environment) and
/// the profile's `protocol`.
fn provider_kind(
    flags: &Flags,
    env: &dyn Fn(&str) -> Option<String>,
    profile: &Profile,
    file_path: &str,
) -> Result<ProviderKind, ConfigError> {
    let provider_name = flags
        .provider
        .clone()
        .or(profile.provider.clone())
        .or_else(|| {
            if env("OPENAI_API_KEY").is_some() {
                Some("openai".into())
            } else if env("ANTHROPIC_API_KEY").is_some() {
                Some("anthropic".into())
            } else if env("LOOP_BASE_URL").is_some() {
                Some("openai".into())
            } else {
                None
            }
        });
    let Some(provider_name) = provider_name else {
        return Err(ConfigError::NotConfigured(file_path.to_string()));
    };
    let kind = ProviderKind::parse(&provider_name).ok_or_else(|| ConfigError::Invalid {
        field: if flags.provider.is_some() {
            "--provider"
        } else {
            "provider"
        }
        .into(),
        message: format!("`{provider_name}` is not one of openai, anthropic, json"),
    })?;
    match profile.protocol.as_deref() {
        None | Some("native") => Ok(kind),
        Some("json") if kind != ProviderKind::Anthropic => Ok(ProviderKind::Json),
        Some("json") => Ok(kind),
        Some(other) => Err(ConfigError::Invalid {
            field: "protocol".into(),
            message: format!(
                "`{other}` is not native or json (json needs an OpenAI-compatible provider)"
            ),
        }),
    }
}

/// The base URL given by `--base-url`, `LOOP_BASE_URL` or the profile (none: the provider's
/// default); it must be http(s).
fn base_url(
    flags: &Flags,
    env: &dyn Fn(&str) -> Option<String>,
    profile: &Profile,
) -> Result<Option<String>, ConfigError> {
    let given = flags
        .base_url
        .clone()
        .or_else(|| env("LOOP_BASE_URL"))
        .or(profile.base_url.clone());
    if let Some(u) = &given
        && !(u.starts_with("http://") || u.starts_with("https://"))
    {
        return Err(ConfigError::Invalid {
            field: "--base-url".into(),
            message: format!("`{u}` must start with http:// or https://"),
        });
    }
    Ok(given)
}

fn max_output_tokens(flags: &Flags, profile: &Profile) -> Result<u64, ConfigError> {
    let (field, value) = match (flags.max_output_tokens, profile.max_output_tokens) {
        (Some(v), _) => ("--max-output-tokens", v),
        (None, Some(v)) => ("max_output_tokens", v),
        (None, None) => return Ok(crate::openai::DEFAULT_MAX_OUTPUT_TOKENS),
    };
    if value == 0 {
        return Err(ConfigError::Invalid {
            field: field.into(),
            message: "must be at least 1".into(),
        });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: BTreeMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn nothing_configured_points_at_demo() {
        let e = resolve(
            &Flags::default(),
            &env_of(&[]),
            &ConfigFile::default(),
            "cfg",
        )
        .unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("loop demo"), "{msg}");
        assert!(msg.contains("OPENAI_API_KEY"), "{msg}");
    }

    #[test]
    fn env_key_and_model_select_openai() {
        let r = resolve(
            &Flags::default(),
            &env_of(&[("OPENAI_API_KEY", "k"), ("LOOP_MODEL", "m")]),
            &ConfigFile::default(),
            "cfg",
        )
        .unwrap();
        assert_eq!(r.kind, ProviderKind::OpenAi);
        assert_eq!(r.model, "m");
        assert_eq!(r.api_key_env, "OPENAI_API_KEY");
        assert!(r.default_base_url);
    }

    #[test]
    fn profile_carries_context_settings() {
        let file: ConfigFile = toml::from_str(
            r#"default = "p"
            [profiles.p]
            provider = "openai"
            model = "m"
            condenser = "mask"
            mask_keep = 4
            mask_batch = 2
            summary_threshold = 0.6
            summary_keep = 6"#,
        )
        .unwrap();
        let r = resolve(&Flags::default(), &env_of(&[]), &file, "cfg").unwrap();
        assert_eq!(
            r.context,
            ContextSettings {
                condenser: Some("mask".into()),
                mask_keep: Some(4),
                mask_batch: Some(2),
                summary_threshold: Some(0.6),
                summary_keep: Some(6),
            }
        );
    }

    #[test]
    fn flags_beat_env_beat_profile() {
        let file: ConfigFile = toml::from_str(
            r#"default = "p"
            [profiles.p]
            provider = "openai"
            protocol = "json"
            model = "pm"
            base_url = "http://127.0.0.1:1/v1"
            api_key_env = "PK"
            prices = { input = 1.0, output = 2.0 }"#,
        )
        .unwrap();
        let r = resolve(
            &Flags::default(),
            &env_of(&[("LOOP_MODEL", "em")]),
            &file,
            "cfg",
        )
        .unwrap();
        assert_eq!(
            (r.kind, r.model.as_str(), r.api_key_env.as_str()),
            (ProviderKind::Json, "em", "PK")
        );
        assert!(!r.default_base_url);
        let flags = Flags {
            model: Some("fm".into()),
            api_key_env: Some("FK".into()),
            ..Flags::default()
        };
        let r = resolve(&flags, &env_of(&[("LOOP_MODEL", "em")]), &file, "cfg").unwrap();
        assert_eq!((r.model.as_str(), r.api_key_env.as_str()), ("fm", "FK"));
        assert_eq!(r.prices.unwrap().output, 2.0);
    }

    #[test]
    fn bad_values_name_the_field() {
        let flags = Flags {
            provider: Some("gemini".into()),
            model: Some("m".into()),
            ..Flags::default()
        };
        let e = resolve(&flags, &env_of(&[]), &ConfigFile::default(), "cfg").unwrap_err();
        assert!(e.to_string().starts_with("--provider"), "{e}");
        let flags = Flags {
            provider: Some("openai".into()),
            ..Flags::default()
        };
        let e = resolve(&flags, &env_of(&[]), &ConfigFile::default(), "cfg").unwrap_err();
        assert!(e.to_string().starts_with("--model"), "{e}");
        let flags = Flags {
            profile: Some("x".into()),
            ..Flags::default()
        };
        assert!(resolve(&flags, &env_of(&[]), &ConfigFile::default(), "cfg").is_err());
    }

    #[test]
    fn config_path_honours_xdg_then_home() {
        assert_eq!(
            config_path(&env_of(&[("XDG_CONFIG_HOME", "/x"), ("HOME", "/h")])),
            Some(PathBuf::from("/x/loopwright/config.toml"))
        );
        assert_eq!(
            config_path(&env_of(&[("HOME", "/h")])),
            Some(PathBuf::from("/h/.config/loopwright/config.toml"))
        );
    }

    #[test]
    fn output_bound_defaults_and_flag_beats_profile() {
        let file: ConfigFile = toml::from_str(
            "default = \"p\"\n[profiles.p]\nprovider = \"openai\"\nmodel = \"m\"\nmax_output_tokens = 512\nstream_options = false\n",
        )
        .unwrap();
        let r = resolve(&Flags::default(), &env_of(&[]), &file, "cfg").unwrap();
        assert_eq!(
            (
                r.options.max_output_tokens,
                r.options.stream,
                r.options.stream_options
            ),
            (512, true, false)
        );
        let flags = Flags {
            max_output_tokens: Some(64),
            stream: Some(false),
            ..Flags::default()
        };
        let r = resolve(&flags, &env_of(&[]), &file, "cfg").unwrap();
        assert_eq!((r.options.max_output_tokens, r.options.stream), (64, false));
        let r = resolve(
            &Flags {
                max_output_tokens: None,
                ..Flags::default()
            },
            &env_of(&[("OPENAI_API_KEY", "k"), ("LOOP_MODEL", "m")]),
            &ConfigFile::default(),
            "cfg",
        )
        .unwrap();
        assert_eq!(
            r.options.max_output_tokens,
            crate::openai::DEFAULT_MAX_OUTPUT_TOKENS
        );
        let zero = Flags {
            max_output_tokens: Some(0),
            ..Flags::default()
        };
        assert!(
            resolve(&zero, &env_of(&[]), &file, "cfg")
                .unwrap_err()
                .to_string()
                .starts_with("--max-output-tokens")
        );
    }
}

//! HTTP model providers for loopwright.
//!
//! Three implementations of the model seam's [`Provider`] trait (`loopwright-model`):
//! [`openai::OpenAiProvider`] (Chat Completions, for OpenAI and compatible servers),
//! [`anthropic::AnthropicProvider`] (Messages), and [`json_action::JsonActionProvider`] (a
//! JSON-action text protocol for models without native tool calling). All three send through
//! [`transport::Transport`], which retries rate limits, server errors, broken connections and
//! streams that end early, with backoff and jitter. [`config`] resolves which model to use from
//! flags, environment and profiles; [`from_env`] builds the provider in one call.
//!
//! A provider only returns a turn once it is complete, and each retry starts a fresh turn, so
//! a retried request never yields a tool call twice.

pub mod anthropic;
pub mod anthropic_stream;
pub mod chunks;
pub mod config;
pub mod json_action;
pub mod memory;
pub mod normalise;
pub mod openai;
pub mod sse;
pub mod transport;

use loopwright_model::Provider;

pub use config::{ConfigError, ContextSettings, Flags, ProviderKind, Resolved};
pub use loopwright_model::Prices;
pub use transport::{Pause, RealPause, RetryPolicy, Timeouts, Transport};

/// What is known of a server's JSON output modes before the run (`--provider json`).
#[derive(Default)]
pub struct JsonCapabilities {
    /// The mode to start with (the strongest, `json_schema`, when unknown).
    pub mode: Option<json_action::JsonMode>,
    /// Told each weaker mode the server falls back to.
    pub on_fallback: Option<json_action::FallbackHook>,
}

impl std::fmt::Debug for JsonCapabilities {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonCapabilities")
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

/// Builds the provider for a resolved configuration. The API key is read from the variable
/// `resolved.api_key_env`; it may be missing only for a non-default base URL (local servers).
pub fn build(
    resolved: &Resolved,
    env: &dyn Fn(&str) -> Option<String>,
    retry: RetryPolicy,
    timeouts: Timeouts,
    pause: Box<dyn Pause>,
) -> Result<Box<dyn Provider>, ConfigError> {
    build_with(
        resolved,
        env,
        (retry, timeouts, pause),
        JsonCapabilities::default(),
    )
}

/// [`build`], with what is known of the server's JSON modes.
pub fn build_with(
    resolved: &Resolved,
    env: &dyn Fn(&str) -> Option<String>,
    (retry, timeouts, pause): (RetryPolicy, Timeouts, Box<dyn Pause>),
    json: JsonCapabilities,
) -> Result<Box<dyn Provider>, ConfigError> {
    let api_key = env(&resolved.api_key_env).filter(|k| !k.is_empty());
    if api_key.is_none() && resolved.default_base_url {
        return Err(ConfigError::Invalid {
            field: resolved.api_key_env.clone(),
            message: format!(
                "not set; it must hold the API key for provider {} (choose another variable with --api-key-env)",
                resolved.kind.as_str()
            ),
        });
    }
    let endpoint = openai::Endpoint {
        base_url: resolved.base_url.clone(),
        model: resolved.model.clone(),
        key_env: Some(resolved.api_key_env.clone()),
        api_key,
    };
    let transport = Transport::new(retry, timeouts, pause).map_err(|e| ConfigError::Invalid {
        field: "transport".into(),
        message: e.to_string(),
    })?;
    let options = resolved.options;
    Ok(match resolved.kind {
        ProviderKind::OpenAi => {
            Box::new(openai::OpenAiProvider::new(endpoint, transport).with_options(options))
        }
        ProviderKind::Anthropic => {
            let mut p = anthropic::AnthropicProvider::new(endpoint, transport);
            p.max_tokens = options.max_output_tokens;
            p.stream = options.stream;
            Box::new(p)
        }
        ProviderKind::Json => {
            let mut p = json_action::JsonActionProvider::new(
                openai::OpenAiProvider::new(endpoint, transport).with_options(options),
                json.mode.unwrap_or(json_action::JsonMode::JsonSchema),
            );
            if let Some(hook) = json.on_fallback {
                p = p.with_fallback_hook(hook);
            }
            Box::new(p)
        }
    })
}

/// Resolves `flags` against the process environment and the config file, and builds the
/// provider with default retries and timeouts.
pub fn from_env(flags: &Flags) -> Result<(Resolved, Box<dyn Provider>), ConfigError> {
    from_env_with(flags, &mut |_| JsonCapabilities::default())
}

/// [`from_env`], asking `json_for` what is known of the resolved server's JSON modes.
pub fn from_env_with(
    flags: &Flags,
    json_for: &mut dyn FnMut(&Resolved) -> JsonCapabilities,
) -> Result<(Resolved, Box<dyn Provider>), ConfigError> {
    let env = |k: &str| std::env::var(k).ok();
    let path = config::config_path(&env);
    let (file, shown) = match &path {
        Some(p) => (config::load_file(p)?, p.display().to_string()),
        None => (
            config::ConfigFile::default(),
            "~/.config/loopwright/config.toml".to_string(),
        ),
    };
    let resolved = config::resolve(flags, &env, &file, &shown)?;
    let json = json_for(&resolved);
    let provider = build_with(
        &resolved,
        &env,
        (
            RetryPolicy::default(),
            Timeouts::default(),
            Box::new(RealPause),
        ),
        json,
    )?;
    Ok((resolved, provider))
}

/// The prices of a resolved configuration, for the agent's `--max-cost`.
pub fn agent_prices(resolved: &Resolved) -> Option<Prices> {
    resolved.prices
}

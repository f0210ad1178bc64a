//! `loop run`: what each model server accepts, remembered across runs.
//!
//! With `--provider json`, the first request asks for a `json_schema` reply format and falls
//! back to `json_object`, then to plain prompting, when the server rejects it (HTTP 400/422).
//! The mode the server ended up accepting is cached per base URL
//! ([`loopwright_store::CapabilityCache`], `~/.cache/loopwright/capabilities.json`), so later
//! runs start with it instead of paying a rejected request per weaker mode every time.
//! `LOOP_NO_CAPABILITY_CACHE=1` turns the cache off.

use loopwright_agent::Provider;
use loopwright_providers::json_action::JsonMode;
use loopwright_providers::{ConfigError, Flags, JsonCapabilities, ProviderKind, Resolved};
use loopwright_store::CapabilityCache;

/// The cache key of the JSON reply mode.
const JSON_MODE: &str = "json_mode";

/// [`loopwright_providers::from_env`], starting the JSON-action protocol with the mode cached
/// for the base URL and caching each fallback.
pub fn provider_from_env(flags: &Flags) -> Result<(Resolved, Box<dyn Provider>), ConfigError> {
    let env = |k: &str| std::env::var(k).ok();
    let off = env("LOOP_NO_CAPABILITY_CACHE").is_some_and(|v| !v.is_empty() && v != "0");
    let cache = CapabilityCache::default_path(&env)
        .filter(|_| !off)
        .map(CapabilityCache::new);
    loopwright_providers::from_env_with(flags, &mut |resolved| json_capabilities(resolved, &cache))
}

fn json_capabilities(resolved: &Resolved, cache: &Option<CapabilityCache>) -> JsonCapabilities {
    let Some(cache) = cache
        .clone()
        .filter(|_| resolved.kind == ProviderKind::Json)
    else {
        return JsonCapabilities::default();
    };
    let base = resolved.base_url.clone();
    let mode = cache
        .get(&base, JSON_MODE)
        .and_then(|m| JsonMode::parse(&m));
    JsonCapabilities {
        mode,
        on_fallback: Some(Box::new(move |m: JsonMode| {
            // The cache is an optimisation: a failed write costs one rejected request later.
            if let Err(e) = cache.set(&base, JSON_MODE, m.as_str()) {
                eprintln!("loop run: capability cache {}: {e}", cache.path().display());
            }
        })),
    }
}

//! What a model server was found to accept, cached per base URL across runs
//! (`$XDG_CACHE_HOME/loopwright/capabilities.json`, default `~/.cache/loopwright/…`), so a run
//! does not pay again for a request the server already rejected once (e.g. a `response_format`
//! mode llama.cpp or a gateway does not support).
//!
//! The file is `{"version": 1, "servers": {"<base url>": {"<key>": "<value>"}}}`. It is read as
//! hostile: a file that is too large, does not parse or has the wrong shape counts as empty,
//! and only string values are taken. Updates are read-modify-write under the file's lock and
//! written atomically.

use std::io;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::atomic::{with_lock, write_atomic};

/// Files larger than this are ignored (and replaced on the next update).
const MAX_BYTES: u64 = 1 << 20;
/// Longest base URL, key or value kept.
const MAX_FIELD: usize = 2048;

/// The capability cache file.
#[derive(Debug, Clone)]
pub struct CapabilityCache {
    path: PathBuf,
}

impl CapabilityCache {
    /// The cache at `path`.
    pub fn new(path: impl Into<PathBuf>) -> CapabilityCache {
        CapabilityCache { path: path.into() }
    }

    /// The default location: `$XDG_CACHE_HOME/loopwright/capabilities.json`, else
    /// `$HOME/.cache/loopwright/capabilities.json`; `None` without either variable.
    pub fn default_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
        Some(crate::paths::xdg_dir(env, "XDG_CACHE_HOME", ".cache")?.join("capabilities.json"))
    }

    /// Where the cache lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The value of `key` recorded for `base_url`, if any.
    pub fn get(&self, base_url: &str, key: &str) -> Option<String> {
        let servers = self.read();
        let v = servers.get(base_url)?.get(key)?.as_str()?;
        (v.len() <= MAX_FIELD).then(|| v.to_string())
    }

    /// Records `key = value` for `base_url` (other servers and keys kept).
    pub fn set(&self, base_url: &str, key: &str, value: &str) -> io::Result<()> {
        if [base_url, key, value].iter().any(|s| s.len() > MAX_FIELD) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "capability cache: base URL, key or value too long",
            ));
        }
        with_lock(&self.path, || {
            let mut servers = self.read();
            let entry = servers
                .entry(base_url.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            if !entry.is_object() {
                *entry = Value::Object(Map::new());
            }
            if let Some(o) = entry.as_object_mut() {
                o.insert(key.to_string(), Value::String(value.to_string()));
            }
            let doc = json!({"version": 1, "servers": servers});
            let mut bytes = serde_json::to_vec_pretty(&doc).map_err(io::Error::other)?;
            bytes.push(b'\n');
            write_atomic(&self.path, &bytes)
        })
    }

    fn read(&self) -> Map<String, Value> {
        let too_big = std::fs::metadata(&self.path).is_ok_and(|m| m.len() > MAX_BYTES);
        if too_big {
            return Map::new();
        }
        let Ok(text) = std::fs::read_to_string(&self.path) else {
            return Map::new();
        };
        match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(mut doc)) => match doc.remove("servers") {
                Some(Value::Object(s)) => s,
                _ => Map::new(),
            },
            _ => Map::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_per_base_url() {
        let dir = tempfile::tempdir().unwrap();
        let c = CapabilityCache::new(dir.path().join("c/capabilities.json"));
        assert_eq!(c.get("http://a/v1", "json_mode"), None);
        c.set("http://a/v1", "json_mode", "json_object").unwrap();
        c.set("http://b/v1", "json_mode", "off").unwrap();
        c.set("http://a/v1", "other", "x").unwrap();
        assert_eq!(
            c.get("http://a/v1", "json_mode").as_deref(),
            Some("json_object")
        );
        assert_eq!(c.get("http://b/v1", "json_mode").as_deref(), Some("off"));
        assert_eq!(c.get("http://a/v1", "other").as_deref(), Some("x"));
    }

    #[test]
    fn a_broken_file_counts_as_empty_and_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("capabilities.json");
        for bad in [
            "not json",
            "[1]",
            r#"{"servers": 3}"#,
            r#"{"servers": {"u": {"k": 5}}}"#,
        ] {
            std::fs::write(&p, bad).unwrap();
            let c = CapabilityCache::new(&p);
            assert_eq!(c.get("u", "k"), None, "{bad}");
            c.set("u", "k", "v").unwrap();
            assert_eq!(c.get("u", "k").as_deref(), Some("v"));
        }
    }

    #[test]
    fn default_path_prefers_xdg_cache_home() {
        let env = |k: &str| match k {
            "XDG_CACHE_HOME" => Some("/x".to_string()),
            "HOME" => Some("/h".to_string()),
            _ => None,
        };
        assert_eq!(
            CapabilityCache::default_path(&env),
            Some(PathBuf::from("/x/loopwright/capabilities.json"))
        );
        let home = |k: &str| (k == "HOME").then(|| "/h".to_string());
        assert_eq!(
            CapabilityCache::default_path(&home),
            Some(PathBuf::from("/h/.cache/loopwright/capabilities.json"))
        );
        assert_eq!(CapabilityCache::default_path(&|_| None), None);
    }
}

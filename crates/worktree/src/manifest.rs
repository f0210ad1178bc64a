//! The manifest `.loop-worktrees/manifest.json`: `{ "version": 1, "worktrees": [entry...] }`.
//! Plain data and its (de)serialisation; reading and writing it is [`crate::worktrees`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::Error;

/// The folder (relative to the root) that holds worktrees, the manifest and the locks.
pub const MANIFEST_DIR: &str = ".loop-worktrees";
/// The manifest's path relative to the root.
pub const MANIFEST_FILE: &str = ".loop-worktrees/manifest.json";

/// Where a worktree's attempt stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Being worked on; never swept automatically.
    Active,
    /// The verifier rejected it.
    Rejected,
    /// A human was asked.
    Escalated,
    /// Its work was merged.
    Merged,
    /// Abandoned.
    Stale,
}

impl Status {
    /// Every status, in the reference's order.
    pub const ALL: [Status; 5] = [
        Status::Active,
        Status::Rejected,
        Status::Escalated,
        Status::Merged,
        Status::Stale,
    ];
    /// What `cleanup` sweeps when no `--status` is given.
    pub const CLEANUP_DEFAULT: [Status; 2] = [Status::Rejected, Status::Escalated];

    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Rejected => "rejected",
            Status::Escalated => "escalated",
            Status::Merged => "merged",
            Status::Stale => "stale",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Status {
    type Err = Error;

    fn from_str(s: &str) -> Result<Status, Error> {
        Status::ALL
            .into_iter()
            .find(|st| st.as_str() == s.trim())
            .ok_or_else(|| {
                let all: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
                Error::Invalid(format!(
                    "Invalid status \"{}\". Use one of: {}.",
                    s.trim(),
                    all.join(", ")
                ))
            })
    }
}

/// One tracked worktree, field for field the reference's entry (extra fields are kept).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// The run id.
    pub id: String,
    /// Its directory relative to the root (`.loop-worktrees/<id>`).
    pub path: String,
    /// Its branch (`loop/<id>`).
    pub branch: String,
    /// The branch (or commit) it was created from.
    pub base_branch: String,
    /// The loop pattern that owns it.
    pub pattern: String,
    /// When it was created (ISO 8601, UTC, milliseconds).
    pub created_at: String,
    /// Where the attempt stands.
    pub status: Status,
    /// The commit it was created from (ours; absent in entries the reference wrote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_commit: Option<String>,
    /// Fields other tools added, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The whole manifest.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Manifest {
    /// Tracked worktrees, oldest first.
    pub worktrees: Vec<Entry>,
}

impl Manifest {
    /// Parses manifest text; errors name the entry and field.
    pub fn parse(text: &str) -> Result<Manifest, Error> {
        let invalid = || {
            Error::Corrupt(format!(
                "Invalid manifest at {MANIFEST_FILE}: expected {{ version: 1, worktrees: [] }}."
            ))
        };
        let v: Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| {
            Error::Corrupt(format!(
                "Invalid manifest at {MANIFEST_FILE}: not JSON ({e})."
            ))
        })?;
        let version_ok = v.get("version").and_then(Value::as_f64) == Some(1.0);
        let Some(list) = v
            .get("worktrees")
            .and_then(Value::as_array)
            .filter(|_| version_ok)
        else {
            return Err(invalid());
        };
        let mut worktrees = Vec::with_capacity(list.len());
        for (i, item) in list.iter().enumerate() {
            let entry: Entry = serde_json::from_value(item.clone()).map_err(|e| {
                Error::Corrupt(format!(
                    "Invalid manifest at {MANIFEST_FILE}: worktrees[{i}]: {e}."
                ))
            })?;
            worktrees.push(entry);
        }
        Ok(Manifest { worktrees })
    }

    /// The manifest text: two-space indentation and a final newline, like the reference.
    pub fn to_text(&self) -> String {
        let doc = serde_json::json!({ "version": 1, "worktrees": self.worktrees });
        let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
        s.push('\n');
        s
    }

    /// The entry with run id `id`.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.worktrees.iter().find(|w| w.id == id)
    }
}

/// A non-empty name of at most 200 bytes made of letters, digits, `.`, `_` and `-`.
pub(crate) fn is_plain_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 200
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// `Ok` when `name` is a plain name ([`is_plain_name`]) that its own rule (`also`) accepts too,
/// else [`Error::Invalid`] with the text `why` gives.
pub(crate) fn check_name(
    name: &str,
    also: bool,
    why: impl FnOnce() -> String,
) -> Result<(), Error> {
    if is_plain_name(name) && also {
        Ok(())
    } else {
        Err(Error::Invalid(why()))
    }
}

/// Checks a run id: it names a directory and a branch, so only letters, digits, `.`, `_`, `-`,
/// not starting with `.` or `-`, no `..`, not ending in `.lock`, at most 200 bytes.
pub fn validate_run_id(id: &str) -> Result<(), Error> {
    let also = !id.starts_with(['.', '-']) && !id.contains("..") && !id.ends_with(".lock");
    check_name(id, also, || {
        format!(
            "Invalid --run-id \"{id}\". Use letters, digits, \".\", \"_\", \"-\" (not starting with \".\" or \"-\", no \"..\")."
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_keeps_unknown_fields() {
        let text = r#"{
  "version": 1,
  "worktrees": [
    {
      "id": "a",
      "path": ".loop-worktrees/a",
      "branch": "loop/a",
      "baseBranch": "main",
      "pattern": "p",
      "createdAt": "2026-07-07T08:00:00.000Z",
      "status": "active",
      "note": "kept"
    }
  ]
}
"#;
        let m = Manifest::parse(text).unwrap();
        assert_eq!(m.worktrees[0].extra["note"], "kept");
        assert_eq!(m.to_text(), text);
    }

    #[test]
    fn rejects_bad_documents_naming_the_entry() {
        assert!(Manifest::parse("{\"version\":2,\"worktrees\":[]}").is_err());
        assert!(Manifest::parse("[]").is_err());
        let e = Manifest::parse(r#"{"version":1,"worktrees":[{"id":"a"}]}"#).unwrap_err();
        assert!(e.to_string().contains("worktrees[0]"), "{e}");
        let e = Manifest::parse(
            r#"{"version":1,"worktrees":[{"id":"a","path":"p","branch":"b","baseBranch":"m","pattern":"p","createdAt":"x","status":"done"}]}"#,
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("status") || e.to_string().contains("done"),
            "{e}"
        );
    }

    #[test]
    fn run_ids() {
        for ok in ["ci-sweeper-2026-07-07-01", "a.b_c"] {
            validate_run_id(ok).unwrap();
        }
        for bad in ["", "../x", "a/b", ".hidden", "-x", "a..b", "x.lock", "a b"] {
            assert!(validate_run_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn statuses() {
        assert_eq!("merged".parse::<Status>().unwrap(), Status::Merged);
        let e = "bogus".parse::<Status>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "Invalid status \"bogus\". Use one of: active, rejected, escalated, merged, stale."
        );
    }
}

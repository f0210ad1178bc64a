//! Ledgers in a PostgreSQL store: `--ledger pg:NAME` with `--store URL` or `LOOP_STORE_URL`.
//! The ledger is rebuilt as the JSON text a file would hold, so every output is the file's.

use loopwright_protocol::json::{self, Object, Value};
use loopwright_protocol::ledger::Ledger;
use loopwright_store::ledger_file::NewAttempt;
use loopwright_store_pg::PgStore;

/// The prefix of a ledger kept in the store.
const PREFIX: &str = "pg:";

/// The ledger name of `--ledger pg:NAME`.
pub fn name(ledger: &str) -> Option<&str> {
    ledger.strip_prefix(PREFIX)
}

fn connect(store: Option<&str>) -> Result<PgStore, String> {
    let url = crate::commands::store_url::resolve(store).ok_or_else(|| {
        "--ledger pg:NAME needs a store: pass --store postgres://... or set LOOP_STORE_URL."
            .to_owned()
    })?;
    PgStore::connect(&url).map_err(|e| e.to_string())
}

/// The ledger's text as a file would hold it.
pub fn load(name: &str, store: Option<&str>) -> Result<String, String> {
    let s = connect(store)?;
    let (head, attempts) = s
        .load_ledger(name)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| {
            format!(
                "cannot read ledger pg:{name}: no such ledger in {}",
                s.display()
            )
        })?;
    Ok(assemble(&head, &attempts))
}

fn assemble(head: &str, attempts: &[String]) -> String {
    let body = head.trim_end().strip_suffix('}').unwrap_or("{").trim_end();
    let sep = if body.ends_with('{') { "" } else { "," };
    format!("{body}{sep}\"attempts\":[{}]}}", attempts.join(","))
}

/// Appends `attempt` as the next iteration (created with `goal` when missing) and returns the
/// ledger after it.
pub fn append(
    name: &str,
    store: Option<&str>,
    goal: Option<&str>,
    started_at: &str,
    attempt: &NewAttempt,
) -> Result<Ledger, String> {
    let s = connect(store)?;
    let head = goal.map(|g| {
        let mut top = Object::new();
        top.insert("goal", Value::String(g.to_owned()));
        top.insert("startedAt", Value::String(started_at.to_owned()));
        json::to_string_compact(&Value::Object(top))
    });
    let make = |iteration: i64| {
        let n = usize::try_from(iteration).unwrap_or(0);
        json::to_string_compact(&Value::Object(attempt.entry(n)))
    };
    s.append_attempt(name, head.as_deref(), &make)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| {
            format!(
                "ledger pg:{name} does not exist in {}; pass --goal to create it",
                s.display()
            )
        })?;
    let text = load(name, store)?;
    let value = json::parse(&text).map_err(|e| format!("ledger pg:{name}: {e}"))?;
    Ledger::from_owned(value).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rebuilds_the_document() {
        assert_eq!(assemble("{}", &[]), r#"{"attempts":[]}"#);
        assert_eq!(
            assemble(r#"{"goal":"g"}"#, &["{\"a\":1}".into(), "{}".into()]),
            r#"{"goal":"g","attempts":[{"a":1},{}]}"#
        );
    }
}

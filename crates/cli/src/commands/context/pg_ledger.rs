//! Ledgers and daily spend in a PostgreSQL store: `--ledger pg:NAME`, and the daily budget's
//! spend, with `--store URL` or `LOOP_STORE_URL`. A ledger is rebuilt as the JSON text a file
//! would hold, so every output is the file's.

use loopwright_context_cmd::{DailyRecord, Postgres, StoreError};
use loopwright_protocol::json::{self, Object, Value};
use loopwright_protocol::ledger::Ledger;
use loopwright_store::daily::AttemptSpend;
use loopwright_store::ledger_file::NewAttempt;
use loopwright_store_pg::PgStore;

/// `loop context`'s database store: connects on each call that needs it.
pub struct Store;

fn fail(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

fn connect(store: Option<&str>) -> Result<PgStore, StoreError> {
    let url = crate::commands::store_url::resolve(store).ok_or_else(|| {
        StoreError(
            "--ledger pg:NAME needs a store: pass --store postgres://... or set LOOP_STORE_URL."
                .to_owned(),
        )
    })?;
    PgStore::connect(&url).map_err(fail)
}

fn assemble(head: &str, attempts: &[String]) -> String {
    let body = head.trim_end().strip_suffix('}').unwrap_or("{").trim_end();
    let sep = if body.ends_with('{') { "" } else { "," };
    format!("{body}{sep}\"attempts\":[{}]}}", attempts.join(","))
}

impl Postgres for Store {
    fn load_ledger(&self, name: &str, store: Option<&str>) -> Result<String, StoreError> {
        let s = connect(store)?;
        let (head, attempts) = s.load_ledger(name).map_err(fail)?.ok_or_else(|| {
            StoreError(format!(
                "cannot read ledger pg:{name}: no such ledger in {}",
                s.display()
            ))
        })?;
        Ok(assemble(&head, &attempts))
    }

    fn append_attempt(
        &self,
        name: &str,
        store: Option<&str>,
        goal: Option<&str>,
        started_at: &str,
        attempt: &NewAttempt,
    ) -> Result<Ledger, StoreError> {
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
            .map_err(fail)?
            .ok_or_else(|| {
                StoreError(format!(
                    "ledger pg:{name} does not exist in {}; pass --goal to create it",
                    s.display()
                ))
            })?;
        let text = self.load_ledger(name, store)?;
        let value = json::parse(&text).map_err(|e| StoreError(format!("ledger pg:{name}: {e}")))?;
        Ledger::from_owned(value).map_err(fail)
    }

    fn record_daily(
        &self,
        store: Option<&str>,
        pattern: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
        cap: f64,
    ) -> Result<Option<DailyRecord>, StoreError> {
        let Some(url) = crate::commands::store_url::resolve(store) else {
            return Ok(None);
        };
        let s = PgStore::connect(&url).map_err(fail)?;
        let recorded = s
            .record(pattern, ledger_key, attempts, Some(cap))
            .map_err(fail)?;
        let extension = s.extension_today(pattern).map_err(fail)?;
        Ok(Some(DailyRecord {
            recorded,
            extension,
        }))
    }
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

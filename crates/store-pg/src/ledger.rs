//! Loop ledgers as rows (`--ledger pg:NAME`): the document without its attempts (`head`) and
//! one row per attempt, numbered. Appending an attempt is one insert under the ledger's row lock;
//! reading rebuilds the JSON document the file backend would hold.

use crate::{PgError, PgStore};

/// Ledger names: ASCII letters, digits, `.`, `_`, `-` (at most 128).
fn valid(name: &str) -> bool {
    loopwright_store::daily::validate_pattern_id(name).is_ok()
}

impl PgStore {
    fn check_ledger_name(&self, name: &str) -> Result<(), PgError> {
        if valid(name) {
            Ok(())
        } else {
            Err(self.invalid(format!(
                "ledger name {name:?}: use ASCII letters, digits, '.', '_' and '-', starting with a letter or digit"
            )))
        }
    }

    /// The ledger `name` as `(head, attempts)`: `head` is the document's JSON object without
    /// `attempts`, each attempt its JSON text; `None` when there is no such ledger.
    ///
    /// # Errors
    /// A bad name or a database error.
    pub fn load_ledger(&self, name: &str) -> Result<Option<(String, Vec<String>)>, PgError> {
        self.check_ledger_name(name)?;
        let fleet = self.fleet();
        let mut c = self.client()?;
        let mut tx = c.transaction().map_err(|e| self.db(e))?;
        let head = tx
            .query_opt(
                "SELECT head FROM loop_ledgers WHERE fleet = $1 AND name = $2",
                &[&fleet, &name],
            )
            .map_err(|e| self.db(e))?;
        let Some(head) = head else {
            return Ok(None);
        };
        let attempts = tx
            .query(
                "SELECT attempt FROM loop_ledger_attempts WHERE fleet = $1 AND name = $2 ORDER BY seq",
                &[&fleet, &name],
            )
            .map_err(|e| self.db(e))?
            .iter()
            .map(|r| r.get(0))
            .collect();
        tx.commit().map_err(|e| self.db(e))?;
        Ok(Some((head.get(0), attempts)))
    }

    /// Appends the attempt `make(position)` (its JSON text, given its 1-based position) to
    /// ledger `name`, creating the ledger with `head` when missing; `None` when the ledger does
    /// not exist and no `head` is given (nothing is written).
    ///
    /// # Errors
    /// A bad name or a database error.
    pub fn append_attempt(
        &self,
        name: &str,
        head: Option<&str>,
        make: &dyn Fn(i64) -> String,
    ) -> Result<Option<i64>, PgError> {
        self.check_ledger_name(name)?;
        let fleet = self.fleet();
        let mut c = self.client()?;
        let mut tx = c.transaction().map_err(|e| self.db(e))?;
        let run = |tx: &mut postgres::Transaction<'_>| -> Result<Option<i64>, postgres::Error> {
            if let Some(head) = head {
                tx.execute(
                    "INSERT INTO loop_ledgers (fleet, name, head) VALUES ($1, $2, $3)
                     ON CONFLICT (fleet, name) DO NOTHING",
                    &[&fleet, &name, &head],
                )?;
            }
            let exists = tx.query_opt(
                "SELECT 1 FROM loop_ledgers WHERE fleet = $1 AND name = $2 FOR UPDATE",
                &[&fleet, &name],
            )?;
            if exists.is_none() {
                return Ok(None);
            }
            let seq: i64 = tx
                .query_one(
                    "SELECT coalesce(max(seq), 0) + 1 FROM loop_ledger_attempts
                      WHERE fleet = $1 AND name = $2",
                    &[&fleet, &name],
                )?
                .get(0);
            tx.execute(
                "INSERT INTO loop_ledger_attempts (fleet, name, seq, attempt) VALUES ($1, $2, $3, $4)",
                &[&fleet, &name, &seq, &make(seq)],
            )?;
            Ok(Some(seq))
        };
        let seq = run(&mut tx).map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))?;
        Ok(seq)
    }
}

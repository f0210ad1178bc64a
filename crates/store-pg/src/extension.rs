//! Budget extensions of a pattern's daily cap: requested by a loop (one a day per pattern),
//! approved or refused by a person; approved ones raise today's cap in [`PgStore::reserve`] and
//! the checks of `loop context`. Every request and decision is a row, kept.

use crate::{PgError, PgStore};

/// One extension request.
#[derive(Debug, Clone, PartialEq)]
pub struct Extension {
    /// Its id.
    pub id: i64,
    /// The pattern.
    pub pattern: String,
    /// The UTC day (server clock) it applies to.
    pub day: String,
    /// Tokens it adds.
    pub amount: f64,
    /// Why it was asked for.
    pub reason: String,
    /// `requested`, `approved` or `refused`.
    pub state: String,
}

const COLUMNS: &str = "id, pattern, day::text, amount, reason, state";

fn row(r: &postgres::Row) -> Extension {
    Extension {
        id: r.get(0),
        pattern: r.get(1),
        day: r.get(2),
        amount: r.get(3),
        reason: r.get(4),
        state: r.get(5),
    }
}

impl PgStore {
    /// Records a request for `amount` more tokens today for `pattern`; refused (an error) when
    /// the pattern already has a request today that was not refused.
    ///
    /// # Errors
    /// A second request today, a bad amount, or a database error.
    pub fn request_extension(
        &self,
        pattern: &str,
        amount: f64,
        reason: &str,
        by: &str,
    ) -> Result<Extension, PgError> {
        if !(amount.is_finite() && amount > 0.0) {
            return Err(self.invalid(format!("extension of {amount} tokens: must be > 0")));
        }
        let mut c = self.client()?;
        let r = c
            .query_opt(
                &format!(
                    "INSERT INTO loop_budget_extensions (fleet, pattern, day, amount, reason, requested_by)
                     VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date, $3, $4, $5)
                     ON CONFLICT DO NOTHING RETURNING {COLUMNS}"
                ),
                &[&self.fleet(), &pattern, &amount, &reason, &by],
            )
            .map_err(|e| self.db(e))?;
        r.as_ref().map(row).ok_or_else(|| {
            self.invalid(format!(
                "pattern {pattern:?} already has an extension request today (one a day)"
            ))
        })
    }

    /// Approves (`approve`) or refuses request `id`; only a pending request can be decided.
    ///
    /// # Errors
    /// No pending request `id`, or a database error.
    pub fn decide_extension(&self, id: i64, approve: bool, by: &str) -> Result<Extension, PgError> {
        let state = if approve { "approved" } else { "refused" };
        let mut c = self.client()?;
        let r = c
            .query_opt(
                &format!(
                    "UPDATE loop_budget_extensions SET state = $3, decided_by = $4, decided_at = now()
                      WHERE id = $1 AND fleet = $2 AND state = 'requested' RETURNING {COLUMNS}"
                ),
                &[&id, &self.fleet(), &state, &by],
            )
            .map_err(|e| self.db(e))?;
        r.as_ref()
            .map(row)
            .ok_or_else(|| self.invalid(format!("no pending extension request {id}")))
    }

    /// Every request of today, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub fn extensions_today(&self) -> Result<Vec<Extension>, PgError> {
        let mut c = self.client()?;
        let rows = c
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM loop_budget_extensions
                      WHERE fleet = $1 AND day = (now() AT TIME ZONE 'UTC')::date ORDER BY id"
                ),
                &[&self.fleet()],
            )
            .map_err(|e| self.db(e))?;
        Ok(rows.iter().map(row).collect())
    }
}

//! The daily spend of a pattern, shared by every loop of a fleet.
//!
//! One row per (fleet, pattern, UTC day) holds `spent` and `reserved`; the day is computed by the
//! server (`now()` in UTC, fixed for a transaction), never by a worker's clock. Every change
//! locks that row first, which serialises the fleet:
//!
//! - [`PgStore::record`] (`loop context --check`): adds the ledger's attempts not counted yet
//!   (the same marks as the file store: count and fingerprint of the last counted attempt), in
//!   one transaction with the marks, so a check killed at any point adds all or nothing and a
//!   re-check adds what is missing.
//! - [`PgStore::reserve`] / [`PgStore::settle`]: before an action, a guarded
//!   `UPDATE … WHERE spent + reserved + amount <= cap RETURNING`; after it, the reservation is
//!   replaced by what was spent. A reservation never settled expires and is swept: it stops
//!   holding budget and is never counted as spent.

use loopwright_store::daily::{AttemptSpend, Recorded, validate_pattern_id};
use postgres::Transaction;

use crate::{PgError, PgStore};

/// Today's row of a pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct DayStatus {
    /// The pattern id.
    pub pattern: String,
    /// The UTC day (server clock), `YYYY-MM-DD`.
    pub day: String,
    /// Tokens spent.
    pub spent: f64,
    /// Tokens held by open reservations.
    pub reserved: f64,
    /// The cap last used with this row (the pattern's daily cap), if any.
    pub cap: Option<f64>,
    /// Tokens added by approved extensions today.
    pub extension: f64,
    /// Open reservations.
    pub open_reservations: i64,
}

/// The answer of [`PgStore::reserve`].
#[derive(Debug, Clone, PartialEq)]
pub enum Reservation {
    /// Granted: settle it with this id.
    Granted {
        /// The reservation id.
        id: i64,
        /// Spent + reserved after it.
        committed: f64,
    },
    /// Refused: it would pass the cap.
    Denied {
        /// Tokens spent today.
        spent: f64,
        /// Tokens reserved today.
        reserved: f64,
        /// The cap, extensions included.
        cap: f64,
    },
}

/// The `date` of the server's current UTC day.
const TODAY: &str = "(now() AT TIME ZONE 'UTC')::date";

impl PgStore {
    /// Adds the attempts of `ledger_key` not counted yet to today's spend of `pattern` and
    /// returns today's total. `cap` is stored with the row for `loop budget status`.
    ///
    /// # Errors
    /// A bad pattern id or token count (nothing is written), or a database error.
    pub fn record(
        &self,
        pattern: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
        cap: Option<f64>,
    ) -> Result<Recorded, PgError> {
        validate_pattern_id(pattern).map_err(|e| self.invalid(e.to_string()))?;
        if let Some((i, a)) = attempts
            .iter()
            .enumerate()
            .find(|(_, a)| !a.tokens.is_finite() || a.tokens < 0.0)
        {
            return Err(self.invalid(format!(
                "attempt #{} has an invalid token count {} (must be a finite number >= 0)",
                i + 1,
                a.tokens
            )));
        }
        let mut c = self.client()?;
        let mut tx = c.transaction().map_err(|e| self.db(e))?;
        let r = self
            .record_in(&mut tx, pattern, ledger_key, attempts, cap)
            .map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))?;
        Ok(r)
    }

    fn record_in(
        &self,
        tx: &mut Transaction<'_>,
        pattern: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
        cap: Option<f64>,
    ) -> Result<Recorded, postgres::Error> {
        let fleet = self.fleet();
        lock_today(tx, fleet, pattern, cap)?;
        sweep(tx, fleet, pattern)?;
        let mark = tx.query_opt(
            "SELECT counted, last_fp FROM loop_daily_marks
              WHERE fleet = $1 AND pattern = $2 AND ledger_key = $3",
            &[&fleet, &pattern, &ledger_key],
        )?;
        let start = mark
            .and_then(|row| {
                let counted = usize::try_from(row.get::<_, i64>(0)).ok()?;
                let last = u64::from_str_radix(row.get::<_, &str>(1), 16).ok()?;
                let same = counted <= attempts.len()
                    && (counted == 0 || attempts[counted - 1].fingerprint == last);
                same.then_some(counted)
            })
            .unwrap_or(0);
        let fresh = &attempts[start..];
        let added: f64 = fresh.iter().map(|a| a.tokens).sum();
        let total: f64 = tx
            .query_one(
                &format!(
                    "UPDATE loop_daily_spend SET spent = spent + $3
                      WHERE fleet = $1 AND pattern = $2 AND day = {TODAY} RETURNING spent"
                ),
                &[&fleet, &pattern, &added],
            )?
            .get(0);
        let last = format!("{:016x}", attempts.last().map_or(0, |a| a.fingerprint));
        let counted = i64::try_from(attempts.len()).unwrap_or(i64::MAX);
        tx.execute(
            &format!(
                "INSERT INTO loop_daily_marks (fleet, pattern, ledger_key, counted, last_fp, seen)
                 VALUES ($1, $2, $3, $4, $5, {TODAY})
                 ON CONFLICT (fleet, pattern, ledger_key)
                 DO UPDATE SET counted = $4, last_fp = $5, seen = {TODAY}"
            ),
            &[&fleet, &pattern, &ledger_key, &counted, &last],
        )?;
        Ok(Recorded {
            total,
            added,
            new_attempts: fresh.len(),
        })
    }

    /// Reserves `amount` tokens of today's budget of `pattern` for `ttl_s` seconds, if spent +
    /// reserved + amount stays within `cap` plus today's approved extensions.
    ///
    /// # Errors
    /// A bad pattern id or amount, or a database error.
    pub fn reserve(
        &self,
        pattern: &str,
        amount: f64,
        cap: f64,
        ttl_s: f64,
    ) -> Result<Reservation, PgError> {
        validate_pattern_id(pattern).map_err(|e| self.invalid(e.to_string()))?;
        if !(amount.is_finite() && amount >= 0.0 && ttl_s.is_finite() && ttl_s > 0.0) {
            return Err(self.invalid(format!(
                "reservation of {amount} tokens for {ttl_s} s: both must be finite, the amount >= 0 and the time > 0"
            )));
        }
        let fleet = self.fleet();
        let mut c = self.client()?;
        let mut tx = c.transaction().map_err(|e| self.db(e))?;
        let run = |tx: &mut Transaction<'_>| -> Result<Reservation, postgres::Error> {
            lock_today(tx, fleet, pattern, Some(cap))?;
            sweep(tx, fleet, pattern)?;
            let limit = cap + extension_today(tx, fleet, pattern)?;
            let granted = tx.query_opt(
                &format!(
                    "UPDATE loop_daily_spend SET reserved = reserved + $3
                      WHERE fleet = $1 AND pattern = $2 AND day = {TODAY}
                        AND spent + reserved + $3 <= $4
                  RETURNING spent + reserved"
                ),
                &[&fleet, &pattern, &amount, &limit],
            )?;
            let Some(row) = granted else {
                let row = tx.query_one(
                    &format!(
                        "SELECT spent, reserved FROM loop_daily_spend
                          WHERE fleet = $1 AND pattern = $2 AND day = {TODAY}"
                    ),
                    &[&fleet, &pattern],
                )?;
                return Ok(Reservation::Denied {
                    spent: row.get(0),
                    reserved: row.get(1),
                    cap: limit,
                });
            };
            let id: i64 = tx
                .query_one(
                    &format!(
                        "INSERT INTO loop_daily_reservations (fleet, pattern, day, amount, expires_at)
                         VALUES ($1, $2, {TODAY}, $3, now() + make_interval(secs => $4))
                         RETURNING id"
                    ),
                    &[&fleet, &pattern, &amount, &ttl_s],
                )?
                .get(0);
            Ok(Reservation::Granted {
                id,
                committed: row.get(0),
            })
        };
        let r = run(&mut tx).map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))?;
        Ok(r)
    }

    /// Settles reservation `id` with the tokens `actual` really spent: an open one stops holding
    /// budget and `actual` is added to the day it was taken on; an expired one (swept) only adds
    /// `actual`; settling again changes nothing. Returns whether this call settled it.
    ///
    /// # Errors
    /// An unknown id, a bad amount, or a database error.
    pub fn settle(&self, id: i64, actual: f64) -> Result<bool, PgError> {
        if !(actual.is_finite() && actual >= 0.0) {
            return Err(self.invalid(format!(
                "settled amount {actual}: must be a finite number >= 0"
            )));
        }
        let fleet = self.fleet();
        let mut c = self.client()?;
        let mut tx = c.transaction().map_err(|e| self.db(e))?;
        let row = tx
            .query_opt(
                "SELECT pattern, day::text, amount, state FROM loop_daily_reservations
                  WHERE id = $1 AND fleet = $2",
                &[&id, &fleet],
            )
            .map_err(|e| self.db(e))?
            .ok_or_else(|| self.invalid(format!("no reservation {id} in fleet {fleet:?}")))?;
        let (pattern, day, amount, state): (String, String, f64, String) =
            (row.get(0), row.get(1), row.get(2), row.get(3));
        let run = |tx: &mut Transaction<'_>| -> Result<bool, postgres::Error> {
            // The spend row first (the lock order of every change), then the reservation again.
            tx.execute(
                "SELECT 1 FROM loop_daily_spend
                  WHERE fleet = $1 AND pattern = $2 AND day = $3::text::date FOR UPDATE",
                &[&fleet, &pattern, &day],
            )?;
            let state: String = tx
                .query_one(
                    "SELECT state FROM loop_daily_reservations WHERE id = $1 FOR UPDATE",
                    &[&id],
                )?
                .get(0);
            if state == "settled" {
                return Ok(false);
            }
            let release = if state == "open" { amount } else { 0.0 };
            tx.execute(
                "UPDATE loop_daily_spend
                    SET spent = spent + $4, reserved = greatest(reserved - $5, 0)
                  WHERE fleet = $1 AND pattern = $2 AND day = $3::text::date",
                &[&fleet, &pattern, &day, &actual, &release],
            )?;
            tx.execute(
                "UPDATE loop_daily_reservations SET state = 'settled', actual = $2 WHERE id = $1",
                &[&id, &actual],
            )?;
            Ok(true)
        };
        let _ = state;
        let settled = run(&mut tx).map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))?;
        Ok(settled)
    }

    /// Today's rows (every pattern, or only `pattern`), sweeping expired reservations first.
    ///
    /// # Errors
    /// A database error.
    pub fn status(&self, pattern: Option<&str>) -> Result<Vec<DayStatus>, PgError> {
        let fleet = self.fleet();
        let mut c = self.client()?;
        let mut tx = c.transaction().map_err(|e| self.db(e))?;
        let run = |tx: &mut Transaction<'_>| -> Result<Vec<DayStatus>, postgres::Error> {
            let rows = tx.query(
                &format!(
                    "SELECT s.pattern, s.day::text, s.spent, s.reserved, s.cap,
                            coalesce((SELECT sum(e.amount) FROM loop_budget_extensions e
                                       WHERE e.fleet = s.fleet AND e.pattern = s.pattern
                                         AND e.day = s.day AND e.state = 'approved'), 0),
                            (SELECT count(*) FROM loop_daily_reservations r
                              WHERE r.fleet = s.fleet AND r.pattern = s.pattern
                                AND r.day = s.day AND r.state = 'open')
                       FROM loop_daily_spend s
                      WHERE s.fleet = $1 AND s.day = {TODAY} AND ($2::text IS NULL OR s.pattern = $2)
                      ORDER BY s.pattern"
                ),
                &[&fleet, &pattern],
            )?;
            Ok(rows
                .iter()
                .map(|r| DayStatus {
                    pattern: r.get(0),
                    day: r.get(1),
                    spent: r.get(2),
                    reserved: r.get(3),
                    cap: r.get(4),
                    extension: r.get(5),
                    open_reservations: r.get(6),
                })
                .collect())
        };
        for p in self.patterns_today(&mut tx, pattern)? {
            sweep(&mut tx, fleet, &p).map_err(|e| self.db(e))?;
        }
        let out = run(&mut tx).map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))?;
        Ok(out)
    }

    fn patterns_today(
        &self,
        tx: &mut Transaction<'_>,
        pattern: Option<&str>,
    ) -> Result<Vec<String>, PgError> {
        let rows = tx
            .query(
                &format!(
                    "SELECT pattern FROM loop_daily_spend
                      WHERE fleet = $1 AND day = {TODAY} AND ($2::text IS NULL OR pattern = $2)
                      ORDER BY pattern FOR UPDATE"
                ),
                &[&self.fleet(), &pattern],
            )
            .map_err(|e| self.db(e))?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Tokens added to today's cap of `pattern` by approved extensions.
    ///
    /// # Errors
    /// A database error.
    pub fn extension_today(&self, pattern: &str) -> Result<f64, PgError> {
        let mut c = self.client()?;
        let mut tx = c.transaction().map_err(|e| self.db(e))?;
        let x = extension_today(&mut tx, self.fleet(), pattern).map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))?;
        Ok(x)
    }

    /// Tokens spent today under `pattern` (0 without a row).
    ///
    /// # Errors
    /// A database error.
    pub fn today_total(&self, pattern: &str) -> Result<f64, PgError> {
        let mut c = self.client()?;
        let row = c
            .query_opt(
                &format!(
                    "SELECT spent FROM loop_daily_spend
                      WHERE fleet = $1 AND pattern = $2 AND day = {TODAY}"
                ),
                &[&self.fleet(), &pattern],
            )
            .map_err(|e| self.db(e))?;
        Ok(row.map_or(0.0, |r| r.get(0)))
    }
}

/// Creates today's row when missing and locks it (every change of the pattern waits here).
fn lock_today(
    tx: &mut Transaction<'_>,
    fleet: &str,
    pattern: &str,
    cap: Option<f64>,
) -> Result<(), postgres::Error> {
    tx.execute(
        &format!(
            "INSERT INTO loop_daily_spend (fleet, pattern, day, cap) VALUES ($1, $2, {TODAY}, $3)
             ON CONFLICT (fleet, pattern, day) DO NOTHING"
        ),
        &[&fleet, &pattern, &cap],
    )?;
    tx.execute(
        &format!(
            "UPDATE loop_daily_spend SET cap = coalesce($3, cap)
              WHERE fleet = $1 AND pattern = $2 AND day = {TODAY}"
        ),
        &[&fleet, &pattern, &cap],
    )?;
    Ok(())
}

/// Expires the open reservations of `pattern` past their time and releases what they held.
/// Runs with the pattern's row of today locked; rows of earlier days are released as well.
fn sweep(tx: &mut Transaction<'_>, fleet: &str, pattern: &str) -> Result<u64, postgres::Error> {
    tx.execute(
        "WITH gone AS (
             UPDATE loop_daily_reservations SET state = 'expired'
              WHERE fleet = $1 AND pattern = $2 AND state = 'open' AND expires_at < now()
          RETURNING day, amount),
         per_day AS (SELECT day, sum(amount) AS amount FROM gone GROUP BY day)
         UPDATE loop_daily_spend s SET reserved = greatest(s.reserved - p.amount, 0)
           FROM per_day p
          WHERE s.fleet = $1 AND s.pattern = $2 AND s.day = p.day",
        &[&fleet, &pattern],
    )
}

/// Tokens added to today's cap of `pattern` by approved extensions.
pub(crate) fn extension_today(
    tx: &mut Transaction<'_>,
    fleet: &str,
    pattern: &str,
) -> Result<f64, postgres::Error> {
    Ok(tx
        .query_one(
            &format!(
                "SELECT coalesce(sum(amount), 0) FROM loop_budget_extensions
                  WHERE fleet = $1 AND pattern = $2 AND day = {TODAY} AND state = 'approved'"
            ),
            &[&fleet, &pattern],
        )?
        .get(0))
}

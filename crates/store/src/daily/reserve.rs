//! Reservations of the file daily-spend store: budget held for an action in flight.
//!
//! [`DailySpend::reserve`] adds a reservation when `spent + reserved + amount <= cap` (every
//! open, unexpired reservation counts as reserved), all under the pattern's lock, so concurrent
//! loops on one machine never pass the cap together. [`DailySpend::settle`] replaces it by what
//! the action spent: the amount is added to today's spend once, and the reservation is gone. A
//! reservation never settled (its process died) expires after its time to live: it stops
//! holding budget; settling it later still adds what was spent, once. A new day drops yesterday's
//! reservations.

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{Value, json};

use super::{DailyError, DailySpend, State, validate_date};
use crate::atomic::{FileLock, lock_path_for, write_atomic};

/// The answer of a reservation.
#[derive(Debug, Clone, PartialEq)]
pub enum Reservation {
    /// Granted: settle it with this id.
    Granted {
        /// The reservation id.
        id: String,
        /// Spent + reserved after it.
        committed: f64,
    },
    /// Refused: it would pass the cap.
    Denied {
        /// Tokens spent today.
        spent: f64,
        /// Tokens held by open reservations.
        reserved: f64,
        /// The cap (extensions included, where the store has them).
        cap: f64,
    },
}

/// One reservation as stored: `{amount, expires_ms, state}`.
pub(super) struct Held {
    amount: f64,
    expires_ms: u64,
    open: bool,
}

impl Held {
    pub(super) fn from_value(v: &Value) -> Option<Self> {
        let amount = v
            .get("amount")?
            .as_f64()
            .filter(|a| a.is_finite() && *a >= 0.0)?;
        let expires_ms = v.get("expires_ms")?.as_u64()?;
        let open = match v.get("state")?.as_str()? {
            "open" => true,
            "expired" => false,
            _ => return None,
        };
        Some(Held {
            amount,
            expires_ms,
            open,
        })
    }
}

impl State {
    /// Marks reservations past their time expired; returns the tokens the open ones hold.
    fn sweep(&mut self, now_ms: u64) -> f64 {
        let mut reserved = 0.0;
        for v in self.reservations.values_mut() {
            let Some(h) = Held::from_value(v) else {
                continue;
            };
            if h.open && h.expires_ms <= now_ms {
                v["state"] = Value::from("expired");
            } else if h.open {
                reserved += h.amount;
            }
        }
        reserved
    }
}

fn bad(what: String) -> DailyError {
    DailyError::BadAmount(what)
}

fn new_id(now_ms: u64) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("{now_ms:x}-{:x}-{n:x}", std::process::id())
}

impl DailySpend {
    /// Runs `f` on today's state of `id` under its lock and writes the state back.
    fn update<T>(
        &self,
        id: &str,
        today: &str,
        f: impl FnOnce(&mut State) -> T,
    ) -> Result<T, DailyError> {
        let path = self.state_path(id)?;
        if !validate_date(today) {
            return Err(DailyError::BadDate(today.to_owned()));
        }
        let io_err = |path: &Path| {
            let path = path.to_path_buf();
            move |source| DailyError::Io { path, source }
        };
        fs::create_dir_all(&self.dir).map_err(io_err(&self.dir))?;
        let lock_path = lock_path_for(&path);
        let _lock = FileLock::acquire(&lock_path).map_err(io_err(&lock_path))?;
        let mut state = State::load(&path)?.unwrap_or_else(|| State::empty(today));
        state.roll_over(today);
        let out = f(&mut state);
        write_atomic(&path, state.to_text().as_bytes()).map_err(io_err(&path))?;
        Ok(out)
    }

    /// Reserves `amount` tokens of `today`'s budget of pattern `id` until `now_ms + ttl_ms`, if
    /// spent + reserved + amount stays within `cap`.
    ///
    /// # Errors
    /// A bad id, date, amount, cap or time to live (nothing is written), a corrupt state file, or
    /// an IO error.
    pub fn reserve(
        &self,
        id: &str,
        today: &str,
        now_ms: u64,
        amount: f64,
        cap: f64,
        ttl_ms: u64,
    ) -> Result<Reservation, DailyError> {
        if !(amount.is_finite() && amount >= 0.0 && cap.is_finite() && cap >= 0.0 && ttl_ms > 0) {
            return Err(bad(format!(
                "reservation of {amount} tokens under a cap of {cap} for {ttl_ms} ms: amount and cap must be finite numbers >= 0, the time > 0"
            )));
        }
        self.update(id, today, |state| {
            let reserved = state.sweep(now_ms);
            if state.total + reserved + amount > cap {
                return Reservation::Denied {
                    spent: state.total,
                    reserved,
                    cap,
                };
            }
            let rid = new_id(now_ms);
            state.reservations.insert(
                rid.clone(),
                json!({ "amount": amount, "expires_ms": now_ms.saturating_add(ttl_ms), "state": "open" }),
            );
            Reservation::Granted {
                id: rid,
                committed: state.total + reserved + amount,
            }
        })
    }

    /// Settles reservation `rid` of pattern `id` with the tokens `actual` really spent: they are
    /// added to today's spend and the reservation is gone. Returns whether this call settled it
    /// (false: already settled, or taken on another day).
    ///
    /// # Errors
    /// A bad id, date or amount, a corrupt state file, or an IO error.
    pub fn settle(
        &self,
        id: &str,
        today: &str,
        now_ms: u64,
        rid: &str,
        actual: f64,
    ) -> Result<bool, DailyError> {
        if !(actual.is_finite() && actual >= 0.0) {
            return Err(bad(format!(
                "settled amount {actual}: must be a finite number >= 0"
            )));
        }
        self.update(id, today, |state| {
            state.sweep(now_ms);
            if state.reservations.remove(rid).is_none() {
                return false;
            }
            state.total += actual;
            true
        })
    }

    /// Tokens held by open reservations of `today` and how many there are (for `loop budget
    /// status`); nothing is written.
    ///
    /// # Errors
    /// A bad id or date, a corrupt or unreadable file.
    pub fn reserved_today(
        &self,
        id: &str,
        today: &str,
        now_ms: u64,
    ) -> Result<(f64, usize), DailyError> {
        let path = self.state_path(id)?;
        if !validate_date(today) {
            return Err(DailyError::BadDate(today.to_owned()));
        }
        let Some(state) = State::load(&path)?.filter(|s| s.date == today) else {
            return Ok((0.0, 0));
        };
        let open: Vec<Held> = state
            .reservations
            .values()
            .filter_map(Held::from_value)
            .filter(|h| h.open && h.expires_ms > now_ms)
            .collect();
        Ok((open.iter().map(|h| h.amount).sum(), open.len()))
    }
}

/// Milliseconds since the Unix epoch, from the system clock.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The UTC day of `ms` since the epoch, `YYYY-MM-DD` (proleptic Gregorian calendar).
pub fn utc_day(ms: u64) -> String {
    // Days to civil date (H. Hinnant's algorithm), for days >= 0.
    let z = (ms / 86_400_000) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: &str = "2026-12-01";

    fn store() -> (tempfile::TempDir, DailySpend) {
        let d = tempfile::tempdir().unwrap();
        let s = DailySpend::new(d.path().join("state"));
        (d, s)
    }

    fn granted(r: Reservation) -> String {
        match r {
            Reservation::Granted { id, .. } => id,
            other => panic!("expected a grant, got {other:?}"),
        }
    }

    #[test]
    fn reservations_are_guarded_by_the_cap_and_settled_once() {
        let (_d, s) = store();
        let a = granted(s.reserve("p", DAY, 0, 600.0, 1000.0, 60_000).unwrap());
        // 600 held: 500 more would pass the cap of 1000.
        assert_eq!(
            s.reserve("p", DAY, 1, 500.0, 1000.0, 60_000).unwrap(),
            Reservation::Denied {
                spent: 0.0,
                reserved: 600.0,
                cap: 1000.0
            }
        );
        assert_eq!(s.reserved_today("p", DAY, 2).unwrap(), (600.0, 1));
        assert!(s.settle("p", DAY, 3, &a, 250.0).unwrap());
        assert!(!s.settle("p", DAY, 4, &a, 250.0).unwrap(), "settled once");
        assert_eq!(s.today_total("p", DAY).unwrap(), 250.0);
        assert_eq!(s.reserved_today("p", DAY, 5).unwrap(), (0.0, 0));
        // Now 750 fit exactly.
        granted(s.reserve("p", DAY, 6, 750.0, 1000.0, 60_000).unwrap());
    }

    #[test]
    fn an_unsettled_reservation_expires_and_a_late_settle_counts_once() {
        let (_d, s) = store();
        let a = granted(s.reserve("p", DAY, 0, 900.0, 1000.0, 1_000).unwrap());
        // After its time it holds nothing.
        let b = granted(s.reserve("p", DAY, 1_000, 900.0, 1000.0, 1_000).unwrap());
        assert_eq!(s.reserved_today("p", DAY, 1_500).unwrap(), (900.0, 1));
        assert!(s.settle("p", DAY, 1_600, &a, 100.0).unwrap());
        assert!(s.settle("p", DAY, 1_700, &b, 50.0).unwrap());
        assert_eq!(s.today_total("p", DAY).unwrap(), 150.0);
    }

    #[test]
    fn a_new_day_drops_the_reservations_and_bad_amounts_write_nothing() {
        let (d, s) = store();
        let a = granted(s.reserve("p", DAY, 0, 10.0, 100.0, 60_000).unwrap());
        assert!(!s.settle("p", "2026-12-02", 1, &a, 10.0).unwrap());
        assert_eq!(s.today_total("p", "2026-12-02").unwrap(), 0.0);
        for (amount, cap, ttl) in [(-1.0, 1.0, 1), (f64::NAN, 1.0, 1), (1.0, 1.0, 0)] {
            assert!(matches!(
                s.reserve("q", DAY, 0, amount, cap, ttl),
                Err(DailyError::BadAmount(_))
            ));
        }
        assert!(!d.path().join("state/daily-spend.q.json").exists());
    }

    #[test]
    fn the_state_file_keeps_the_reference_keys() {
        let (d, s) = store();
        let a = granted(s.reserve("p", DAY, 0, 10.0, 100.0, 60_000).unwrap());
        s.settle("p", DAY, 1, &a, 7.0).unwrap();
        let v: Value =
            serde_json::from_slice(&fs::read(d.path().join("state/daily-spend.p.json")).unwrap())
                .unwrap();
        assert_eq!(v["date"], DAY);
        assert_eq!(v["tokensUsedToday"], 7);
        assert!(v.get("reservations").is_none(), "settled ones are gone");
    }

    #[test]
    fn utc_days() {
        assert_eq!(utc_day(0), "1970-01-01");
        assert_eq!(utc_day(951_782_400_000), "2000-02-29");
        assert_eq!(utc_day(1_796_083_200_000 + 86_399_999), "2026-12-01");
    }
}

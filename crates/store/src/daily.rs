//! The daily-spend store behind `--daily-budget-from-pattern`: tokens spent today by every loop
//! of one pattern, shared by concurrent processes.
//!
//! `<dir>/daily-spend.<id>.json` keeps the reference tool's two keys (`date`, `tokensUsedToday`)
//! so either tool can read it, plus `ledgers`: for each ledger, how many of its attempts were
//! already counted and a fingerprint of the last one. A check therefore adds exactly the attempts
//! appended since the previous check (all of them, not only the newest) and re-checking an
//! unchanged ledger adds nothing. A ledger that got shorter, or whose last counted attempt
//! changed, is a new ledger and is counted from its start.
//!
//! Guarantees: the read-modify-write runs under an exclusive OS lock on
//! `<dir>/.daily-spend.<id>.json.lock` (released by the OS if the process dies), the file is
//! replaced atomically (temp file, fsync, rename), the pattern id is checked before anything is
//! created, and a corrupt file is an error naming it, never a silent reset. A file dated another
//! day counts as zero tokens; the ledger marks of the last active day are kept so an attempt
//! counted before midnight is not counted again after it.
//!
//! `reservations` (see [`reserve`]) hold budget for an action in flight (a model call of
//! `loop run`): reserved before it, settled with what it spent after it, expired when never
//! settled.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::atomic::{FileLock, lock_path_for, write_atomic};

pub mod reserve;

/// Why the daily spend could not be recorded.
#[derive(Debug, thiserror::Error)]
pub enum DailyError {
    /// The pattern id cannot name a file inside the state directory.
    #[error(
        "invalid pattern id {0:?} for the daily budget: use ASCII letters, digits, '.', '_' and '-', starting with a letter or digit (at most 128)"
    )]
    BadPatternId(String),
    /// `today` is not `YYYY-MM-DD`.
    #[error("invalid date {0:?}: expected YYYY-MM-DD")]
    BadDate(String),
    /// An attempt's token count is negative or not finite.
    #[error("attempt #{index} has an invalid token count {value} (must be a finite number >= 0)")]
    BadTokens {
        /// 1-based attempt index.
        index: usize,
        /// The value.
        value: f64,
    },
    /// A reservation's amount, cap or time to live, or a settled amount, is not valid.
    #[error("invalid daily-budget reservation: {0}")]
    BadAmount(String),
    /// The state file exists but is not a valid daily-spend document.
    #[error("daily-spend state file {}: {problem}", path.display())]
    Corrupt {
        /// The state file.
        path: PathBuf,
        /// What is wrong with it.
        problem: String,
    },
    /// Reading, locking or writing failed.
    #[error("daily-spend state file {}: {source}", path.display())]
    Io {
        /// The file involved.
        path: PathBuf,
        /// The OS error.
        source: io::Error,
    },
}

/// One attempt as the daily store sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttemptSpend {
    /// Tokens it used (missing counts 0).
    pub tokens: f64,
    /// A stable fingerprint of the attempt (see [`fingerprint`]).
    pub fingerprint: u64,
}

/// The result of [`DailySpend::record`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recorded {
    /// Tokens recorded for today, this check included.
    pub total: f64,
    /// Tokens this check added.
    pub added: f64,
    /// Attempts this check counted.
    pub new_attempts: usize,
}

/// 64-bit FNV-1a of `bytes`: stable across processes, platforms and versions.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Checks that `id` is safe as part of a file name (the check runs before anything is written).
///
/// # Errors
/// [`DailyError::BadPatternId`].
pub fn validate_pattern_id(id: &str) -> Result<(), DailyError> {
    let ok = !id.is_empty()
        && id.len() <= 128
        && id.as_bytes()[0].is_ascii_alphanumeric()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if ok {
        Ok(())
    } else {
        Err(DailyError::BadPatternId(id.to_owned()))
    }
}

fn validate_date(d: &str) -> bool {
    let b = d.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

/// The daily-spend files of one state directory.
#[derive(Debug, Clone)]
pub struct DailySpend {
    dir: PathBuf,
}

impl DailySpend {
    /// A store in `dir` (created on the first [`record`](Self::record)).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// `<dir>/daily-spend.<id>.json`.
    ///
    /// # Errors
    /// [`DailyError::BadPatternId`].
    pub fn state_path(&self, id: &str) -> Result<PathBuf, DailyError> {
        validate_pattern_id(id)?;
        Ok(self.dir.join(format!("daily-spend.{id}.json")))
    }

    /// Tokens recorded for `today` (0 when there is no file or it is dated another day).
    ///
    /// # Errors
    /// A bad id or date, a corrupt or unreadable file.
    pub fn today_total(&self, id: &str, today: &str) -> Result<f64, DailyError> {
        let path = self.state_path(id)?;
        if !validate_date(today) {
            return Err(DailyError::BadDate(today.to_owned()));
        }
        Ok(State::load(&path)?.map_or(0.0, |s| if s.date == today { s.total } else { 0.0 }))
    }

    /// Adds the attempts of `ledger_key` not counted yet and returns today's total.
    ///
    /// `ledger_key` identifies the ledger (its canonical path, say); `attempts` is the whole
    /// ledger, oldest first. Runs under the pattern's exclusive lock.
    ///
    /// # Errors
    /// A bad id, date or token count (nothing is written), a corrupt state file (left as it is),
    /// or an IO error.
    pub fn record(
        &self,
        id: &str,
        today: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
    ) -> Result<Recorded, DailyError> {
        self.record_with_hook(id, today, ledger_key, attempts, || {})
    }

    /// [`record`](Self::record), calling `while_locked` after the state was read and before the
    /// new state is written, with the lock held (crash tests kill the process there).
    ///
    /// # Errors
    /// As [`record`](Self::record).
    pub fn record_with_hook(
        &self,
        id: &str,
        today: &str,
        ledger_key: &str,
        attempts: &[AttemptSpend],
        while_locked: impl FnOnce(),
    ) -> Result<Recorded, DailyError> {
        let path = self.state_path(id)?;
        if !validate_date(today) {
            return Err(DailyError::BadDate(today.to_owned()));
        }
        if let Some((i, a)) = attempts
            .iter()
            .enumerate()
            .find(|(_, a)| !a.tokens.is_finite() || a.tokens < 0.0)
        {
            return Err(DailyError::BadTokens {
                index: i + 1,
                value: a.tokens,
            });
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
        let entry = state
            .ledgers
            .get(ledger_key)
            .and_then(LedgerMark::from_value);
        let start = match entry {
            Some(m)
                if m.counted <= attempts.len()
                    && (m.counted == 0 || attempts[m.counted - 1].fingerprint == m.last) =>
            {
                m.counted
            }
            _ => 0,
        };
        let fresh = &attempts[start..];
        let added: f64 = fresh.iter().map(|a| a.tokens).sum();
        state.total += added;
        let last = attempts.last().map_or(0, |a| a.fingerprint);
        state.ledgers.insert(
            ledger_key.to_owned(),
            json!({ "counted": attempts.len(), "last": format!("{last:016x}"), "seen": today }),
        );
        while_locked();
        write_atomic(&path, state.to_text().as_bytes()).map_err(io_err(&path))?;
        Ok(Recorded {
            total: state.total,
            added,
            new_attempts: fresh.len(),
        })
    }
}

struct LedgerMark {
    counted: usize,
    last: u64,
}

impl LedgerMark {
    fn from_value(v: &Value) -> Option<Self> {
        let counted = usize::try_from(v.get("counted")?.as_u64()?).ok()?;
        let last = u64::from_str_radix(v.get("last")?.as_str()?, 16).ok()?;
        Some(Self { counted, last })
    }
}

struct State {
    date: String,
    total: f64,
    ledgers: Map<String, Value>,
    /// Reservations of today: id -> `{amount, expires_ms, state}` (see [`reserve`]).
    reservations: Map<String, Value>,
}

impl State {
    fn empty(today: &str) -> Self {
        Self {
            date: today.to_owned(),
            total: 0.0,
            ledgers: Map::new(),
            reservations: Map::new(),
        }
    }

    /// `None` when the file does not exist.
    fn load(path: &Path) -> Result<Option<Self>, DailyError> {
        let bytes = match fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(DailyError::Io {
                    path: path.to_path_buf(),
                    source,
                });
            }
        };
        let corrupt = |problem: String| DailyError::Corrupt {
            path: path.to_path_buf(),
            problem,
        };
        let text = std::str::from_utf8(&bytes).map_err(|_| corrupt("not UTF-8 text".into()))?;
        let v: Value =
            serde_json::from_str(text).map_err(|e| corrupt(format!("not valid JSON ({e})")))?;
        let Value::Object(mut obj) = v else {
            return Err(corrupt(
                "expected a JSON object with `date` and `tokensUsedToday`".into(),
            ));
        };
        let date = match obj.get("date") {
            Some(Value::String(s)) if validate_date(s) => s.clone(),
            Some(other) => {
                return Err(corrupt(format!(
                    "`date` must be a YYYY-MM-DD string; got {other}"
                )));
            }
            None => return Err(corrupt("`date` is missing".into())),
        };
        let total = match obj.get("tokensUsedToday") {
            Some(Value::Number(n)) => match n.as_f64() {
                Some(t) if t.is_finite() && t >= 0.0 => t,
                _ => {
                    return Err(corrupt(format!(
                        "`tokensUsedToday` must be a number >= 0; got {n}"
                    )));
                }
            },
            Some(other) => {
                return Err(corrupt(format!(
                    "`tokensUsedToday` must be a number; got {other}"
                )));
            }
            None => return Err(corrupt("`tokensUsedToday` is missing".into())),
        };
        let ledgers = match obj.remove("ledgers") {
            None => Map::new(),
            Some(Value::Object(m)) => {
                if let Some((k, _)) = m.iter().find(|(_, v)| LedgerMark::from_value(v).is_none()) {
                    return Err(corrupt(format!(
                        "`ledgers[{k:?}]` must be {{counted, last, seen}}"
                    )));
                }
                m
            }
            Some(_) => return Err(corrupt("`ledgers` must be an object".into())),
        };
        let reservations = match obj.remove("reservations") {
            None => Map::new(),
            Some(Value::Object(m)) => {
                if let Some((k, _)) = m
                    .iter()
                    .find(|(_, v)| reserve::Held::from_value(v).is_none())
                {
                    return Err(corrupt(format!(
                        "`reservations[{k:?}]` must be {{amount, expires_ms, state}}"
                    )));
                }
                m
            }
            Some(_) => return Err(corrupt("`reservations` must be an object".into())),
        };
        Ok(Some(Self {
            date,
            total,
            ledgers,
            reservations,
        }))
    }

    /// A file dated another day starts from zero; only the ledger marks seen on its day are kept.
    fn roll_over(&mut self, today: &str) {
        if self.date == today {
            return;
        }
        let last_day = std::mem::replace(&mut self.date, today.to_owned());
        self.total = 0.0;
        // Yesterday's reservations hold nothing today; a late settle of one adds nothing.
        self.reservations.clear();
        self.ledgers
            .retain(|_, v| v.get("seen").and_then(Value::as_str) == Some(last_day.as_str()));
    }

    fn to_text(&self) -> String {
        let total = if self.total.fract() == 0.0 && self.total < 9_007_199_254_740_992.0 {
            // Whole numbers print without a fraction, as JavaScript prints them.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Value::from(self.total as u64)
        } else {
            Value::from(self.total)
        };
        let mut obj = Map::new();
        obj.insert("date".into(), Value::from(self.date.clone()));
        obj.insert("tokensUsedToday".into(), total);
        obj.insert("ledgers".into(), Value::Object(self.ledgers.clone()));
        if !self.reservations.is_empty() {
            obj.insert(
                "reservations".into(),
                Value::Object(self.reservations.clone()),
            );
        }
        serde_json::to_string_pretty(&Value::Object(obj)).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;

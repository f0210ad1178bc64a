//! Session events of `loop run` as rows numbered per session: [`PgStore::append_event`] inserts
//! event `seq` in one transaction that checks it is the next one, so two writers cannot both
//! append event `n` and a resumed run on another machine continues exactly where the log ends.

use crate::{PgError, PgStore};

impl PgStore {
    /// Creates session `id`; false when it exists already.
    ///
    /// # Errors
    /// A database error.
    pub fn create_session(&self, id: &str) -> Result<bool, PgError> {
        let mut c = self.client()?;
        let n = c
            .execute(
                "INSERT INTO loop_sessions (fleet, id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&self.fleet(), &id],
            )
            .map_err(|e| self.db(e))?;
        Ok(n == 1)
    }

    /// Appends `event` (its JSON text) as number `seq` (from 0) of session `id`.
    ///
    /// # Errors
    /// `seq` is not the next number (another writer appended, or the log is not what the caller
    /// loaded), the session does not exist, or a database error.
    pub fn append_event(&self, id: &str, seq: i64, event: &str) -> Result<(), PgError> {
        let fleet = self.fleet();
        let mut c = self.client()?;
        let mut tx = c.transaction().map_err(|e| self.db(e))?;
        let locked = tx
            .query_opt(
                "SELECT 1 FROM loop_sessions WHERE fleet = $1 AND id = $2 FOR UPDATE",
                &[&fleet, &id],
            )
            .map_err(|e| self.db(e))?;
        if locked.is_none() {
            return Err(self.invalid(format!("no session {id:?} in fleet {fleet:?}")));
        }
        let next: i64 = tx
            .query_one(
                "SELECT coalesce(max(seq) + 1, 0) FROM loop_session_events
                  WHERE fleet = $1 AND session = $2",
                &[&fleet, &id],
            )
            .map_err(|e| self.db(e))?
            .get(0);
        if next != seq {
            return Err(self.invalid(format!(
                "session {id:?}: event {seq} appended but the log's next event is {next} (another writer?)"
            )));
        }
        tx.execute(
            "INSERT INTO loop_session_events (fleet, session, seq, event) VALUES ($1, $2, $3, $4)",
            &[&fleet, &id, &seq, &event],
        )
        .map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))
    }

    /// Every event of session `id` (JSON text), oldest first; `None` when there is no session.
    ///
    /// # Errors
    /// A database error.
    pub fn load_events(&self, id: &str) -> Result<Option<Vec<String>>, PgError> {
        let fleet = self.fleet();
        let mut c = self.client()?;
        let exists = c
            .query_opt(
                "SELECT 1 FROM loop_sessions WHERE fleet = $1 AND id = $2",
                &[&fleet, &id],
            )
            .map_err(|e| self.db(e))?;
        if exists.is_none() {
            return Ok(None);
        }
        let rows = c
            .query(
                "SELECT event FROM loop_session_events WHERE fleet = $1 AND session = $2 ORDER BY seq",
                &[&fleet, &id],
            )
            .map_err(|e| self.db(e))?;
        Ok(Some(rows.iter().map(|r| r.get(0)).collect()))
    }

    /// Session ids, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub fn list_session_ids(&self) -> Result<Vec<String>, PgError> {
        let mut c = self.client()?;
        let rows = c
            .query(
                "SELECT id FROM loop_sessions WHERE fleet = $1 ORDER BY created_at, id",
                &[&self.fleet()],
            )
            .map_err(|e| self.db(e))?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}

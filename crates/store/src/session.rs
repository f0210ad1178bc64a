//! Session logs: `<state>/sessions/<id>.jsonl`, one [`Event`] per line, append-only.
//!
//! Every append is written as one line and fsynced before [`SessionLog::append`] returns,
//! so a crash loses at most the event being written. On open, a torn last line (a write
//! cut short by a crash) is skipped and cut off the file, and every tool call without a
//! result gets a synthetic `interrupted` result that is appended to the log: the repair is
//! persisted, and a tool call is never run a second time. A process lock ([`ProcessLock`], not
//! inherited by children) keeps two processes from appending to the same session.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use loopwright_protocol::event::{Event, EventKind, Outcome};

use crate::process_lock::ProcessLock;
use loopwright_protocol::tool::{ToolResult, ToolStatus};

/// The observation given to a tool call that never got a result.
pub const INTERRUPTED_TEXT: &str = "interrupted: the run stopped before this tool call completed, \
and it was not run again. Check the state of the workspace before retrying it.";

/// The result given to a tool call that never got one (the run stopped first).
pub fn interrupted_result(call_id: String, name: String) -> ToolResult {
    ToolResult {
        call_id,
        name,
        status: ToolStatus::Interrupted,
        content: INTERRUPTED_TEXT.to_string(),
        exit_code: None,
        spill: None,
        raw_bytes: 0,
        duration_ms: 0,
    }
}

/// Errors of the session store.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// A file operation failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The session id is not a plain file name.
    #[error("invalid session id {0:?}: use letters, digits, '.', '-' and '_' only")]
    InvalidId(String),
    /// No log for this id.
    #[error("no session {id:?} in {dir}")]
    NotFound {
        /// The id.
        id: String,
        /// The sessions directory searched.
        dir: PathBuf,
    },
    /// A log with this id already exists.
    #[error("session {0:?} already exists")]
    Exists(String),
    /// Another process holds the session's lock.
    #[error("session {0:?} is in use by another process")]
    Busy(String),
    /// A line other than the last one is not a valid event.
    #[error("{path}:{line}: not a session event: {message}")]
    Corrupt {
        /// The log.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// Parser message.
        message: String,
    },
    /// The log has no `session_start` event.
    #[error("{0}: empty session log")]
    Empty(PathBuf),
    /// An event could not be serialized.
    #[error("cannot serialize event: {0}")]
    Serialize(String),
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> SessionError + '_ {
    move |source| SessionError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The result of parsing the bytes of a log.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// Every complete, valid event.
    pub events: Vec<Event>,
    /// Length in bytes of the valid prefix (the file is cut to this on repair).
    pub valid_len: usize,
    /// Bytes of a torn last line that were skipped (0 when the log ends cleanly).
    pub torn_bytes: usize,
}

/// Parses a log: every line must be an event, except a torn last line, which is skipped.
///
/// A last line is torn when it has no final newline, or does not parse. A bad line anywhere
/// else is an error, since skipping it would silently lose history.
pub fn parse_log(bytes: &[u8], path: &Path) -> Result<Parsed, SessionError> {
    let mut events = Vec::new();
    let mut pos = 0usize;
    let mut line_no = 0usize;
    while pos < bytes.len() {
        line_no += 1;
        let (line, next, complete) = match bytes[pos..].iter().position(|&b| b == b'\n') {
            Some(i) => (&bytes[pos..pos + i], pos + i + 1, true),
            None => (&bytes[pos..], bytes.len(), false),
        };
        let is_last = next >= bytes.len();
        if line.iter().all(u8::is_ascii_whitespace) && complete {
            pos = next;
            continue;
        }
        match serde_json::from_slice::<Event>(line) {
            Ok(ev) if complete => events.push(ev),
            Err(e) if !is_last => {
                return Err(SessionError::Corrupt {
                    path: path.to_path_buf(),
                    line: line_no,
                    message: e.to_string(),
                });
            }
            // The last line is torn: unterminated, or not a whole event.
            _ => {
                return Ok(Parsed {
                    events,
                    valid_len: pos,
                    torn_bytes: bytes.len() - pos,
                });
            }
        }
        pos = next;
    }
    Ok(Parsed {
        events,
        valid_len: bytes.len(),
        torn_bytes: 0,
    })
}

/// Tool calls of assistant events that have no `tool_result` yet, in order: `(call_id, name)`.
pub fn dangling_calls(events: &[Event]) -> Vec<(String, String)> {
    let answered: HashSet<&str> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolResult(r) => Some(r.call_id.as_str()),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for e in events {
        if let EventKind::Assistant { tool_calls, .. } = &e.kind {
            for c in tool_calls {
                if !answered.contains(c.id.as_str()) {
                    out.push((c.id.clone(), c.name.clone()));
                }
            }
        }
    }
    out
}

/// A short description of one stored session, for `loop sessions list`.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionInfo {
    /// Session id.
    pub id: String,
    /// The task.
    pub task: String,
    /// Start time, ms since the epoch.
    pub started_ms: u64,
    /// Number of events.
    pub events: usize,
    /// Number of assistant messages (model steps).
    pub steps: usize,
    /// How it ended; `None` while running, interrupted or crashed.
    pub outcome: Option<Outcome>,
    /// Why the log cannot be read (corrupt, empty), when it cannot: it is listed anyway.
    pub problem: Option<String>,
    /// The parent session, for a sub-agent.
    pub parent: Option<String>,
}

/// The directory of session logs under a state directory.
#[derive(Debug, Clone)]
pub struct FileSessionStore {
    dir: PathBuf,
}

fn check_id(id: &str) -> Result<(), SessionError> {
    let ok = !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    if ok {
        Ok(())
    } else {
        Err(SessionError::InvalidId(id.to_string()))
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

impl FileSessionStore {
    /// The store for `state_dir` (usually `<workspace>/.loop`); logs live in `state_dir/sessions`.
    pub fn new(state_dir: &Path) -> Self {
        FileSessionStore {
            dir: state_dir.join("sessions"),
        }
    }

    /// The sessions directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Path of the log of `id`.
    pub fn log_path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.jsonl"))
    }

    /// Path of a file beside the log, e.g. `sibling(id, "ledger.json")`.
    pub fn sibling(&self, id: &str, ext: &str) -> PathBuf {
        self.dir.join(format!("{id}.{ext}"))
    }

    /// Creates a new log whose first event is `start` (normally a `session_start`).
    pub fn create(&self, id: &str, start: EventKind) -> Result<SessionLog, SessionError> {
        check_id(id)?;
        fs::create_dir_all(&self.dir).map_err(io_err(&self.dir))?;
        let path = self.log_path(id);
        if path.exists() {
            return Err(SessionError::Exists(id.to_string()));
        }
        // The first line is written to a temporary file and linked into place, so a log
        // either does not exist or starts with a complete `session_start`.
        let first = Event {
            seq: 0,
            ts_ms: now_ms(),
            kind: start,
        };
        let mut line =
            serde_json::to_vec(&first).map_err(|e| SessionError::Serialize(e.to_string()))?;
        line.push(b'\n');
        let tmp = self
            .dir
            .join(format!(".{id}.jsonl.{}.tmp", std::process::id()));
        let written = (|| {
            let mut f = File::create(&tmp)?;
            f.write_all(&line)?;
            f.sync_all()
        })();
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(io_err(&tmp)(e));
        }
        let linked = fs::hard_link(&tmp, &path);
        let _ = fs::remove_file(&tmp);
        match linked {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(SessionError::Exists(id.to_string()));
            }
            Err(e) => return Err(io_err(&path)(e)),
        }
        // Make the new directory entry durable too.
        if let Ok(d) = File::open(&self.dir) {
            let _ = d.sync_all();
        }
        let file = OpenOptions::new()
            .append(true)
            .read(true)
            .open(&path)
            .map_err(io_err(&path))?;
        let lock = lock(&self.dir, id)?;
        Ok(SessionLog {
            _lock: lock,
            id: id.to_string(),
            path,
            file,
            events: vec![first],
            repaired: 0,
            torn_bytes: 0,
        })
    }

    /// Reads a log without changing it: events (a torn last line skipped) and the torn size.
    pub fn load(&self, id: &str) -> Result<Parsed, SessionError> {
        check_id(id)?;
        let path = self.log_path(id);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(SessionError::NotFound {
                    id: id.to_string(),
                    dir: self.dir.clone(),
                });
            }
            Err(e) => return Err(io_err(&path)(e)),
        };
        parse_log(&bytes, &path)
    }

    /// Opens a log for appending: takes its lock, cuts a torn last line off the file, and
    /// appends an `interrupted` result for every tool call that has none.
    pub fn open(&self, id: &str) -> Result<SessionLog, SessionError> {
        check_id(id)?;
        let path = self.log_path(id);
        let mut file = match OpenOptions::new().read(true).write(true).open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(SessionError::NotFound {
                    id: id.to_string(),
                    dir: self.dir.clone(),
                });
            }
            Err(e) => return Err(io_err(&path)(e)),
        };
        let lock = lock(&self.dir, id)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(io_err(&path))?;
        let parsed = parse_log(&bytes, &path)?;
        if parsed.events.is_empty() {
            return Err(SessionError::Empty(path));
        }
        if parsed.torn_bytes > 0 {
            file.set_len(parsed.valid_len as u64)
                .map_err(io_err(&path))?;
            file.sync_all().map_err(io_err(&path))?;
        }
        // Appends go to the end; the lock is held throughout, so no one else writes.
        file.seek(SeekFrom::End(0)).map_err(io_err(&path))?;
        let mut log = SessionLog {
            _lock: lock,
            id: id.to_string(),
            path,
            file,
            events: parsed.events,
            repaired: 0,
            torn_bytes: parsed.torn_bytes as u64,
        };
        for (call_id, name) in dangling_calls(&log.events) {
            log.append(EventKind::ToolResult(interrupted_result(call_id, name)))?;
            log.repaired += 1;
        }
        Ok(log)
    }

    /// Every session in the store, oldest first. A log that cannot be read is listed with its
    /// [`SessionInfo::problem`] (and the file's modification time as its start).
    pub fn list(&self) -> Result<Vec<SessionInfo>, SessionError> {
        let rd = match fs::read_dir(&self.dir) {
            Ok(rd) => rd,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_err(&self.dir)(e)),
        };
        let mut out = Vec::new();
        for entry in rd.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(id) = name.strip_suffix(".jsonl") else {
                continue;
            };
            match self.load(id) {
                Ok(parsed) => out.push(summarize(id, &parsed.events)),
                Err(e) => {
                    let mut info = summarize(id, &[]);
                    info.started_ms = entry
                        .metadata()
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                        .map_or(0, |d| d.as_millis() as u64);
                    info.problem = Some(e.to_string());
                    out.push(info);
                }
            }
        }
        out.sort_by(|a, b| (a.started_ms, &a.id).cmp(&(b.started_ms, &b.id)));
        Ok(out)
    }
}

/// Summarizes the events of one session.
pub fn summarize(id: &str, events: &[Event]) -> SessionInfo {
    let mut info = SessionInfo {
        id: id.to_string(),
        task: String::new(),
        started_ms: events.first().map_or(0, |e| e.ts_ms),
        events: events.len(),
        steps: 0,
        outcome: None,
        problem: events.is_empty().then(|| "the log is empty".to_string()),
        parent: None,
    };
    for e in events {
        match &e.kind {
            EventKind::SessionStart { task, .. } => info.task.clone_from(task),
            EventKind::Assistant { .. } => info.steps += 1,
            EventKind::End { outcome, .. } => info.outcome = Some(*outcome),
            EventKind::Resumed { .. } => info.outcome = None,
            EventKind::ChildOf { parent_id, .. } => info.parent = Some(parent_id.clone()),
            _ => {}
        }
    }
    info
}

/// Takes the session's lock (a [`ProcessLock`] on the sidecar `.<id>.lock`): `Busy` when
/// another process (or another log of this process) holds it. No grace period is needed: the
/// lock is not inherited by child processes, so it is free the moment its holder drops it or
/// dies.
fn lock(dir: &Path, id: &str) -> Result<ProcessLock, SessionError> {
    let path = dir.join(format!(".{id}.lock"));
    match ProcessLock::try_acquire(&path) {
        Ok(Some(l)) => Ok(l),
        Ok(None) => Err(SessionError::Busy(id.to_string())),
        Err(source) => Err(SessionError::Io { path, source }),
    }
}

/// An open, locked session log.
#[derive(Debug)]
pub struct SessionLog {
    _lock: ProcessLock,
    id: String,
    path: PathBuf,
    file: File,
    events: Vec<Event>,
    /// Dangling tool calls given an `interrupted` result when the log was opened.
    pub repaired: u32,
    /// Size of the torn last line cut off when the log was opened (0 if none).
    pub torn_bytes: u64,
}

impl SessionLog {
    /// Session id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Path of the log file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every event, oldest first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Appends one event, writes it as one line and fsyncs it before returning.
    pub fn append(&mut self, kind: EventKind) -> Result<&Event, SessionError> {
        self.write_event(kind, true)
    }

    /// Appends one event without waiting for the disk: for events whose loss in a crash is
    /// harmless (they are informational, like `tool_start`). The next [`SessionLog::append`]
    /// makes it durable too.
    pub fn append_unsynced(&mut self, kind: EventKind) -> Result<&Event, SessionError> {
        self.write_event(kind, false)
    }

    fn write_event(&mut self, kind: EventKind, sync: bool) -> Result<&Event, SessionError> {
        let seq = self.events.last().map_or(0, |e| e.seq + 1);
        let event = Event {
            seq,
            ts_ms: now_ms(),
            kind,
        };
        let mut line =
            serde_json::to_vec(&event).map_err(|e| SessionError::Serialize(e.to_string()))?;
        line.push(b'\n');
        self.file.write_all(&line).map_err(io_err(&self.path))?;
        if sync {
            self.file.sync_data().map_err(io_err(&self.path))?;
        }
        self.events.push(event);
        Ok(&self.events[self.events.len() - 1])
    }
}

impl crate::backend::SessionWriter for SessionLog {
    fn id(&self) -> &str {
        &self.id
    }

    fn events(&self) -> &[Event] {
        &self.events
    }

    fn append(&mut self, kind: EventKind) -> Result<&Event, SessionError> {
        self.write_event(kind, true)
    }

    fn append_unsynced(&mut self, kind: EventKind) -> Result<&Event, SessionError> {
        self.write_event(kind, false)
    }

    fn repaired(&self) -> u32 {
        self.repaired
    }

    fn torn_bytes(&self) -> u64 {
        self.torn_bytes
    }
}

impl crate::backend::SessionStore for FileSessionStore {
    fn create_session(
        &self,
        id: &str,
        start: EventKind,
    ) -> Result<Box<dyn crate::backend::SessionWriter>, SessionError> {
        Ok(Box::new(self.create(id, start)?))
    }

    fn open_session(
        &self,
        id: &str,
    ) -> Result<Box<dyn crate::backend::SessionWriter>, SessionError> {
        Ok(Box::new(self.open(id)?))
    }

    fn load_session(&self, id: &str) -> Result<Parsed, SessionError> {
        self.load(id)
    }

    fn list_sessions(&self) -> Result<Vec<SessionInfo>, SessionError> {
        self.list()
    }
}

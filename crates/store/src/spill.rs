//! Spill files: the full text of a tool output that was folded, capped or left out of the
//! model's context, written atomically under `.loop/spill/`. This is the only spill writer;
//! the pointer text the model reads is `loopwright_observe::Pointer`.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The default spill directory, relative to the working directory.
pub const DEFAULT_SPILL_DIR: &str = ".loop/spill";

/// Errors of the spill store.
#[derive(Debug, thiserror::Error)]
pub enum SpillError {
    /// A file system operation failed.
    #[error("{action} {path}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The path involved.
        path: PathBuf,
        /// The OS error.
        source: io::Error,
    },
    /// A spill file name is not a plain file name.
    #[error("invalid spill file name `{0}`")]
    BadName(String),
    /// A range argument is malformed.
    #[error(
        "invalid range `{0}`: expected A:B, A: or :B with non-negative integers (lines count from 1)"
    )]
    BadRange(String),
}

fn io_err<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> SpillError + 'a {
    move |source| SpillError::Io {
        action,
        path: path.to_path_buf(),
        source,
    }
}

/// A committed spill file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpillFile {
    /// Where it is.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Its number of lines (a last line without `\n` counts).
    pub lines: u64,
}

/// A directory of spill files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpillStore {
    dir: PathBuf,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

impl SpillStore {
    /// A store in `dir` (created on first write).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Starts a new spill file: bytes go to a temporary file in the store until
    /// [`SpillWriter::commit`] renames it into place.
    ///
    /// # Errors
    /// When the directory or the temporary file cannot be created.
    pub fn writer(&self) -> Result<SpillWriter, SpillError> {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        self.writer_named(&format!("{secs}-{}-{n}", std::process::id()))
    }

    /// Starts the spill file `<stem>.log` (e.g. a tool call id); committing replaces a file of
    /// that name. Bytes stream to a temporary file until [`SpillWriter::commit`]; a writer
    /// dropped without commit leaves nothing.
    ///
    /// # Errors
    /// When `stem` is not a plain file name, or the directory or temporary file cannot be created.
    pub fn writer_named(&self, stem: &str) -> Result<SpillWriter, SpillError> {
        if stem.is_empty() || stem.starts_with('.') || stem.contains(['/', '\\', '\0']) {
            return Err(SpillError::BadName(stem.to_owned()));
        }
        fs::create_dir_all(&self.dir).map_err(io_err("creating spill directory", &self.dir))?;
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = self
            .dir
            .join(format!(".{stem}.{}.{n}.tmp", std::process::id()));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(io_err("creating spill file", &tmp))?;
        Ok(SpillWriter {
            file: Some(io::BufWriter::with_capacity(1 << 16, file)),
            tmp,
            path: self.dir.join(format!("{stem}.log")),
            bytes: 0,
            newlines: 0,
            last: None,
        })
    }

    /// Writes `bytes` as the spill file `<stem>.log`.
    ///
    /// # Errors
    /// On any IO failure; nothing is left half-written.
    pub fn write_named(&self, stem: &str, bytes: &[u8]) -> Result<SpillFile, SpillError> {
        let mut w = self.writer_named(stem)?;
        w.write_all(bytes)
            .map_err(io_err("writing spill file", &w.tmp.clone()))?;
        w.commit()
    }

    /// Writes `bytes` as a new spill file.
    ///
    /// # Errors
    /// On any IO failure; nothing is left half-written.
    pub fn write(&self, bytes: &[u8]) -> Result<SpillFile, SpillError> {
        let mut w = self.writer()?;
        w.write_all(bytes)
            .map_err(io_err("writing spill file", &w.tmp.clone()))?;
        w.commit()
    }

    /// The committed spill files, oldest first (by name, which starts with the creation time).
    ///
    /// # Errors
    /// When the directory exists but cannot be read. A missing directory is an empty list.
    pub fn list(&self) -> Result<Vec<SpillFile>, SpillError> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_err("reading spill directory", &self.dir)(e)),
        };
        let mut out = Vec::new();
        for entry in entries {
            let entry = entry.map_err(io_err("reading spill directory", &self.dir))?;
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "log")
                || entry.file_name().to_string_lossy().starts_with('.')
            {
                continue;
            }
            let bytes = entry.metadata().map_err(io_err("reading", &path))?.len();
            let lines = count_file_lines(&path)?;
            out.push(SpillFile { path, bytes, lines });
        }
        out.sort_by_key(|f| sort_key(&f.path));
        Ok(out)
    }
}

/// Sorts `secs-pid-n.log` names numerically.
fn sort_key(path: &Path) -> (Vec<u64>, String) {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    (
        name.split('-')
            .map(|p| p.parse().unwrap_or(u64::MAX))
            .collect(),
        name,
    )
}

fn count_file_lines(path: &Path) -> Result<u64, SpillError> {
    let mut f = File::open(path).map_err(io_err("opening", path))?;
    let mut buf = vec![0u8; 1 << 16];
    let (mut newlines, mut last) = (0u64, None);
    loop {
        let n = f.read(&mut buf).map_err(io_err("reading", path))?;
        if n == 0 {
            break;
        }
        newlines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
        last = Some(buf[n - 1]);
    }
    Ok(lines_from(newlines, last))
}

fn lines_from(newlines: u64, last: Option<u8>) -> u64 {
    match last {
        Some(b'\n') | None => newlines,
        Some(_) => newlines + 1,
    }
}

/// A spill file being written (implements [`Write`]). Dropped without
/// [`commit`](Self::commit), its temporary file is removed.
#[derive(Debug)]
pub struct SpillWriter {
    file: Option<io::BufWriter<File>>,
    tmp: PathBuf,
    path: PathBuf,
    bytes: u64,
    newlines: u64,
    last: Option<u8>,
}

impl Write for SpillWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let f = self
            .file
            .as_mut()
            .ok_or_else(|| io::Error::other("spill writer already finished"))?;
        let n = f.write(buf)?;
        self.bytes += n as u64;
        self.newlines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
        if n > 0 {
            self.last = Some(buf[n - 1]);
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl SpillWriter {
    /// Bytes written so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Where the file will be once committed.
    pub fn final_path(&self) -> &Path {
        &self.path
    }

    /// The temporary file (complete once everything is written; readable before commit).
    pub fn temp_path(&self) -> &Path {
        &self.tmp
    }

    /// Flushes the buffered bytes to the temporary file (for reading it back before commit).
    ///
    /// # Errors
    /// On IO failure.
    pub fn sync(&mut self) -> Result<(), SpillError> {
        self.flush()
            .map_err(io_err("writing spill file", &self.tmp))
    }

    /// Flushes, fsyncs and renames the file into place.
    ///
    /// # Errors
    /// On IO failure (the temporary file is then removed).
    pub fn commit(mut self) -> Result<SpillFile, SpillError> {
        let result = (|| {
            let buffered = self
                .file
                .take()
                .ok_or_else(|| io::Error::other("spill writer already finished"))?;
            let file = buffered.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            drop(file);
            fs::rename(&self.tmp, &self.path)?;
            if let Some(dir) = self.path.parent()
                && let Ok(d) = File::open(dir)
            {
                let _ = d.sync_all();
            }
            Ok(())
        })();
        result.map_err(io_err("committing spill file", &self.path))?;
        Ok(SpillFile {
            path: self.path.clone(),
            bytes: self.bytes,
            lines: lines_from(self.newlines, self.last),
        })
    }
}

impl Drop for SpillWriter {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// A range of a spill file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// Lines `start..=end`, counted from 1 (`None`: from the first / to the last).
    Lines(Option<u64>, Option<u64>),
    /// Bytes `start..end`, counted from 0, end exclusive (`None`: from 0 / to the end).
    Bytes(Option<u64>, Option<u64>),
}

/// Parses `A:B`, `A:` or `:B` (also a single `A`, meaning `A:A`).
///
/// # Errors
/// [`SpillError::BadRange`] when the text is not of that form.
pub fn parse_range(text: &str) -> Result<(Option<u64>, Option<u64>), SpillError> {
    let bad = || SpillError::BadRange(text.to_owned());
    let num = |s: &str| -> Result<Option<u64>, SpillError> {
        let s = s.trim();
        if s.is_empty() {
            Ok(None)
        } else {
            s.parse().map(Some).map_err(|_| bad())
        }
    };
    match text.split_once(':') {
        Some((a, b)) => {
            let (a, b) = (num(a)?, num(b)?);
            if let (Some(a), Some(b)) = (a, b)
                && b < a
            {
                return Err(bad());
            }
            Ok((a, b))
        }
        None => {
            let a = num(text)?.ok_or_else(bad)?;
            Ok((Some(a), Some(a)))
        }
    }
}

/// Copies `range` of the file at `path` to `out`, streaming. A range past the end yields what
/// exists (possibly nothing).
///
/// # Errors
/// When the file cannot be read or `out` cannot be written.
pub fn read_range(path: &Path, range: Range, out: &mut dyn Write) -> Result<u64, SpillError> {
    let file = File::open(path).map_err(io_err("opening", path))?;
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let write_err = |e: io::Error| SpillError::Io {
        action: "writing output for",
        path: path.to_path_buf(),
        source: e,
    };
    match range {
        Range::Bytes(start, end) => {
            let start = start.unwrap_or(0);
            reader
                .seek(SeekFrom::Start(start))
                .map_err(io_err("seeking", path))?;
            let mut limited: Box<dyn Read> = match end {
                Some(end) => Box::new(reader.take(end.saturating_sub(start))),
                None => Box::new(reader),
            };
            io::copy(&mut limited, out).map_err(write_err)
        }
        Range::Lines(start, end) => {
            let start = start.unwrap_or(1).max(1);
            let end = end.unwrap_or(u64::MAX);
            let mut line = Vec::new();
            let mut no = 0u64;
            let mut written = 0u64;
            while no < end {
                line.clear();
                let n = reader
                    .read_until(b'\n', &mut line)
                    .map_err(io_err("reading", path))?;
                if n == 0 {
                    break;
                }
                no += 1;
                if no >= start {
                    out.write_all(&line).map_err(write_err)?;
                    written += n as u64;
                }
            }
            Ok(written)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_list_and_read_ranges() {
        let dir = tempfile::tempdir().unwrap();
        let store = SpillStore::new(dir.path().join("spill"));
        assert!(store.list().unwrap().is_empty());
        let f = store.write(b"one\ntwo\nthree").unwrap();
        assert_eq!((f.bytes, f.lines), (13, 3));
        assert_eq!(store.list().unwrap(), vec![f.clone()]);
        let read = |r| {
            let mut v = Vec::new();
            read_range(&f.path, r, &mut v).unwrap();
            String::from_utf8(v).unwrap()
        };
        assert_eq!(read(Range::Lines(Some(2), Some(3))), "two\nthree");
        assert_eq!(read(Range::Lines(None, Some(1))), "one\n");
        assert_eq!(read(Range::Lines(Some(9), None)), "");
        assert_eq!(read(Range::Bytes(Some(4), Some(7))), "two");
        assert_eq!(read(Range::Bytes(Some(8), None)), "three");
        let g = store.write_named("call_1", b"x").unwrap();
        assert_eq!(g.path, dir.path().join("spill/call_1.log"));
        assert!(store.writer_named("../x").is_err());
    }

    #[test]
    fn dropped_writer_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let store = SpillStore::new(dir.path());
        let mut w = store.writer().unwrap();
        w.write_all(b"partial").unwrap();
        drop(w);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn ranges_parse() {
        assert_eq!(parse_range("3:9").unwrap(), (Some(3), Some(9)));
        assert_eq!(parse_range(":9").unwrap(), (None, Some(9)));
        assert_eq!(parse_range("4:").unwrap(), (Some(4), None));
        assert_eq!(parse_range("7").unwrap(), (Some(7), Some(7)));
        assert!(parse_range("9:3").is_err());
        assert!(parse_range("x:3").is_err());
        assert!(parse_range("").is_err());
    }
}
